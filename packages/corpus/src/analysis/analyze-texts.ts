// Texts held in memory analysed on the analyzer's threads, a batch per worker call, results back in order: what the
// threshold evaluation needs of labelled pairs and of a corpus alike. With a boilerplate sample, also what dedupe's
// first pass gathers for its verification: each text's sketch, and the sampled texts' shingle sets in the sample.
import { DIGEST_BYTES, type AnalyzeInput } from './analyze-document.js';
import type { Analyzer } from './analyzer.js';
import type { BoilerplateSample } from './boilerplate-sample.js';
import { SKETCH_BINS } from './minhash-sketch.js';
import { addToSample } from './in-order.js';

const BATCH = 512;

export interface AnalysedTexts {
  readonly fingerprints: BigUint64Array;
  readonly tokens: Uint32Array;
  readonly digests: Uint8Array;
  /** SKETCH_BINS a text with a sample; empty without. */
  readonly sketches: Uint32Array;
}

export async function analyzeTexts(analyzer: Analyzer, inputs: readonly AnalyzeInput[], sample?: BoilerplateSample): Promise<AnalysedTexts> {
  const work: ReturnType<Analyzer['analyze']>[] = [];
  // Every batch is sent at once, so at the sample's first level (every text): the sample drops what it outgrows.
  const options = sample === undefined ? {} : { sampleLevel: sample.level };
  for (let i = 0; i < inputs.length; i += BATCH) work.push(analyzer.analyze(inputs.slice(i, i + BATCH), options));
  const fingerprints = new BigUint64Array(inputs.length);
  const tokens = new Uint32Array(inputs.length);
  const digests = new Uint8Array(inputs.length * DIGEST_BYTES);
  const sketches = new Uint32Array(sample === undefined ? 0 : inputs.length * SKETCH_BINS);
  for (let b = 0; b < work.length; b++) {
    const result = await work[b];
    fingerprints.set(result.fingerprints, b * BATCH);
    tokens.set(result.tokens, b * BATCH);
    digests.set(result.digests, b * BATCH * DIGEST_BYTES);
    if (sample !== undefined) {
      sketches.set(result.sketches, b * BATCH * SKETCH_BINS);
      addToSample(sample, result); // in input order, as dedupe adds them: the first copy of a text is the one kept
    }
  }
  return { fingerprints, tokens, digests, sketches };
}
