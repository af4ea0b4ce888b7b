// The verification tier (packages/corpus/src/grouping/verify.ts): the set similarity against brute force on random
// and adversarial sets, the shingle sets against the judge that does not use SimHash (evaluation/shingle-jaccard.ts),
// the boilerplate threshold, and the grouping: only verified edges join. The sketches and the boilerplate sample:
// verify-sketch.test.ts.
import { describe, expect, it } from 'vitest';
import { Random } from '../../packages/corpus/src/evaluation/random.js';
import { jaccard, shingleSet } from '../../packages/corpus/src/evaluation/shingle-jaccard.js';
import { groupDocuments } from '../../packages/corpus/src/grouping/group.js';
import { boilerplateThreshold, comparePairs, intersectionSize, setSimilarity, shingleHasher, shingleHashes, sortedUnique } from '../../packages/corpus/src/grouping/verify.js';
import { DIGEST_BYTES } from '../../packages/corpus/src/analysis/analyze-document.js';

function bruteForce(a: readonly number[], b: readonly number[], mode: 'jaccard' | 'containment'): number {
  const A = new Set(a), B = new Set(b);
  if (A.size === 0 || B.size === 0) return 0;
  let shared = 0;
  for (const x of A) if (B.has(x)) shared++;
  return mode === 'jaccard' ? shared / (A.size + B.size - shared) : shared / Math.min(A.size, B.size);
}

function randomSet(random: Random, size: number, universe: number): number[] {
  return Array.from({ length: size }, () => Math.floor(random.next() * universe) >>> 0);
}

const set = (values: readonly number[]) => sortedUnique(Uint32Array.from(values));

describe('set similarity', () => {
  it('equals brute force on random sets of every overlap, both modes', () => {
    const random = new Random(7);
    for (let trial = 0; trial < 400; trial++) {
      // Small universes force overlap; large ones make it rare; sizes from 0 to 300.
      const universe = [10, 100, 1000, 2 ** 32][trial % 4];
      const a = randomSet(random, Math.floor(random.next() * 300), universe);
      const b = trial % 5 === 0 ? [...a.slice(0, a.length >> 1), ...randomSet(random, 20, universe)] : randomSet(random, Math.floor(random.next() * 300), universe);
      for (const mode of ['jaccard', 'containment'] as const) expect(setSimilarity(set(a), set(b), mode)).toBeCloseTo(bruteForce(a, b, mode), 12);
    }
  });

  it('adversarial sets: empty, identical, disjoint, nested, the extreme values, duplicates in the input', () => {
    const cases: [number[], number[]][] = [
      [[], []], [[], [1]], [[0], [0]], [[0xffffffff], [0xffffffff, 0]], [[1, 2, 3], [4, 5, 6]],
      [[1, 2, 3, 4], [2, 3]], [[5, 5, 5, 6], [5, 6, 6]], [[0, 0xffffffff, 0x80000000], [0x80000000, 0x7fffffff]],
      [Array.from({ length: 1000 }, (_, i) => i * 2), Array.from({ length: 1000 }, (_, i) => i * 2 + 1)],
    ];
    for (const [a, b] of cases) {
      for (const mode of ['jaccard', 'containment'] as const) {
        expect(setSimilarity(set(a), set(b), mode)).toBeCloseTo(bruteForce(a, b, mode), 12);
        expect(setSimilarity(set(b), set(a), mode)).toBe(setSimilarity(set(a), set(b), mode)); // symmetric
      }
    }
    expect(intersectionSize(set([1, 2, 3, 4]), set([2, 3]))).toBe(2);
    expect(setSimilarity(set([1, 2, 3, 4]), set([2, 3]), 'containment')).toBe(1); // a page inside a longer one
    expect(setSimilarity(set([1, 2, 3, 4]), set([2, 3]), 'jaccard')).toBe(0.5);
  });

  it('the shingle sets give the judge\'s Jaccard (evaluation/shingle-jaccard.ts) on random texts, short ones included', () => {
    const hasher = shingleHasher({ shingle: 3 });
    const random = new Random(11);
    const words = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu'.split(' ');
    const text = (n: number) => Array.from({ length: n }, () => random.pick(words)).join(random.next() < 0.5 ? ' ' : ', ');
    for (let trial = 0; trial < 200; trial++) {
      const a = text(Math.floor(random.next() * 60));
      // Half the time an edit of a (shared shingles), else another text.
      const b = trial % 2 === 0 ? `${a} ${text(3)}`.toUpperCase() : text(Math.floor(random.next() * 60));
      const want = shingleSet(a).size === 0 || shingleSet(b).size === 0 ? 0 : jaccard(shingleSet(a), shingleSet(b));
      expect(setSimilarity(shingleHashes(hasher, a), shingleHashes(hasher, b), 'jaccard')).toBeCloseTo(want, 12);
      expect(shingleHashes(hasher, a).length).toBe(shingleSet(a).size); // no two shingles share 32 bits here
    }
  });
});

describe('the boilerplate count', () => {
  it('the threshold: at least 8 texts, else 1% of them', () => {
    expect([10, 799, 800, 801, 6000, 1e6].map(boilerplateThreshold)).toEqual([8, 8, 8, 9, 60, 10_000]);
  });
});

/** Fingerprints all within k of each other, so every pair is a candidate and only verification decides. */
function input(n: number) {
  const digests = new Uint8Array(n * DIGEST_BYTES);
  for (let d = 0; d < n; d++) digests[d * DIGEST_BYTES] = d + 1;
  return { fingerprints: new BigUint64Array(n), tokens: new Uint32Array(n).fill(100), digests, maxDistance: 3, minTokens: 20 };
}

