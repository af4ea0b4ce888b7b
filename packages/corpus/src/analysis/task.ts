// analyze() as a pool task: the dedupe layer's worker script (worker.ts) serves it, and a one-thread analyzer runs
// it in this thread.
import { createFeatureKernels } from 'simhash-wasm/internal';
import type { Task, TaskContext } from 'simhash-wasm/internal/pool';
import { afterExtractorReady } from '../html/extractor.js';
import { analyze, type Analysis, type AnalyzeInput, type AnalyzeOptions } from './analyze-document.js';

export interface AnalysisTaskInput extends AnalyzeOptions {
  readonly inputs: readonly AnalyzeInput[];
}

/**
 * analyze() with the context's hashers, synchronous: for the tasks that call it inside theirs (range-task.ts,
 * file-task.ts, parquet-task.ts), which send pages by their main content back rather than analyse them.
 */
export function prepareAnalysis({ entry, hasher, fingerprintWithFeaturesInto }: TaskContext): (input: AnalysisTaskInput) => Analysis {
  // The hasher's own tokenization: under 'cjk-chars' a Chinese document counts its characters, not its clauses.
  const tokenHasher = entry.createSimHash({ shingle: 1, tokens: hasher.tokens });
  const kernels = createFeatureKernels();
  return ({ inputs, ...options }) => analyze({ hasher, tokenHasher, fingerprintWithFeaturesInto, kernels }, inputs, options);
}

export const analysisTask: Task<AnalysisTaskInput, Analysis> = {
  name: 'analyze',
  prepare(context) {
    const analyzeNow = prepareAnalysis(context);
    // The first batch with a page by its main content waits for Readability to load (html/extractor.ts).
    return (input) => afterExtractorReady(input.inputs.some((doc) => doc.html === 'main') ? 'main' : false, () => analyzeNow(input));
  },
  transfer: (result) => [result.fingerprints.buffer, result.tokens.buffer, result.digests.buffer, result.sketches.buffer, result.sampled.docs.buffer, result.sampled.ends.buffer, result.sampled.shingles.buffer] as ArrayBuffer[],
};
