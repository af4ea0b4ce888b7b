// The candidate distance chosen for a corpus's size and spread: the largest k whose expected chance candidates per
// document stay within the budget, checked against the binomial's tail computed here independently (exact integer
// binomial coefficients), at several corpus sizes, and whose search the index's cost model puts within its budget.
import { describe, expect, it } from 'vitest';
// The WebAssembly scan kernel, as the corpus job has it: the cost model's estimates depend on the kernel in use.
import 'simhash-wasm';
import { estimatePairsNs } from 'simhash-wasm/internal';
import { fitBetaBinomial } from '../../packages/corpus/src/evaluation/beta-binomial.js';
import { CHANCE_CANDIDATES_PER_DOCUMENT, chooseCandidateDistance, MAX_CANDIDATE_DISTANCE, MIN_CANDIDATE_DISTANCE, PAIRS_NS_PER_DOCUMENT } from '../../packages/corpus/src/evaluation/candidate-budget.js';

/** Binomial(64, 1/2) counts, as independent random fingerprints' distances (scaled: only the shape matters). */
const choose = (n: number, k: number): bigint => {
  let c = 1n;
  for (let i = 0; i < k; i++) c = (c * BigInt(n - i)) / BigInt(i + 1);
  return c;
};
const binomialCounts = Float64Array.from({ length: 65 }, (_, d) => Number(choose(64, d)));
/** P(D <= k) of Binomial(64, 1/2), exactly. */
const tail = (k: number) => {
  let sum = 0n;
  for (let d = 0; d <= k; d++) sum += choose(64, d);
  return Number(sum) / 2 ** 64;
};
/** The largest k in range with (N - 1) P(D <= k) <= budget, by the exact tail, and pairs() within the cost budget. */
const expectedK = (n: number, budget: number) => {
  let k = MIN_CANDIDATE_DISTANCE;
  for (let d = MIN_CANDIDATE_DISTANCE + 1; d <= MAX_CANDIDATE_DISTANCE; d++) if ((n - 1) * tail(d) <= budget && estimatePairsNs(d, n) <= PAIRS_NS_PER_DOCUMENT * n) k = d;
  return k;
};

describe('chooseCandidateDistance', () => {
  const random = fitBetaBinomial(binomialCounts);

  it.each([1_000, 100_000, 1_000_000, 100_000_000, 1_000_000_000])('random fingerprints, %i documents: the exact tail\'s k', (n) => {
    const chosen = chooseCandidateDistance(random, n);
    expect(chosen.distance).toBe(expectedK(n, CHANCE_CANDIDATES_PER_DOCUMENT));
    expect(chosen.chancePerDocument).toBeLessThanOrEqual(CHANCE_CANDIDATES_PER_DOCUMENT);
  });

  it('the distance shrinks as the corpus grows, and grows with the budget', () => {
    const ks = [1e3, 1e5, 1e6, 1e8, 1e9].map((n) => chooseCandidateDistance(random, n).distance);
    expect([...ks].sort((a, b) => b - a)).toEqual(ks);
    expect(ks[0]).toBeGreaterThan(ks[4]);
    expect(chooseCandidateDistance(random, 1e4, 100).distance).toBeGreaterThan(chooseCandidateDistance(random, 1e4, 1).distance);
  });

  it('a corpus whose documents are alike (distances spread wider) gets a smaller k than random fingerprints', () => {
    // Distances of a real corpus: the same mean, a wider spread (documents share a language and templates).
    const spread = Float64Array.from({ length: 65 }, (_, d) => Math.exp(-((d - 32) ** 2) / (2 * 6 ** 2)));
    const alike = fitBetaBinomial(spread);
    expect(chooseCandidateDistance(alike, 1e6).distance).toBeLessThan(chooseCandidateDistance(random, 1e6).distance);
  });

  it('stays within [MIN, MAX]: a tiny corpus gets the widest, a huge one no less than the narrowest', () => {
    expect(chooseCandidateDistance(random, 2).distance).toBe(MAX_CANDIDATE_DISTANCE);
    const all = fitBetaBinomial(Float64Array.from({ length: 65 }, (_, d) => (d < 4 ? 1 : 0)));
    expect(chooseCandidateDistance(all, 1e9).distance).toBe(MIN_CANDIDATE_DISTANCE);
  });

  it('refuses a non-positive corpus size or budget, naming it', () => {
    expect(() => chooseCandidateDistance(random, 0)).toThrow(/documents must be a positive integer/);
    expect(() => chooseCandidateDistance(random, 1.5)).toThrow(RangeError);
    expect(() => chooseCandidateDistance(random, 10, 0)).toThrow(/budget must be a positive number/);
  });
});
