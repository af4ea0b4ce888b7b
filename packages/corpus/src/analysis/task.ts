// analyze() as a pool task: the dedupe layer's worker script (worker.ts) serves it, and a one-thread analyzer runs
// it in this thread.
import type { FingerprintWithFeatures, Text } from 'simhash-wasm';
import { createFeatureKernels, type FeatureKernels } from 'simhash-wasm/internal';
import type { Task, TaskContext } from 'simhash-wasm/internal/pool';
import { extractorNeeded, extractorReady } from '../html/extractor.js';
import { analyze, type Analysis, type AnalyzeInput, type AnalyzeOptions } from './analyze-document.js';

export interface AnalysisTaskInput extends AnalyzeOptions {
  readonly inputs: readonly AnalyzeInput[];
}

/**
 * analyze() with the context's hashers: for the tasks that call it inside theirs (range-task.ts, file-task.ts,
 * parquet-task.ts, warc-task.ts), and this file's own. Synchronous but for a batch with the first page that needs its
 * extractor loaded (html/extractor.ts), which waits for the load.
 */
export function prepareAnalysis(context: TaskContext): (input: AnalysisTaskInput) => Analysis | Promise<Analysis> {
  const { entry, hasher } = context;
  // The hasher's own tokenization: under 'cjk-chars' a Chinese document counts its characters, not its clauses.
  const tokenHasher = entry.createSimHash({ shingle: 1, tokens: hasher.tokens });
  const kernels = createFeatureKernels();
  const featuresOf = featuresInto(context, kernels);
  const analyzeNow = ({ inputs, ...options }: AnalysisTaskInput) => analyze({ hasher, tokenHasher, featuresOf, kernels }, inputs, options);
  return (input) => {
    const ready = extractorReady(extractorNeeded(input.inputs.map((doc) => doc.html)));
    if (ready === undefined) return analyzeNow(input);
    // Other tasks run on this thread meanwhile, and the next range or records it reads reuse the memory of the texts
    // read as UTF-8 (io/formats/jsonl-range.ts): those are copied before the wait.
    const kept = input.inputs.map((doc) => (typeof doc.text === 'string' ? doc : { text: doc.text.slice(), html: false as const }));
    return ready.then(() => analyzeNow({ ...input, inputs: kept }));
  };
}

/**
 * A text's fingerprint and features, the features in `kernels`' memory (a view, good until the next text): the
 * kernels' own engine pass where the hasher's fingerprint is its features' unit votes (TaskContext.unitVotes; a text
 * too long for it aside), else the engine's fingerprintWithFeatures into the kernels' sink. The same bits either way
 * (test/wasm/feature-kernels.test.ts); the pass in the kernels' module copies nothing out of the engine's: a
 * worker's JSONL range 1.04× as fast (bench/range-direct.ts).
 */
export function featuresInto({ unitVotes, fingerprintWithFeaturesInto }: TaskContext, kernels: FeatureKernels): (text: Text) => FingerprintWithFeatures {
  if (unitVotes === undefined) return (text) => fingerprintWithFeaturesInto(text, kernels.sink);
  const { shingle, tokens } = unitVotes;
  return (text) => kernels.textFeatures(text, shingle, tokens) ?? fingerprintWithFeaturesInto(text, kernels.sink);
}

export const analysisTask: Task<AnalysisTaskInput, Analysis> = {
  name: 'analyze',
  prepare: prepareAnalysis,
  transfer: (result) => [result.fingerprints.buffer, result.tokens.buffer, result.digests.buffer, result.sketches.buffer, result.sampled.docs.buffer, result.sampled.ends.buffer, result.sampled.shingles.buffer] as ArrayBuffer[],
};
