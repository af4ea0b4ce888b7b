// Documents read and analysed while reading goes on: the inputs are walked, read (src/io), cut into batches and
// analysed on the worker pool, and handed back in input order, a batch at a time. `simhash dedupe` groups what comes
// out; `fingerprint` and `index` print or index it as it comes, so each has the same reading, the same HTML
// extraction, the same --threads and the same progress.
import type { Readable } from 'node:stream';
import type { EngineName, TermWeights, Tokenization } from 'simhash-wasm';
import { htmlExtractor, readDocumentBatches, walkInputs, type DocumentEvent, type DocumentOptions, type HtmlExtractor, type WalkEntry, type WalkOptions } from '../io/index.js';
import { RepeatedLines } from '../html/repeated-lines.js';
import type { Analysis, AnalyzedBatch, AnalyzeInput, DocumentInfo } from './analyze-document.js';

export type { AnalyzedBatch, DocumentInfo } from './analyze-document.js';
import { createAnalyzer, type Analyzer } from './analyzer.js';
import { createGrowingAnalyzer } from './growing-analyzer.js';
import { BoilerplateSample, sampleKey } from './boilerplate-sample.js';
import { DIGEST_BYTES } from './analyze-document.js';

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
  /** Read only this share of the walked entries: those at positions p with p % count === index (a shard's). */
  readonly share?: { readonly index: number; readonly count: number };
}


export interface AnalysisHooks {
  /** The inputs are walked: this many bytes of files to read (undefined when stdin is among them). */
  started?(totalBytes: number | undefined): void;
  skipped(source: string, reason: string): void;
  /** A document read and used, with a problem in its record (io/input-document.ts, 'flagged'). */
  flagged?(source: string, reason: string): void;
  /** Input bytes read so far, and documents analysed so far. */
  progress?(bytesRead: number, documentsDone: number): void;
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
  /** The analysed documents in input order; iterate once. The analyzer (when the run started it) closes at the end. */
  batches(): AsyncGenerator<AnalyzedBatch>;
  /** With `sketches`: the boilerplate sample, complete once batches() is done. */
  readonly sample?: BoilerplateSample;
}

/** A batch goes to a worker once it holds this many bytes or documents. */
const BATCH_BYTES = 256 * 1024;
const BATCH_DOCUMENTS = 512;
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
  for await (const entry of walkInputs(inputs, options)) {
    if (!options.share || position % options.share.count === options.share.index) {
      entries.push(entry);
      positions.push(position);
    }
    position++;
  }
  const totalBytes = entries.some((e) => e.kind === 'stdin') ? undefined : entries.reduce((sum, e) => sum + (e.kind === 'file' ? e.size : 0), 0);
  hooks.started?.(totalBytes);
  const threads = options.autoThreads && totalBytes !== undefined && totalBytes < SMALL_INPUT_BYTES ? 1 : options.threads;
  const own = analyzer === undefined;
  const grows = options.autoThreads === true && totalBytes === undefined && threads > 1;
  const sample = options.sketches === true ? new BoilerplateSample() : undefined;
  const running = analyzer ?? (grows ? await createGrowingAnalyzer({ ...options, threads }, SMALL_INPUT_BYTES) : await createAnalyzer({ ...options, threads }));
  return {
    version: running.version,
    entries,
    positions,
    sample,
    get threads() {
      return running.threads;
    },
    async *batches() {
      try {
        yield* analyzeInOrder(readDocumentBatches(entries, stdin, options), running, { fingerprintsOnly: options.fingerprintsOnly === true, sample }, hooks, htmlExtractor(options.html));
      } finally {
        if (own) await running.close();
      }
    },
  };
}

/** What the batches carry beyond fingerprints: nothing more, or (with a sample) the verification's sketches too. */
export interface Signals {
  readonly fingerprintsOnly: boolean;
  /** Fed with the sampled texts' sets as batches come back (in input order), and asked for its level as they go out. */
  readonly sample?: BoilerplateSample;
}

