// analyze() as a pool task: the dedupe layer's worker script (worker.ts) serves it, and a one-thread analyzer runs
// it in this thread.
import type { Task, TaskContext } from 'simhash-wasm/internal/pool';
import { analyze, type Analysis, type AnalyzeInput, type AnalyzeOptions } from './analyze-document.js';

export interface AnalysisTaskInput extends AnalyzeOptions {
  readonly inputs: readonly AnalyzeInput[];
}

// `satisfies`, not a type: its function stays synchronous to the tasks that call it inside theirs (range-task.ts).
export const analysisTask = {
  name: 'analyze',
  prepare({ entry, hasher, fingerprintWithFeaturesInto }: TaskContext) {
    // The hasher's own tokenization: under 'cjk-chars' a Chinese document counts its characters, not its clauses.
    const tokenHasher = entry.createSimHash({ shingle: 1, tokens: hasher.tokens });
    return ({ inputs, ...options }: AnalysisTaskInput) => analyze({ hasher, tokenHasher, fingerprintWithFeaturesInto }, inputs, options);
  },
  transfer: (result: Analysis) => [result.fingerprints.buffer, result.tokens.buffer, result.digests.buffer, result.sketches.buffer, result.sampled.docs.buffer, result.sampled.ends.buffer, result.sampled.shingles.buffer] as ArrayBuffer[],
} satisfies Task<AnalysisTaskInput, Analysis>;
