// analyze() as a pool task: the dedupe layer's worker script (worker.ts) serves it, and a one-thread analyzer runs
// it in this thread.
import type { Task } from 'simhash-wasm/internal/pool';
import { analyze, type Analysis, type AnalyzeInput, type AnalyzeOptions } from './analyze-document.js';

export interface AnalysisTaskInput extends AnalyzeOptions {
  readonly inputs: readonly AnalyzeInput[];
}

export const analysisTask: Task<AnalysisTaskInput, Analysis> = {
  name: 'analyze',
  prepare({ entry, hasher, fingerprintWithFeaturesInto }) {
    // The hasher's own tokenization: under 'cjk-chars' a Chinese document counts its characters, not its clauses.
    const tokenHasher = entry.createSimHash({ shingle: 1, tokens: hasher.tokens });
    return ({ inputs, ...options }) => analyze({ hasher, tokenHasher, fingerprintWithFeaturesInto }, inputs, options);
  },
  transfer: (result) => [result.fingerprints.buffer, result.tokens.buffer, result.digests.buffer, result.sketches.buffer, result.sampled.docs.buffer, result.sampled.ends.buffer, result.sampled.shingles.buffer] as ArrayBuffer[],
};
