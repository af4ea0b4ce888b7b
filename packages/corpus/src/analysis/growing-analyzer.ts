// An analyzer for input of unknown size (stdin) when --threads was not given: it starts in this thread, where small
// inputs are fastest (starting workers costs about 100 ms), and moves to a pool of workers once enough text has gone
// through to pay for them (characters of texts, or bytes of the JSONL ranges, blocks, whole files, Parquet rows and WARC records it reads). Batches keep their order
// either way: the caller hands results out in input order.
import type { IndexSearch } from 'simhash-wasm/internal/pool';
import { createAnalyzer, type Analyzer, type AnalyzerOptions } from './analyzer.js';

export async function createGrowingAnalyzer(options: AnalyzerOptions, thresholdChars: number): Promise<Analyzer> {
  const local = await createAnalyzer({ ...options, threads: 1 });
  let pool: Promise<Analyzer> | undefined;
  let seen = 0;
  return {
    version: local.version,
    get threads() {
      return pool === undefined ? 1 : options.threads;
    },
    get search(): IndexSearch | undefined {
      const grown = pool;
      return grown === undefined ? undefined : {
        pairs: async (index, k) => (await grown).search!.pairs(index, k),
        queryMany: async (index, fingerprints, k) => (await grown).search!.queryMany(index, fingerprints, k),
      };
    },
    analyze(inputs, analyzeOptions) {
      for (const input of inputs) seen += input.text.length;
      if (pool === undefined && seen >= thresholdChars) pool = createAnalyzer(options);
      return pool === undefined ? local.analyze(inputs, analyzeOptions) : pool.then((p) => p.analyze(inputs, analyzeOptions));
    },
    analyzeRange(range) {
      seen += range.block?.length ?? range.end - range.start;
      if (pool === undefined && seen >= thresholdChars) pool = createAnalyzer(options);
      return pool === undefined ? local.analyzeRange(range) : pool.then((p) => p.analyzeRange(range));
    },
    analyzeFiles(files) {
      seen += files.bytes;
      if (pool === undefined && seen >= thresholdChars) pool = createAnalyzer(options);
      return pool === undefined ? local.analyzeFiles(files) : pool.then((p) => p.analyzeFiles(files));
    },
    analyzeRows(rows) {
      seen += rows.span.bytes;
      if (pool === undefined && seen >= thresholdChars) pool = createAnalyzer(options);
      return pool === undefined ? local.analyzeRows(rows) : pool.then((p) => p.analyzeRows(rows));
    },
    analyzeWarc(records) {
      seen += records.span.end - records.span.start;
      if (pool === undefined && seen >= thresholdChars) pool = createAnalyzer(options);
      return pool === undefined ? local.analyzeWarc(records) : pool.then((p) => p.analyzeWarc(records));
    },
    recordSets(records) {
      return pool === undefined ? local.recordSets(records) : pool.then((p) => p.recordSets(records));
    },
    async close() {
      await local.close();
      if (pool !== undefined) await (await pool).close();
    },
  };
}
