// One dedupe run: the documents analysed in input order (analysis/read-and-analyze.ts: walk, read, analyse on the
// pool while reading goes on), then grouped; with verification, the inputs are read once more for the shingle sets
// of the candidates their first-pass sketches could not rule out (verify-pass.ts). Progress and skipped inputs are
// reported through callbacks as they happen.
import type { Readable } from 'node:stream';
import type { WalkEntry } from '../io/index.js';
import type { Analyzer } from '../analysis/analyzer.js';
import { startAnalysis, type AnalysisHooks, type AnalysisOptions } from '../analysis/read-and-analyze.js';
import { noteInputs, type InputNote } from '../analysis/input-notes.js';
import type { GroupingMode } from '../grouping/group.js';
import { groupBatches, type GroupedDocuments } from '../grouping/group-batches.js';
import { DEFAULT_VERIFY_THRESHOLD, type SimilarityMode, type VerifyMode } from '../grouping/verify.js';
import { rereadVerification } from './verify-pass.js';
import { keepField, type KeepRule } from '../grouping/keep.js';
import { chooseCandidates } from '../evaluation/candidate-search.js';
import type { ReferenceSet } from '../grouping/reference-set.js';
import { SketchFileError } from '../grouping/sketch-store.js';
import { OutputError } from '../io/write/index.js';

export type { DocumentInfo } from '../analysis/read-and-analyze.js';

export { DEFAULT_DISTANCE, DEFAULT_MIN_TOKENS } from './defaults.js';

export interface DedupeOptions extends AnalysisOptions {
  readonly maxDistance: number;
  readonly minTokens: number;
  readonly grouping: GroupingMode;
  /** The verification of near candidates; 'off' (or absent): SimHash distance alone. */
  readonly verify?: VerifyMode;
  /** Default DEFAULT_VERIFY_THRESHOLD. */
  readonly verifyThreshold?: number;
  /**
   * With verification: choose the candidate distance for this corpus (evaluation/candidate-search.ts,
   * chooseCandidates) instead of maxDistance; the result's maxDistance says which k it took.
   */
  readonly autoDistance?: boolean;
  /** Which member of each group stays (grouping/keep.ts); a rule by field has the reader read that field. */
  readonly keep?: KeepRule;
  /** Documents kept before (--against; dedupe/against-documents.ts or an index): those near one are dropped for it. */
  readonly reference?: ReferenceSet;
}

export interface DedupeResult extends GroupedDocuments {
  readonly pipelineVersion: string;
  /** The inputs as walked: what a second pass (the kept corpus) reads again. */
  readonly inputs: readonly WalkEntry[];
  readonly skipped: readonly InputNote[];
  /** Records read and grouped without a number in the keep field (--keep-max, --keep-min): they rank last. */
  readonly flagged: readonly InputNote[];
  readonly bytes: number;
  readonly seconds: number;
  /** Threads that fingerprinted. */
  readonly threads: number;
}

export type DedupeHooks = AnalysisHooks;

/**
 * `stdinOrOpen`: standard input, or (for a run that reads it twice: verification) a function that opens it from
 * its start each time it is called. `analyzer`: a running one to use (and leave open), e.g. a pool kept across runs; by default one is started for
 * this run with options.threads and closed at the end.
 */
export async function runDedupe(inputs: readonly string[], stdinOrOpen: Readable | (() => Readable), options: DedupeOptions, hooks: DedupeHooks, analyzer?: Analyzer): Promise<DedupeResult> {
  const started = performance.now();
  // The verification reads stdin again: it needs a way to open it anew (the CLI's spooled copy, dedupe-outputs.ts).
  const stdin = typeof stdinOrOpen === 'function' ? stdinOrOpen : () => stdinOrOpen;
  const notes = noteInputs(hooks);
  const verifying = options.verify !== undefined && options.verify !== 'off';
  const run = await startAnalysis(inputs, stdin(), { ...options, sketches: verifying, keepField: keepField(options.keep), keepWorkers: true }, notes.hooks, analyzer);
  const verify = !verifying || run.sample === undefined
    ? undefined
    : rereadVerification({ entries: run.entries, stdin, options }, run.sample, { mode: options.verify as SimilarityMode, threshold: options.verifyThreshold ?? DEFAULT_VERIFY_THRESHOLD }, run.recordSets);
  const chooseDistance = verify !== undefined && options.autoDistance === true ? chooseCandidates : undefined;
  // The workers stay for the grouping's pairs and the verification's sets (run.search, run.recordSets); the grouping
  // lets them go when it needs them no more.
  const grouped = await groupBatches(run.batches(), { ...options, verify, chooseDistance, reference: options.reference, search: run.search }).catch((error: unknown) => {
    // A full disk under $TMPDIR is an output that could not be written (exit 4), not a bug.
    throw error instanceof SketchFileError ? new OutputError(error.message, 'the verification\'s sketch file', { cause: error }) : error;
  }).finally(() => run.search.close());
  const documents = grouped.documents;
  const bytes = documents.totalBytes();
  return { ...grouped, pipelineVersion: run.version, inputs: run.entries, skipped: notes.skipped, flagged: notes.flagged, bytes, seconds: (performance.now() - started) / 1000, threads: run.threads };
}
