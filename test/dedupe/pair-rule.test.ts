// The verification's rule (grouping/pair-rule.ts): which candidate pairs pass in each mode, on sets made to the
// edits the default mode is for (an end cut, a paragraph appended) and to the ones it must refuse (a short text quoted
// whole in a long one), and the least Jaccard the sketches' test relies on, held to the rule on random sizes.
import { describe, expect, it } from 'vitest';
import { shingleHasher, shingleHashes } from '../../packages/corpus/src/analysis/shingle-sets.js';
import { Random } from '../../packages/corpus/src/evaluation/random.js';
import { CONTAINED_JACCARD_SHARE, CONTAINED_SHARE, leastJaccard, pairPasses, passesCounts, type PairRule } from '../../packages/corpus/src/grouping/pair-rule.js';
import { DEFAULT_VERIFY_MODE } from '../../packages/corpus/src/grouping/verify.js';

const hasher = shingleHasher({ shingle: 3 });
const random = new Random(25);
const words = (n: number) => Array.from({ length: n }, () => `w${random.below(1_000_000)}`).join(' ');
const setOf = (text: string) => shingleHashes(hasher, text);
const rule = (mode: PairRule['mode'], threshold = 0.5): PairRule => ({ mode, threshold });

describe('the verification rule', () => {
  it('is jaccard-or-contained by default', () => {
    expect(DEFAULT_VERIFY_MODE).toBe('jaccard-or-contained');
    expect([CONTAINED_SHARE, CONTAINED_JACCARD_SHARE]).toEqual([0.8, 0.9]);
  });

  it('passes a copy with a paragraph as long as the text appended, which Jaccard alone refuses', () => {
    const text = words(300);
    const appended = `${text} ${words(330)}`; // Jaccard about 0.47, the original wholly inside
    const [a, b] = [setOf(text), setOf(appended)];
    expect(pairPasses(a, b, rule('jaccard'))).toBe(false);
    expect(pairPasses(a, b, rule('jaccard-or-contained'))).toBe(true);
    expect(pairPasses(b, a, rule('jaccard-or-contained'))).toBe(true);
    expect(pairPasses(a, b, rule('containment'))).toBe(true);
  });

  it('refuses a short text quoted whole in a long unrelated one, which containment alone passes', () => {
    const quoted = words(100);
    const [a, b] = [setOf(quoted), setOf(`${words(400)} ${quoted} ${words(200)}`)];
    expect(pairPasses(a, b, rule('containment'))).toBe(true);
    expect(pairPasses(a, b, rule('jaccard-or-contained'))).toBe(false);
  });

  it('needs both clauses of the second test: four fifths contained, and the Jaccard at 0.9 of the threshold', () => {
    const r = rule('jaccard-or-contained');
    // |A| = 100, |B| = 200: containment shared/100, Jaccard shared/(300 - shared).
    expect(passesCounts(94, 100, 200, r)).toBe(true); // containment 0.94, Jaccard 0.456
    expect(passesCounts(93, 100, 200, r)).toBe(false); // Jaccard 0.449 < 0.45
    expect(passesCounts(79, 100, 120, r)).toBe(true); // Jaccard 0.560: the first clause
    expect(passesCounts(79, 100, 120, rule('jaccard', 0.6))).toBe(false);
    expect(passesCounts(79, 100, 120, rule('jaccard-or-contained', 0.6))).toBe(false); // containment 0.79 < 0.8
    expect(passesCounts(80, 100, 120, rule('jaccard-or-contained', 0.6))).toBe(true); // 0.8 and 0.571 ≥ 0.54
    expect(passesCounts(0, 0, 0, r)).toBe(false);
    expect(passesCounts(0, 0, 10, rule('containment'))).toBe(false);
  });

  it('the least Jaccard of a passing pair bounds every pair that passes, with its sizes or without', () => {
    for (let i = 0; i < 20_000; i++) {
      const a = 1 + random.below(2000), b = 1 + random.below(2000);
      const shared = random.below(Math.min(a, b) + 1);
      const r = rule((['jaccard', 'containment', 'jaccard-or-contained'] as const)[i % 3], 0.05 + 0.95 * random.next());
      if (!passesCounts(shared, a, b, r)) continue;
      const jaccard = shared / (a + b - shared);
      expect(jaccard).toBeGreaterThanOrEqual(leastJaccard(r, a, b) - 1e-12);
      expect(leastJaccard(r, a, b)).toBeGreaterThanOrEqual(leastJaccard(r));
    }
    expect(leastJaccard(rule('jaccard'))).toBe(0.5);
    expect(leastJaccard(rule('jaccard-or-contained'))).toBe(0.45);
    expect(leastJaccard(rule('jaccard-or-contained'), 300, 300)).toBe(0.5); // like sizes: tested at the threshold
    expect(leastJaccard(rule('containment'))).toBe(0);
  });
});
