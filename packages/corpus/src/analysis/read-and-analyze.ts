// Documents read and analysed while reading goes on: the inputs are walked, read (src/io; plain JSONL files by the
// workers themselves) and analysed on the worker pool, and handed back in input order, a batch at a time
// (in-order.ts). `simhash dedupe` groups what comes out; `fingerprint` and `index` print or index it as it comes,
// so each has the same reading, the same HTML extraction, the same --threads and the same progress.
import type { Readable } from 'node:stream';
import type { EngineName, TermWeights, Tokenization } from 'simhash-wasm';
import { htmlExtractor, readUnits, walkInputs, type DocumentOptions, type WalkEntry, type WalkOptions } from '../io/index.js';
import type { AnalyzedBatch } from './analyze-document.js';
import { createAnalyzer, type Analyzer } from './analyzer.js';
import { createGrowingAnalyzer } from './growing-analyzer.js';
import { BoilerplateSample } from './boilerplate-sample.js';
import { analyzeInOrder, RANGE_BYTES, type AnalysisHooks } from './in-order.js';
import { pairsSearch, type PairsSearch } from './pairs-search.js';
import type { RecordSetsInput, RecordSetsResult } from './record-sets-task.js';

export type { AnalyzedBatch, DocumentInfo } from './analyze-document.js';
export type { AnalysisHooks } from './in-order.js';

export interface AnalysisOptions extends DocumentOptions, WalkOptions {
  readonly shingle: number;
  /** How text is cut into tokens (createSimHash's `tokens`); default 'words'. */
  readonly tokens?: Tokenization;
  readonly termWeights?: TermWeights;
  readonly engine: EngineName;
  readonly threads: number;
  /** Threads were not asked for: below SMALL_INPUT_BYTES of files, one thread (starting workers costs more). */
  readonly autoThreads?: boolean;
  /** Fingerprints alone: the batches' token counts and digests stay empty (fingerprint and index need neither). */
  readonly fingerprintsOnly?: boolean;
  /** For the verification tier: the batches carry sketches, and the run gathers the boilerplate sample. */
  readonly sketches?: boolean;
  /** With `sketches`: their bins (default SKETCH_BINS; `index build --sketches` stores REFERENCE_BINS). */
  readonly sketchBins?: number;
  /** Read only this share of the walked entries: those at positions p with p % count === index (a shard's). */
  readonly share?: { readonly index: number; readonly count: number };
  /** The byte ranges plain JSONL files are cut into for the workers to read, and the blocks of other JSONL streams (in-order.ts's RANGE_BYTES); for tests. */
  readonly rangeBytes?: number;
  /**
   * The workers stay after the batches, for the grouping (AnalysisRun.search) and the verification's sets
   * (AnalysisRun.recordSets), until search.close().
   */
  readonly keepWorkers?: boolean;
  /** pairs() goes to the workers from this estimated time (pairs-search.ts's WORKERS_FROM_NS); for tests. */
  readonly searchFromNs?: number;
}

export interface AnalysisRun {
  /** Pipeline version of the fingerprints. */
  readonly version: string;
  /** Threads that fingerprint (on stdin without --threads: one until the input grows large, then the pool's). */
  readonly threads: number;
  /** The inputs as walked, in reading order (a second pass over them reads the same files); with `share`, its share. */
  readonly entries: readonly WalkEntry[];
  /** Position of each of `entries` among all the walked entries (differs from 0, 1, 2... only with `share`). */
  readonly positions: readonly number[];
  /**
   * The analysed documents in input order; iterate once. The analyzer (when the run started it) closes at the end,
   * unless `keepWorkers` keeps it for `search` and `recordSets`.
   */
  batches(): AsyncGenerator<AnalyzedBatch>;
  /** pairs() on the run's threads, after the batches (with `keepWorkers`); its close() ends the analyzer the run started. */
  readonly search: PairsSearch;
  /** The verification's sets of JSONL records read back: on the run's workers while `keepWorkers` keeps them, else in this thread. */
  recordSets(records: RecordSetsInput): Promise<RecordSetsResult>;
  /** With `sketches`: the boilerplate sample, complete once batches() is done. */
  readonly sample?: BoilerplateSample;
}

/** While the pool starts, the walk lets the event loop turn once per this many entries. */
const WALK_TURN_ENTRIES = 128;

