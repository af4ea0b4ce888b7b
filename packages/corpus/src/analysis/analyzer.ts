// analyze() on a worker pool, or in this thread when one thread is asked for (no start-up cost, same bits).
import type { EngineName, TermWeights, Tokenization } from 'simhash-wasm';
import { findWorkerScript, localPool, prepareTasks, searchOnPool, WorkerPool, type IndexSearch } from 'simhash-wasm/internal/pool';
import type { AnalyzeInput, Analysis, AnalyzeOptions } from './analyze-document.js';
import { analysisTask } from './task.js';
import { rangeTask, type RangeTaskInput, type RangeTaskResult } from './range-task.js';
import { fileTask, type FileTaskInput, type FileTaskResult } from './file-task.js';
import { recordSetsTask, type RecordSetsInput, type RecordSetsResult } from './record-sets-task.js';
import { parquetTask, type ParquetTaskInput } from './parquet-task.js';
import { warcTask, type WarcTaskInput } from './warc-task.js';

export interface Analyzer {
  readonly version: string;
  readonly threads: number;
  analyze(inputs: readonly AnalyzeInput[], options?: AnalyzeOptions): Promise<Analysis>;
  /** A byte range of a plain JSONL file, read and analysed where the analysis runs (range-task.ts). */
  analyzeRange(range: RangeTaskInput): Promise<RangeTaskResult>;
  /** Files that are one document each, read, decoded and analysed where the analysis runs (file-task.ts). */
  analyzeFiles(files: FileTaskInput): Promise<FileTaskResult>;
  /** A span of a Parquet file's rows, read and analysed where the analysis runs (parquet-task.ts). */
  analyzeRows(rows: ParquetTaskInput): Promise<RangeTaskResult>;
  /** A span of a plain WARC file's records, read and analysed where the analysis runs (warc-task.ts). */
  analyzeWarc(records: WarcTaskInput): Promise<RangeTaskResult>;
  /** The verification's sets of JSONL records read back, where the analysis runs (record-sets-task.ts). */
  recordSets(records: RecordSetsInput): Promise<RecordSetsResult>;
  /** The index search on the workers (pairs-search.ts); undefined in one thread. */
  readonly search: IndexSearch | undefined;
  close(): Promise<void>;
}

export interface AnalyzerOptions {
  readonly threads: number;
  readonly engine: EngineName;
  readonly shingle: number;
  readonly tokens?: Tokenization;
  /** Sublinear term weights ('tf', the default, when absent). */
  readonly termWeights?: TermWeights;
}

export async function createAnalyzer(options: AnalyzerOptions): Promise<Analyzer> {
  const setup = { engine: options.engine, shingle: options.shingle, tokens: options.tokens, termWeights: options.termWeights };
  const local = await prepareTasks(setup, [analysisTask, rangeTask, fileTask, parquetTask, warcTask, recordSetsTask]); // checks the options, and names the pipeline version
  const workers = options.threads === 1 ? undefined : await WorkerPool.start(options.threads, setup, findWorkerScript(import.meta.url, { built: 'analysis-worker.js', source: './worker.ts' }));
  const pool = workers ?? localPool(local);
  return {
    version: local.hasher.version,
    threads: pool.threads,
    analyze: (inputs, options = {}) => pool.run(analysisTask, { inputs, ...options }),
    analyzeRange: (range) => pool.run(rangeTask, range),
    analyzeFiles: (files) => pool.run(fileTask, files),
    analyzeRows: (rows) => pool.run(parquetTask, rows),
    analyzeWarc: (records) => pool.run(warcTask, records),
    recordSets: (records) => pool.run(recordSetsTask, records),
    search: workers === undefined ? undefined : searchOnPool(workers),
    close: () => pool.close(),
  };
}