describe('grouping over verified pairs', () => {
  // 0 ~ 1 and 1 ~ 2 verified, 0 ~ 2 not: a chain.
  const pairs = { earlier: Uint32Array.of(0, 0, 1), later: Uint32Array.of(1, 2, 2), distance: Uint8Array.of(0, 0, 0) };
  const texts = [[1, 2, 3, 4], [1, 2, 3, 4, 5, 6], [3, 4, 5, 6, 7, 8]];
  const verified = comparePairs(pairs, new Map(texts.map((t, doc) => [doc, set(t)])), { mode: 'jaccard', threshold: 0.5 });

  it('keeps only the pairs at or above the threshold', () => {
    expect([...verified.pairs.earlier].map((a, i) => [a, verified.pairs.later[i]])).toEqual([[0, 1], [1, 2]]);
    expect([...verified.similarity]).toEqual([4 / 6, 4 / 8]);
  });

  it('leader: the document verified against the most others leads, so two copies of it that do not verify against each other are one group; without verification all three join', () => {
    const plain = groupDocuments({ ...input(3), mode: 'leader' });
    expect(plain.groups.map((g) => g.members.map((m) => m.doc))).toEqual([[0, 1, 2]]);
    // 1 is verified against 0 and 2: it leads, though 0 comes first (which, taken first, kept 2 out).
    const leader = groupDocuments({ ...input(3), mode: 'leader', nearPairs: verified.pairs, similarity: verified.similarity, memberSimilarity: verified.between });
    expect(leader.groups.map((g) => g.members.map((m) => m.doc))).toEqual([[0, 1, 2]]);
    // The representative is still the first (keep 'first'); each member says its similarity to it.
    expect(leader.groups[0].representative).toBe(0);
    expect(leader.groups[0].members.map((m) => m.similarity)).toEqual([1, 4 / 6, 2 / 8]);
  });

  it('leader: a member joins only a leader it is verified against (a chain of four: the end verified against a member alone stays out)', () => {
    const texts4 = [...texts, [5, 6, 7, 8, 9, 10]]; // 3 ~ 2 (4/8); 3 and 0, 1 share little
    const all = { earlier: Uint32Array.of(0, 0, 0, 1, 1, 2), later: Uint32Array.of(1, 2, 3, 2, 3, 3), distance: new Uint8Array(6) };
    const chain = comparePairs(all, new Map(texts4.map((t, doc) => [doc, set(t)])), { mode: 'jaccard', threshold: 0.5 });
    expect([...chain.pairs.earlier].map((a, i) => [a, chain.pairs.later[i]])).toEqual([[0, 1], [1, 2], [2, 3]]);
    // 1 and 2 have two partners each: 1, the earlier, leads; 0 and 2 join it; 3's one partner leads nothing.
    const leader = groupDocuments({ ...input(4), mode: 'leader', nearPairs: chain.pairs, similarity: chain.similarity, memberSimilarity: chain.between });
    expect(leader.groups.map((g) => g.members.map((m) => m.doc))).toEqual([[0, 1, 2]]);
    const connected = groupDocuments({ ...input(4), mode: 'connected', nearPairs: chain.pairs });
    expect(connected.groups.map((g) => g.members.map((m) => m.doc))).toEqual([[0, 1, 2, 3]]);
  });

  it('connected: verified edges chain (and each member says its similarity to the first, here below the threshold)', () => {
    const connected = groupDocuments({ ...input(3), mode: 'connected', nearPairs: verified.pairs, similarity: verified.similarity, memberSimilarity: verified.between });
    expect(connected.groups.map((g) => g.members.map((m) => m.doc))).toEqual([[0, 1, 2]]);
    expect(connected.groups[0].members.map((m) => m.similarity)).toEqual([1, 4 / 6, 2 / 8]);
  });

  it('leader prefers the most similar verified leader over the nearest', () => {
    // 0 and 1 lead (three partners each, not each other); 2 is verified against both: 1 more similar, 0 nearer.
    const pairs7 = { earlier: Uint32Array.of(0, 0, 0, 1, 1, 1), later: Uint32Array.of(2, 3, 4, 2, 5, 6), distance: Uint8Array.of(1, 0, 0, 3, 0, 0) };
    const grouping = groupDocuments({ ...input(7), mode: 'leader', nearPairs: pairs7, similarity: Float64Array.of(0.6, 0.8, 0.8, 0.9, 0.8, 0.8) });
    expect(grouping.groups.map((g) => g.members.map((m) => m.doc))).toEqual([[0, 3, 4], [1, 2, 5, 6]]);
  });

  it('leader: the groups do not depend on the order the pairs come in', () => {
    const random = new Random(5);
    const n = 60;
    const list: [number, number][] = [];
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) if (random.next() < 0.08) list.push([a, b]);
    const similarity = list.map(() => 0.5 + Math.floor(random.next() * 4) / 8); // ties on purpose
    const grouped = (order: number[]) => groupDocuments({
      ...input(n), mode: 'leader', similarity: Float64Array.from(order, (i) => similarity[i]),
      nearPairs: { earlier: Uint32Array.from(order, (i) => list[i][0]), later: Uint32Array.from(order, (i) => list[i][1]), distance: new Uint8Array(order.length) },
    }).groups.map((g) => g.members.map((m) => m.doc));
    const forward = list.map((_, i) => i);
    const shuffled = [...forward].sort(() => random.next() - 0.5);
    expect(grouped(forward).length).toBeGreaterThan(3);
    expect(grouped(shuffled)).toEqual(grouped(forward));
    expect(grouped([...forward].reverse())).toEqual(grouped(forward));
  });
});
