// The candidates of a verified dedupe that chooses its own k: the choice (candidate-budget.ts's, under the
// beta-binomial fitted to the corpus's own pair distances) and every pair within it, from as few searches as it can.
// Counting the distances needs the pairs within EXACT_TAIL_DISTANCE (a sample cannot see that rare left tail), and
// the candidates are the pairs within the chosen k: pairs of the same texts both times. The widest k the choice
// can make is known before the distances are (the index's cost model decides it from N alone), so one search within
// it gives both, the tail and the candidates; k is chosen between. At 1M documents that was two searches, 1.1 s
// within 8 and 2 s within 11 on two workers, each after an index built in this thread (0.3 s).
//
// One guard: when chance puts many pairs within the widest k (a corpus of one template), the pairs there may be far
// more than within the k chosen, so the first stretch of the sample is counted before the search: if it puts the
// pairs within the widest k above WIDE_PAIRS_PER_TEXT a text, the search stops at the tail, as it did before, and a
// second search finds the candidates when the k chosen is past it.
import { SimHashIndex } from 'simhash-wasm';
import { fitBetaBinomial, type BetaBinomial } from './beta-binomial.js';
import { CHANCE_CANDIDATES_PER_DOCUMENT, chooseCandidateDistance, widestCandidateDistance, type CandidateDistance } from './candidate-budget.js';
import { countsEveryPair, distanceHistogram, EXACT_TAIL_DISTANCE, PairSample, pairCount, SAMPLE_STRETCH, sampledWithTail } from './distance-histogram.js';
import { searchInThread, type PairsSearch } from '../analysis/pairs-search.js';
import { keepPairs, nearPairsOf, type NearPairs } from '../grouping/near-pairs.js';

/**
 * The pairs within the widest k the first stretch of the sample may put there for one search to serve both the tail
 * and the candidates: WIDE_PAIRS_PER_TEXT a text, or WIDE_PAIRS_FLOOR for a small corpus. Each pair held is 9 bytes
 * (two ids and a distance), so at most some 150 bytes a text, or 36 MB. At 1M random-like texts the first stretch's
 * bound (three pairs in a million sampled, by the rule of three) is 1.5 a text; at 20,000 the widest k is 20, and
 * about 18 pairs a text lie within it.
 */
export const WIDE_PAIRS_PER_TEXT = 16;
export const WIDE_PAIRS_FLOOR = 4_000_000;

export interface CorpusCandidateDistance extends CandidateDistance {
  /** Documents (distinct texts) the choice was made for. */
  readonly documents: number;
  /** The beta-binomial fitted to their pair distances. */
  readonly fit: BetaBinomial;
}

export interface ChosenCandidates {
  readonly choice: CorpusCandidateDistance;
  /** Every pair of the given ids whose fingerprints are within choice.distance, in pairs()'s order (by earlier, then later). */
  readonly candidates: NearPairs;
}

/**
 * The candidate distance for `fingerprints` (distinct texts, long enough to compare; `ids[i]` is the i-th's document
 * number) and the pairs within it. `search`: where pairs() runs (the run's workers when that pays). `meanwhile`: work
 * of the caller's for this thread while the workers search, once the sample is counted (called then, if at all).
 */
export async function chooseCandidates(fingerprints: BigUint64Array, ids: Uint32Array, search: PairsSearch = searchInThread, meanwhile?: () => void): Promise<ChosenCandidates> {
  const budget = CHANCE_CANDIDATES_PER_DOCUMENT;
  const n = fingerprints.length;
  if (ids.length !== n) throw new RangeError(`ids must name each of the ${n} fingerprints, got ${ids.length}`);
  const choose = (counts: ArrayLike<number>): CorpusCandidateDistance => {
    const fit = fitBetaBinomial(counts);
    return { ...chooseCandidateDistance(fit, Math.max(1, n), budget), documents: n, fit };
  };
  const pairsWithin = async (k: number) => nearPairsOf(await search.pairs(indexOf(fingerprints, ids, k), k));
  // Fewer than two texts: no pair to find, and no distance to fit; any k gives the same groups.
  if (n < 2) return { choice: choose([0, 0, 0, 1]), candidates: { earlier: new Uint32Array(0), later: new Uint32Array(0), distance: new Uint8Array(0) } };
  if (countsEveryPair(n)) {
    const choice = choose(distanceHistogram(fingerprints).counts);
    return { choice, candidates: await pairsWithin(choice.distance) };
  }
  const sample = new PairSample(fingerprints, 1);
  sample.count(SAMPLE_STRETCH);
  const widest = widestCandidateDistance(n);
  const searched = Math.max(EXACT_TAIL_DISTANCE, fewPairsWithin(sample, widest, n) ? widest : 0);
  const found = search.pairs(indexOf(fingerprints, ids, searched), searched);
  found.catch(() => {}); // awaited once the sample is counted: a worker lost meanwhile is not an unhandled rejection
  const choice = choose((await sampledWithTail(sample, found, meanwhile)).counts);
  // The pairs within the chosen k are those of the search within it, when it went that far.
  const within = (pairs: NearPairs) => keepPairs(pairs, (p) => pairs.distance[p] <= choice.distance);
  const candidates = choice.distance <= searched ? within(nearPairsOf(await found)) : await pairsWithin(choice.distance);
  return { choice, candidates };
}

/**
 * Whether the pairs within k stay within WIDE_PAIRS_PER_TEXT a text (or WIDE_PAIRS_FLOOR), by the sample so far: the
 * pairs it saw there and 3 + 2·sqrt(seen) more (about the 95% upper bound of a count: 3 when it saw none), scaled
 * to all the pairs.
 */
function fewPairsWithin(sample: PairSample, k: number, n: number): boolean {
  const seen = sample.shareWithin(k) * sample.counted;
  const upper = ((seen + 3 + 2 * Math.sqrt(seen)) / sample.counted) * pairCount(n);
  return upper <= Math.max(WIDE_PAIRS_PER_TEXT * n, WIDE_PAIRS_FLOOR);
}

function indexOf(fingerprints: BigUint64Array, ids: Uint32Array, k: number): SimHashIndex {
  const index = new SimHashIndex({ maxDistance: k });
  index.addMany(fingerprints, ids);
  return index;
}
