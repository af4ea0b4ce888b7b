// One dedupe run: walk the inputs, read documents, analyse them in batches on the pool while reading goes on,
// then group. Progress and skipped inputs are reported through callbacks as they happen.
import type { Readable } from 'node:stream';
import type { EngineName } from '../cli/engines.js';
import { DIGEST_BYTES, type AnalyzeInput } from './analyze.js';
import { createAnalyzer, type Analyzer } from './analyzer.js';
import { readDocuments, type DocumentOptions } from '../io/documents.js';
import { groupDocuments, type Grouping, type GroupingMode } from './group.js';
import { walkInputs, type WalkEntry, type WalkOptions } from '../io/walk.js';

export interface DedupeOptions extends DocumentOptions, WalkOptions {
  readonly maxDistance: number;
  readonly shingle: number;
  readonly minTokens: number;
  readonly engine: EngineName;
  readonly threads: number;
  /** Threads were not asked for: below SMALL_INPUT_BYTES of files, one thread (starting workers costs more). */
  readonly autoThreads?: boolean;
  readonly grouping: GroupingMode;
}

export interface DocumentInfo {
  readonly source: string;
  readonly id?: string | number;
  readonly bytes: number;
}

export interface DedupeResult extends Grouping {
  readonly pipelineVersion: string;
  readonly documents: readonly DocumentInfo[];
  readonly fingerprints: BigUint64Array;
  readonly tokens: Uint32Array;
  readonly skipped: readonly { readonly source: string; readonly reason: string }[];
  readonly bytes: number;
  readonly seconds: number;
  /** Threads that fingerprinted. */
  readonly threads: number;
}

export interface DedupeHooks {
  /** The inputs are walked: this many bytes of files to read (undefined when stdin is among them). */
  started?(totalBytes: number | undefined): void;
  skipped(source: string, reason: string): void;
  /** Input bytes read so far, and documents analysed so far. */
  progress?(bytesRead: number, documentsDone: number): void;
}

/** A batch goes to a worker once it holds this many bytes or documents. */
const BATCH_BYTES = 256 * 1024;
const BATCH_DOCUMENTS = 512;
/** Less input than this is fingerprinted in one thread unless --threads says otherwise. */
export const SMALL_INPUT_BYTES = 4 << 20;

/**
 * `analyzer`: a running one to use (and leave open), e.g. a pool kept across runs; by default one is started for
 * this run with options.threads and closed at the end.
 */
export async function runDedupe(inputs: readonly string[], stdin: Readable, options: DedupeOptions, hooks: DedupeHooks, analyzer?: Analyzer): Promise<DedupeResult> {
  const started = performance.now();
  // Walking first (cheap next to reading) gives the progress bar its total, and the thread count its input size.
  const entries: WalkEntry[] = [];
  for await (const entry of walkInputs(inputs, options)) entries.push(entry);
  const totalBytes = entries.some((e) => e.kind === 'stdin') ? undefined : entries.reduce((sum, e) => sum + (e.kind === 'file' ? e.size : 0), 0);
  hooks.started?.(totalBytes);
  const threads = analyzer?.threads ?? (options.autoThreads && totalBytes !== undefined && totalBytes < SMALL_INPUT_BYTES ? 1 : options.threads);
  const ownAnalyzer = analyzer === undefined;
  analyzer ??= await createAnalyzer({ ...options, threads });
  try {
    const documents: DocumentInfo[] = [];
    const skipped: { source: string; reason: string }[] = [];
    const batches: { start: number; result: ReturnType<Analyzer['analyze']> }[] = [];
    let batch: AnalyzeInput[] = [];
    let batchBytes = 0;
    let bytesRead = 0;
    let done = 0;
    const inFlight = new Set<Promise<unknown>>();
    const submit = async () => {
      if (batch.length === 0) return;
      const count = batch.length;
      const result = analyzer!.analyze(batch);
      batches.push({ start: documents.length - count, result });
      const tracked = result.then(() => {
        done += count;
        hooks.progress?.(bytesRead, done);
      });
      inFlight.add(tracked);
      void tracked.finally(() => inFlight.delete(tracked)).catch(() => {});
      batch = [];
      batchBytes = 0;
      // Bounded memory: no more batches waiting than the workers can hold.
      if (inFlight.size > 2 * threads) await Promise.race(inFlight);
    };
    for await (const event of readDocuments(entries, stdin, options)) {
      if (event.kind === 'progress') {
        bytesRead += event.bytes;
        hooks.progress?.(bytesRead, done);
      } else if (event.kind === 'skipped') {
        skipped.push({ source: event.source, reason: event.reason });
        hooks.skipped(event.source, event.reason);
      } else {
        const { source, id, text, html, bytes } = event.document;
        documents.push(id === undefined ? { source, bytes } : { source, id, bytes });
        batch.push({ text, html });
        batchBytes += text.length;
        if (batchBytes >= BATCH_BYTES || batch.length >= BATCH_DOCUMENTS) await submit();
      }
    }
    await submit();
    const n = documents.length;
    const fingerprints = new BigUint64Array(n);
    const tokens = new Uint32Array(n);
    const digests = new Uint8Array(n * DIGEST_BYTES);
    for (const { start, result } of batches) {
      const analysis = await result;
      fingerprints.set(analysis.fingerprints, start);
      tokens.set(analysis.tokens, start);
      digests.set(analysis.digests, start * DIGEST_BYTES);
    }
    const grouping = groupDocuments({ fingerprints, tokens, digests, maxDistance: options.maxDistance, minTokens: options.minTokens, mode: options.grouping });
    const bytes = documents.reduce((sum, d) => sum + d.bytes, 0);
    return { ...grouping, pipelineVersion: analyzer.version, documents, fingerprints, tokens, skipped, bytes, seconds: (performance.now() - started) / 1000, threads };
  } finally {
    if (ownAnalyzer) await analyzer.close();
  }
}