/** Less input than this is fingerprinted in one thread unless --threads says otherwise. */
export const SMALL_INPUT_BYTES = 4 << 20;

/**
 * Walks the inputs (cheap next to reading: it gives the progress bar its total and the thread count its input size)
 * and starts the analyzer. `analyzer`: a running one to use and leave open, e.g. a pool kept across runs.
 */
export async function startAnalysis(inputs: readonly string[], stdin: Readable, options: AnalysisOptions, hooks: AnalysisHooks, analyzer?: Analyzer): Promise<AnalysisRun> {
  const entries: WalkEntry[] = [];
  const positions: number[] = [];
  let position = 0;
  let walkedBytes = 0;
  // Once the pool is wanted whatever the rest of the walk holds (threads asked for, or files enough), its workers
  // start while the walk goes on: about 250 ms each before their first task, no longer ahead of the reading.
  let early: Promise<Analyzer> | undefined;
  try {
    for await (const entry of walkInputs(inputs, options)) {
      if (!options.share || position % options.share.count === options.share.index) {
        entries.push(entry);
        positions.push(position);
        if (entry.kind === 'file') walkedBytes += entry.size;
      }
      position++;
      // The walk's calls are synchronous and its generator never gives the event loop a turn, so without this the
      // pool's start (a file read, compiles, the workers' spawn) waited for the whole walk: the workers of a run on
      // SpamAssassin's 6,046 files took their first message at 0.85 s instead of 0.4 s.
      if (early !== undefined && position % WALK_TURN_ENTRIES === 0) await new Promise(setImmediate);
      if (analyzer === undefined && early === undefined && options.threads > 1 && (options.autoThreads !== true || walkedBytes >= SMALL_INPUT_BYTES)) {
        early = createAnalyzer(options);
        early.catch(() => {}); // awaited below; a failed start is reported there, not as an unhandled rejection
      }
    }
  } catch (error) {
    await early?.then((pool) => pool.close(), () => {});
    throw error;
  }
  const totalBytes = entries.some((e) => e.kind === 'stdin') ? undefined : entries.reduce((sum, e) => sum + (e.kind === 'file' ? e.size : 0), 0);
  hooks.started?.(totalBytes);
  const threads = options.autoThreads && totalBytes !== undefined && totalBytes < SMALL_INPUT_BYTES ? 1 : options.threads;
  const own = analyzer === undefined;
  const grows = options.autoThreads === true && totalBytes === undefined && threads > 1;
  const sample = options.sketches === true ? new BoilerplateSample() : undefined;
  const running = analyzer ?? (early !== undefined ? await early : grows ? await createGrowingAnalyzer({ ...options, threads }, SMALL_INPUT_BYTES) : await createAnalyzer({ ...options, threads }));
  // A JSONL stream that is no plain file (compressed, stdin) is cut into blocks of whole lines for the workers to
  // parse, so this thread only decompresses; with one thread it is parsed here as it streams (blocks would only add
  // copies: a quarter more time on a gzipped file).
  const blockBytes = (analyzer?.threads ?? threads) > 1 ? options.rangeBytes ?? RANGE_BYTES : undefined;
  // With keepWorkers: the workers the run started, until the grouping lets them go (search.close()); the
  // verification's sets are read in this thread after that.
  let released = false;
  let inThread: Promise<Analyzer> | undefined;
  return {
    version: running.version,
    entries,
    positions,
    sample,
    get threads() {
      return running.threads;
    },
    search: pairsSearch(() => (released ? undefined : running.search), async () => {
      if (!own || released) return;
      released = true;
      await running.close();
    }, options.searchFromNs),
    recordSets: (records) => (released ? (inThread ??= createAnalyzer({ ...options, threads: 1 })).then((local) => local.recordSets(records)) : running.recordSets(records)),
    async *batches() {
      try {
        const settings = { fingerprintsOnly: options.fingerprintsOnly === true, sample, sketchBins: options.sketchBins, extractor: htmlExtractor(options.html), reading: options, rangeBytes: options.rangeBytes };
        yield* analyzeInOrder(readUnits(entries, stdin, options, true, blockBytes), running, hooks, settings);
      } finally {
        if (own && options.keepWorkers !== true) await running.close();
      }
    },
  };
}
