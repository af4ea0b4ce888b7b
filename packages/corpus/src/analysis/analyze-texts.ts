// Texts held in memory analysed on the analyzer's threads, a batch per worker call, results back in order: what the
// threshold evaluation needs of labelled pairs (evaluation/labelled-pairs.ts). Each text alone: pairs are no corpus,
// so no line repeated across them is counted (a corpus is read by the one path of analysis/in-order.ts).
import { DIGEST_BYTES, type AnalyzeInput } from './analyze-document.js';
import type { Analyzer } from './analyzer.js';

const BATCH = 512;

export interface AnalysedTexts {
  readonly fingerprints: BigUint64Array;
  readonly tokens: Uint32Array;
  readonly digests: Uint8Array;
}

export async function analyzeTexts(analyzer: Analyzer, inputs: readonly AnalyzeInput[]): Promise<AnalysedTexts> {
  const work: ReturnType<Analyzer['analyze']>[] = [];
  for (let i = 0; i < inputs.length; i += BATCH) work.push(analyzer.analyze(inputs.slice(i, i + BATCH)));
  const fingerprints = new BigUint64Array(inputs.length);
  const tokens = new Uint32Array(inputs.length);
  const digests = new Uint8Array(inputs.length * DIGEST_BYTES);
  for (let b = 0; b < work.length; b++) {
    const result = await work[b];
    fingerprints.set(result.fingerprints, b * BATCH);
    tokens.set(result.tokens, b * BATCH);
    digests.set(result.digests, b * BATCH * DIGEST_BYTES);
  }
  return { fingerprints, tokens, digests };
}
