// One dedupe run: the documents analysed in input order (analysis-run.ts: walk, read, analyse on the pool while
// reading goes on), then grouped. Progress and skipped inputs are reported through callbacks as they happen.
import type { Readable } from 'node:stream';
import { DIGEST_BYTES } from './analyze.js';
import type { Analyzer } from './analyzer.js';
import { startAnalysis, type AnalysisHooks, type AnalysisOptions, type AnalyzedBatch, type DocumentInfo } from './analysis-run.js';
import { groupDocuments, type Grouping, type GroupingMode } from './group.js';

export type { DocumentInfo } from './analysis-run.js';

/** The seed: 20-word texts with one edit moved 10.5 bits on average, so below this distances are mostly noise. */
export const DEFAULT_MIN_TOKENS = 20;
/** Manku et al.'s k for 64-bit fingerprints of web pages; `simhash eval` measures it on one's own data. */
export const DEFAULT_DISTANCE = 3;

export interface DedupeOptions extends AnalysisOptions {
  readonly maxDistance: number;
  readonly minTokens: number;
  readonly grouping: GroupingMode;
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

export type DedupeHooks = AnalysisHooks;

/**
 * `analyzer`: a running one to use (and leave open), e.g. a pool kept across runs; by default one is started for
 * this run with options.threads and closed at the end.
 */
export async function runDedupe(inputs: readonly string[], stdin: Readable, options: DedupeOptions, hooks: DedupeHooks, analyzer?: Analyzer): Promise<DedupeResult> {
  const started = performance.now();
  const skipped: { source: string; reason: string }[] = [];
  const run = await startAnalysis(inputs, stdin, options, {
    ...hooks,
    skipped(source, reason) {
      skipped.push({ source, reason });
      hooks.skipped(source, reason);
    },
  }, analyzer);
  const batches: AnalyzedBatch[] = [];
  for await (const batch of run.batches()) batches.push(batch);
  const documents = batches.flatMap((b) => b.documents);
  const n = documents.length;
  const fingerprints = new BigUint64Array(n);
  const tokens = new Uint32Array(n);
  const digests = new Uint8Array(n * DIGEST_BYTES);
  let start = 0;
  for (const batch of batches) {
    fingerprints.set(batch.fingerprints, start);
    tokens.set(batch.tokens, start);
    digests.set(batch.digests, start * DIGEST_BYTES);
    start += batch.documents.length;
  }
  const grouping = groupDocuments({ fingerprints, tokens, digests, maxDistance: options.maxDistance, minTokens: options.minTokens, mode: options.grouping });
  const bytes = documents.reduce((sum, d) => sum + d.bytes, 0);
  return { ...grouping, pipelineVersion: run.version, documents, fingerprints, tokens, skipped, bytes, seconds: (performance.now() - started) / 1000, threads: run.threads };
}
