// Leader grouping over verified pairs (grouping/leader-pairs.ts): the order the documents lead in. A copy with another
// text's paragraph appended passes by containment alone against both texts' families; counted like the partners at the
// threshold it has the most partners, leads, and pulls both families into one group.
import { describe, expect, it } from 'vitest';
import { leaderGroupsFromPairs } from '../../packages/corpus/src/grouping/leader-pairs.js';

/** Documents 0 and 1 one family, 2 and 3 another; 4 is 0's text with a paragraph of 2's appended. */
const pairs = {
  earlier: Uint32Array.from([0, 2, 0, 1, 2, 3]),
  later: Uint32Array.from([1, 3, 4, 4, 4, 4]),
  distance: Uint8Array.from([3, 4, 9, 10, 9, 11]),
};
const similarity = Float64Array.from([0.9, 0.85, 0.47, 0.45, 0.46, 0.44]);

function roots(threshold?: number): number[] {
  const root = Int32Array.from([0, 1, 2, 3, 4]);
  leaderGroupsFromPairs(new Uint8Array(5).fill(1), pairs, root, 'most-partners', similarity, threshold);
  return [...root];
}

describe('leader grouping by most partners', () => {
  it('counts the partners at the threshold first: the appended copy joins the leader it is most similar to', () => {
    expect(roots(0.5)).toEqual([0, 0, 2, 2, 0]);
  });

  it('with every partner counted alike, the appended copy leads and joins the two families (what the threshold prevents)', () => {
    expect(roots()).toEqual([4, 4, 4, 4, 4]);
  });

  it('breaks a tie in partners at the threshold by all partners', () => {
    // 0 and 1 each have one partner at the threshold; 1 also passes with 4 by containment alone, so 1 leads.
    const root = Int32Array.from([0, 1, 2]);
    const p = { earlier: Uint32Array.from([0, 1]), later: Uint32Array.from([1, 2]), distance: Uint8Array.from([2, 8]) };
    leaderGroupsFromPairs(new Uint8Array(3).fill(1), p, root, 'most-partners', Float64Array.from([0.9, 0.45]), 0.5);
    expect([...root]).toEqual([1, 1, 1]);
  });
});
