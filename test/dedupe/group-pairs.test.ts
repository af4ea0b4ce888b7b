// Grouping from given near pairs (what the shards of a distributed dedupe find on the shared index) gives the same
// groups as grouping with the in-memory index, in both modes, on data with chains, exact copies and short texts.
import { describe, expect, it } from 'vitest';
import { DIGEST_BYTES } from '../../packages/corpus/src/analysis/analyze-document.js';
import { groupDocuments, type GroupingMode } from '../../packages/corpus/src/grouping/group.js';
import { brutePairs, makeData } from '../support/index-oracle.js';
import { XorShift32 } from '../support/random.js';

function corpus(seed: number, n: number, k: number) {
  const rng = new XorShift32(seed);
  const fingerprints = BigUint64Array.from(makeData(rng, 'clustered', n, k, Math.max(2, n >> 4)));
  const tokens = Uint32Array.from({ length: n }, () => (rng.below(10) === 0 ? rng.below(5) : 5 + rng.below(50)));
  const digests = new Uint8Array(n * DIGEST_BYTES);
  // Exact copies: documents with the same fingerprint share a digest half the time.
  const byFp = new Map<bigint, number>();
  for (let d = 0; d < n; d++) {
    const seen = byFp.get(fingerprints[d]);
    const source = seen !== undefined && rng.below(2) === 0 ? seen : d;
    if (seen === undefined) byFp.set(fingerprints[d], d);
    new DataView(digests.buffer).setUint32(d * DIGEST_BYTES, source);
    if (source !== d) tokens[d] = tokens[source];
  }
  return { fingerprints, tokens, digests };
}

describe('groupDocuments with nearPairs', () => {
  for (const mode of ['leader', 'connected'] as GroupingMode[]) {
    it(`${mode}: the same groups as the in-memory index, for k = 0..8`, () => {
      for (let k = 0; k <= 8; k++) {
        const data = corpus(40 + k, 1_500, k);
        const pairs = brutePairs(Array.from(data.fingerprints, (fp, id) => ({ id, fp })), k);
        const nearPairs = {
          earlier: Uint32Array.from(pairs, (p) => p[0]),
          later: Uint32Array.from(pairs, (p) => p[1]),
          distance: Uint8Array.from(pairs, (p) => p[2]),
        };
        const settings = { ...data, maxDistance: k, minTokens: 5, mode };
        const byIndex = groupDocuments(settings);
        expect(byIndex.groups.some((g) => g.tier === 'near'), `k=${k} has near groups`).toBe(true);
        expect(groupDocuments({ ...settings, nearPairs }), `k=${k}`).toEqual(byIndex);
      }
    });
  }
});
