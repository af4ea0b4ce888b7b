// analyze() as a pool task: the dedupe layer's worker script (worker.ts) serves it, and a one-thread analyzer runs
// it in this thread.
import type { Task } from 'simhash-wasm/internal/pool';
import { analyze, type Analysis, type AnalyzeInput } from './analyze-document.js';

export interface AnalysisTaskInput {
  readonly inputs: readonly AnalyzeInput[];
  /** No token counts or digests (fingerprint and index need neither; they cost 4 times the fingerprints). */
  readonly fingerprintsOnly?: boolean;
  /** The keys of the corpus's repeated lines so far (html/repeated-lines.ts), for HTML by its main content. */
  readonly repeatedLines?: Float64Array;
}

export const analysisTask: Task<AnalysisTaskInput, Analysis> = {
  name: 'analyze',
  prepare({ entry, hasher }) {
    // The hasher's own tokenization: under 'cjk-chars' a Chinese document counts its characters, not its clauses.
    const tokenHasher = entry.createSimHash({ shingle: 1, tokens: hasher.tokens });
    return ({ inputs, fingerprintsOnly, repeatedLines }) => analyze(hasher, fingerprintsOnly === true ? undefined : tokenHasher, inputs, repeatedLines);
  },
  transfer: (result) => [result.fingerprints.buffer, result.tokens.buffer, result.digests.buffer] as ArrayBuffer[],
};
