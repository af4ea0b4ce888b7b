// Texts held in memory analysed on the analyzer's threads, a batch per worker call, results back in order: what the
// threshold evaluation needs of labelled pairs and of a corpus alike.
import { DIGEST_BYTES, type AnalyzeInput } from './analyze-document.js';
import type { Analyzer } from './analyzer.js';

const BATCH = 512;

export async function analyzeTexts(analyzer: Analyzer, inputs: readonly AnalyzeInput[]): Promise<{ fingerprints: BigUint64Array; tokens: Uint32Array; digests: Uint8Array }> {
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
