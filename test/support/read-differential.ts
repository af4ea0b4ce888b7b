// The two reads the differential tests of the workers' readers compare (test/dedupe/read-parquet.test.ts,
// read-warc.test.ts): the streamed read, every file read and batched on the main thread by a one-thread analyzer,
// against the run's own read, on the workers of an analyzer of any thread count; and for each, what it gives
// downstream (analysis-runs.ts): the documents and reports, and the groups, clusters file and kept corpus. Their
// fixture too: a scratch folder, a fresh folder for each run's outputs, and analyzers at 1, 2 and 3 threads.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { AnalyzedBatch } from '../../packages/corpus/src/analysis/analyze-document.js';
import { createAnalyzer, type Analyzer } from '../../packages/corpus/src/analysis/analyzer.js';
import { BoilerplateSample } from '../../packages/corpus/src/analysis/boilerplate-sample.js';
import { analyzeInOrder } from '../../packages/corpus/src/analysis/in-order.js';
import { startAnalysis, type AnalysisOptions } from '../../packages/corpus/src/analysis/read-and-analyze.js';
import { htmlExtractor, readDocumentBatches, walkInputs, type WalkEntry } from '../../packages/corpus/src/io/index.js';
import { collectRun, groupedOutputs, noting } from './analysis-runs.js';

export type ReadOptions = Omit<AnalysisOptions, 'shingle' | 'engine' | 'threads'>;

/** Where a run's outputs go: a fresh directory, and whether a Parquet kept corpus is written too. */
export interface ReadOutputs {
  readonly dir: string;
  readonly parquet: boolean;
}

export async function arrayOf<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** A run's analysis (collectRun) and what dedupe makes of it. */
async function results(batches: AnalyzedBatch[], notes: string[][], sample: BoilerplateSample, entries: readonly WalkEntry[], options: ReadOptions, { dir, parquet }: ReadOutputs) {
  const { result, ranged } = await collectRun((async function* () { yield* batches; })(), notes, sample);
  return { analysis: result, ranged, outputs: await groupedOutputs(batches, { options, entries, sample, parquet, dir }) };
}

/** The streamed read: every file read and batched on the main thread, analysed by `oneThread`. */
export async function streamedRead(inputs: string[], options: ReadOptions, oneThread: Analyzer, outputs: ReadOutputs) {
  const entries = await arrayOf(walkInputs(inputs, options));
  const notes: string[][] = [];
  const sample = new BoilerplateSample();
  const events = readDocumentBatches(entries, new PassThrough(), options);
  const batches = await arrayOf(analyzeInOrder(events, oneThread, noting(notes), { fingerprintsOnly: false, sample, extractor: htmlExtractor(options.html) }));
  return results(batches, notes, sample, entries, options, outputs);
}

/** The run's own read, by `analyzer`'s threads (its workers read what they read themselves), ranges of `rangeBytes`. */
export async function workersRead(inputs: string[], options: ReadOptions, analyzer: Analyzer, rangeBytes: number | undefined, outputs: ReadOutputs) {
  const notes: string[][] = [];
  const run = await startAnalysis(inputs, new PassThrough(), { ...options, shingle: 3, engine: 'wasm', threads: analyzer.threads, rangeBytes }, noting(notes), analyzer);
  const batches = await arrayOf(run.batches());
  return results(batches, notes, run.sample!, run.entries, options, outputs);
}

/** A differential test's files under `root`, and its analyzers: start() in beforeAll, end() in afterAll. */
export function readFixture(prefix: string) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const at = (name: string) => join(root, name);
  const analyzers = new Map<number, Analyzer>();
  let runs = 0;
  /** A fresh folder for one run's outputs. */
  const fresh = () => {
    const dir = at(`out-${++runs}`);
    mkdirSync(dir);
    return dir;
  };
  return {
    root,
    at,
    /** The analyzer of `threads` threads (1, 2 or 3). */
    analyzer: (threads: number) => analyzers.get(threads)!,
    /** The streamed read, its outputs in a fresh folder. */
    streamed: (inputs: string[], options: ReadOptions, parquet: boolean) => streamedRead(inputs, options, analyzers.get(1)!, { dir: fresh(), parquet }),
    /** The read of `analyzer` (the fixture's, or one that counts its tasks), its outputs in a fresh folder. */
    onWorkers: (inputs: string[], options: ReadOptions, analyzer: Analyzer, rangeBytes: number | undefined, parquet: boolean) => workersRead(inputs, options, analyzer, rangeBytes, { dir: fresh(), parquet }),
    async start() {
      for (const threads of [1, 2, 3]) analyzers.set(threads, await createAnalyzer({ threads, engine: 'wasm', shingle: 3 }));
    },
    async end() {
      for (const analyzer of analyzers.values()) await analyzer.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
