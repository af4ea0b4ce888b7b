// chooseCandidates (evaluation/candidate-search.ts): the k a verified dedupe chooses and the pairs within it, from
// one search where the pairs within the widest k stay few. Whatever searches it makes, the choice must be the one
// the corpus's own histogram gives (distanceHistogram: the sample and the exact tail) and the candidates exactly the
// pairs within it, named by the ids given.
import { describe, expect, it } from 'vitest';
import { SimHashIndex } from 'simhash-wasm';
import { chooseCandidates, WIDE_PAIRS_PER_TEXT } from '../../packages/corpus/src/evaluation/candidate-search.js';
import { chooseCandidateDistance, widestCandidateDistance } from '../../packages/corpus/src/evaluation/candidate-budget.js';
import { fitBetaBinomial } from '../../packages/corpus/src/evaluation/beta-binomial.js';
import { distanceHistogram, EXACT_PAIRS_LIMIT, EXACT_TAIL_DISTANCE } from '../../packages/corpus/src/evaluation/distance-histogram.js';
import { searchInThread, type PairsSearch } from '../../packages/corpus/src/analysis/pairs-search.js';
import { Random } from '../../packages/corpus/src/evaluation/random.js';

/** More texts than EXACT_PAIRS_LIMIT's pairs: the histogram is sampled, its tail searched. */
const N = Math.ceil(Math.sqrt(2 * EXACT_PAIRS_LIMIT)) + 100;

/** Fingerprints with `randomBits` random low bits and the rest fixed, and planted pairs at distances 0 to 14. */
function fingerprints(randomBits: number, seed: number): BigUint64Array {
  const random = new Random(seed);
  const word = () => BigInt(Math.floor(random.next() * 2 ** 32));
  const mask = (1n << BigInt(randomBits)) - 1n;
  const fps = BigUint64Array.from({ length: N }, () => ((word() << 32n) | word()) & mask);
  for (let d = 0; d <= 14; d++) fps[2 * d + 1] = fps[2 * d] ^ ((1n << BigInt(d)) - 1n);
  return fps;
}

/** searchInThread, with the distance of every search it was asked for. */
function recordingSearch(): { search: PairsSearch; distances: number[] } {
  const distances: number[] = [];
  return { search: { ...searchInThread, pairs: async (index, k) => (distances.push(k), index.pairs(k)) }, distances };
}

function expectTheCorpusOwnChoiceAndPairs(fps: BigUint64Array, ids: Uint32Array, got: Awaited<ReturnType<typeof chooseCandidates>>): void {
  const want = chooseCandidateDistance(fitBetaBinomial(distanceHistogram(fps).counts), fps.length);
  expect(got.choice.distance).toBe(want.distance);
  const index = new SimHashIndex({ maxDistance: want.distance });
  index.addMany(fps, ids);
  const pairs = index.pairs(want.distance);
  expect(Array.from(got.candidates.earlier)).toEqual(Array.from(pairs.a));
  expect(Array.from(got.candidates.later)).toEqual(Array.from(pairs.b));
  expect(Array.from(got.candidates.distance)).toEqual(Array.from(pairs.distances));
}

describe('chooseCandidates', () => {
  const ids = Uint32Array.from({ length: N }, (_, i) => 3 * i + 1);

  it('random-like texts: one search, within the widest k, gives the tail and the candidates', async () => {
    const fps = fingerprints(64, 5);
    const { search, distances } = recordingSearch();
    const got = await chooseCandidates(fps, ids, search);
    const widest = widestCandidateDistance(N);
    expect(widest).toBeGreaterThan(EXACT_TAIL_DISTANCE);
    expect(distances).toEqual([widest]);
    expect(got.choice.distance).toBeGreaterThan(EXACT_TAIL_DISTANCE); // the planted pairs past the tail are candidates
    expectTheCorpusOwnChoiceAndPairs(fps, ids, got);
  }, 60_000);

  it(`alike texts (more than ${WIDE_PAIRS_PER_TEXT} pairs a text within the widest k): the search stops at the tail, a second finds the candidates`, async () => {
    const fps = fingerprints(40, 6);
    const { search, distances } = recordingSearch();
    const got = await chooseCandidates(fps, ids, search);
    expect(distances[0]).toBe(EXACT_TAIL_DISTANCE);
    expect(got.choice.distance).toBeLessThan(widestCandidateDistance(N));
    // One search when the chosen k is within the tail, two when past it.
    expect(distances).toEqual(got.choice.distance <= EXACT_TAIL_DISTANCE ? [EXACT_TAIL_DISTANCE] : [EXACT_TAIL_DISTANCE, got.choice.distance]);
    expectTheCorpusOwnChoiceAndPairs(fps, ids, got);
  }, 60_000);

  it('few texts: every pair counted, one search within the chosen k', async () => {
    const fps = fingerprints(64, 7).subarray(0, 3000);
    const { search, distances } = recordingSearch();
    const got = await chooseCandidates(fps, ids.subarray(0, 3000), search);
    expect(distances).toEqual([got.choice.distance]);
    expectTheCorpusOwnChoiceAndPairs(fps, ids.subarray(0, 3000), got);
  });

  it('refuses ids that do not name each fingerprint', async () => {
    await expect(chooseCandidates(new BigUint64Array(3), new Uint32Array(2))).rejects.toThrow(RangeError);
  });
});