/** Documents analysed on `analyzer` in batches, handed back in input order. */
export async function* analyzeInOrder(eventBatches: AsyncIterable<DocumentEvent[]>, analyzer: Analyzer, signals: Signals, hooks: AnalysisHooks, extractor: HtmlExtractor): AsyncGenerator<AnalyzedBatch> {
  // Batches in flight, oldest first: handed out in this order whatever order the workers finish them in.
  const inFlight: { documents: DocumentInfo[]; analysis: Promise<Analysis> }[] = [];
  let documents: DocumentInfo[] = [];
  let inputs: AnalyzeInput[] = [];
  let batchBytes = 0;
  let bytesRead = 0;
  let done = 0;
  // HTML by its main content: the corpus's lines are counted here, in reading order, as each page is read, and every
  // batch is sent with the repeated lines of the pages read so far, its own included. Counted in this thread (the
  // visible text, about 100 MB/s against Readability's 10 on each worker) so the set a batch gets depends on the
  // input alone, never on which worker finished first: the same fingerprints for any --threads. Memory: the
  // counter's bounded table (html/repeated-lines.ts, LINE_TABLE_CAPACITY lines).
  const lines = extractor === 'main' ? new RepeatedLines() : undefined;
  const submit = () => {
    const count = inputs.length;
    const analysis = analyzer.analyze(inputs, { fingerprintsOnly: signals.fingerprintsOnly, repeatedLines: lines?.keys(), sampleLevel: signals.sample?.level });
    void analysis.then(() => {
      done += count;
      hooks.progress?.(bytesRead, done);
    }, () => {});
    inFlight.push({ documents, analysis });
    documents = [];
    inputs = [];
    batchBytes = 0;
  };
  const next = async (): Promise<AnalyzedBatch> => {
    const { documents: infos, analysis } = inFlight.shift()!;
    const batch = { documents: infos, ...(await analysis) };
    if (signals.sample !== undefined) addToSample(signals.sample, batch);
    return batch;
  };
  try {
    for await (const events of eventBatches) {
      for (const event of events) {
        if (event.kind === 'progress') {
          bytesRead += event.bytes;
          hooks.progress?.(bytesRead, done);
        } else if (event.kind === 'skipped') {
          hooks.skipped(event.source, event.reason);
        } else if (event.kind === 'flagged') {
          hooks.flagged?.(event.source, event.reason);
        } else {
          const { source, id, text, html, bytes, keepValue } = event.document;
          const info: DocumentInfo = id === undefined ? { source, bytes } : { source, id, bytes };
          documents.push(keepValue === undefined ? info : { ...info, keepValue });
          inputs.push({ text, html: html && extractor });
          if (html && lines !== undefined) lines.addPage(text);
          batchBytes += text.length;
          if (batchBytes >= BATCH_BYTES || inputs.length >= BATCH_DOCUMENTS) {
            submit();
            // Bounded memory: no more batches waiting than the workers can hold; the oldest goes out first.
            if (inFlight.length > 2 * analyzer.threads) yield await next();
          }
        }
      }
    }
    if (inputs.length > 0) submit();
    while (inFlight.length > 0) yield await next();
  } finally {
    // Stopped early (an error, the reader gone): let the rest settle so none rejects unobserved.
    await Promise.allSettled(inFlight.map((b) => b.analysis));
  }
}

/** A batch's sampled sets into the sample (batches come in input order: the first copy of a text is the one kept). */
export function addToSample(sample: BoilerplateSample, batch: Analysis): void {
  const { docs, ends, shingles } = batch.sampled;
  for (let i = 0; i < docs.length; i++) {
    const at = docs[i] * DIGEST_BYTES;
    sample.add(batch.digests.subarray(at, at + DIGEST_BYTES), sampleKey(batch.digests, at), shingles.slice(i === 0 ? 0 : ends[i - 1], ends[i]));
  }
}
