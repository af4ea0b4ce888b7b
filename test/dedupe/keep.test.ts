// Which member of a group stays (grouping/keep.ts): the rule alone, then through groupDocuments and the rows, where
// the representative moves the distances, similarities and row tiers but never the groups or the counts; and the
// library's dedupe() with each rule, and its refusals.
import { describe, expect, it } from 'vitest';
import { DIGEST_BYTES } from '../../packages/corpus/src/analysis/analyze-document.js';
import { chooseRepresentative, keepValues, type KeepRule } from '../../packages/corpus/src/grouping/keep.js';
import { groupDocuments } from '../../packages/corpus/src/grouping/group.js';
import { clusterRows, keepCounts, placeDocuments } from '../../packages/corpus/src/grouping/cluster-rows.js';
import { dedupe } from '../../packages/corpus/src/dedupe/dedupe-documents.js';
import { naturalDistances } from '../../packages/corpus/src/evaluation/labelled-pairs.js';
import { article, edit } from '../support/dedupe-fixture.js';

describe('chooseRepresentative', () => {
  const tokens = Uint32Array.from([50, 80, 30, 80, 30]);
  const docs = [0, 1, 2, 3, 4];
  it('first, longest, shortest; ties go to the earliest', () => {
    expect(chooseRepresentative(docs, 'first', tokens)).toBe(0);
    expect(chooseRepresentative(docs, 'longest', tokens)).toBe(1); // 1 and 3 both have 80
    expect(chooseRepresentative(docs, 'shortest', tokens)).toBe(2); // 2 and 4 both have 30
    expect(chooseRepresentative([3, 4], 'longest', tokens)).toBe(0);
  });
  it('by field: largest or smallest number; a document without one ranks last, and ties go to the earliest', () => {
    const values = keepValues([{ keepValue: 2 }, {}, { keepValue: 7 }, { keepValue: -1 }, { keepValue: 7 }], { max: 'score' })!;
    expect(Array.from(values)).toEqual([2, NaN, 7, -1, 7]);
    expect(chooseRepresentative(docs, { max: 'score' }, tokens, values)).toBe(2);
    expect(chooseRepresentative(docs, { min: 'score' }, tokens, values)).toBe(3);
    expect(chooseRepresentative([1, 0], { min: 'score' }, tokens, values)).toBe(1); // doc 1 has none: doc 0 wins
    expect(chooseRepresentative([1, 1], { max: 'score' }, tokens, values)).toBe(0); // none has one: the earliest
    expect(keepValues([{ keepValue: 1 }], 'longest')).toBeUndefined();
  });
});

describe('groupDocuments with a keep rule', () => {
  // One near group: 0 (50 tokens), 1 near it (90 tokens), 2 an exact copy of 1, 3 an exact copy of 0; and 4 alone.
  const fps = [0b0000n, 0b0011n, 0b0011n, 0b0000n, 0xffff0000n];
  const digests = new Uint8Array(fps.length * DIGEST_BYTES);
  [1, 2, 2, 1, 3].forEach((d, i) => (digests[i * DIGEST_BYTES] = d));
  const base = { fingerprints: BigUint64Array.from(fps), tokens: Uint32Array.from([50, 90, 90, 50, 40]), digests, maxDistance: 2, minTokens: 20, mode: 'leader' as const };

  it('the same groups whatever the rule; the representative, distances and row tiers follow it; the counts do not change', () => {
    const first = groupDocuments(base);
    const longest = groupDocuments({ ...base, keep: 'longest' });
    expect(longest.groups.map((g) => g.members.map((m) => [m.doc, m.tier, m.copyOf]))).toEqual(first.groups.map((g) => g.members.map((m) => [m.doc, m.tier, m.copyOf])));
    expect(first.groups.map((g) => g.representative)).toEqual([0]);
    expect(longest.groups.map((g) => g.representative)).toEqual([1]);
    expect(longest.groups[0].members.map((m) => m.distance)).toEqual([2, 0, 0, 2]);
    const rows = (grouping: typeof first) => [...clusterRows(placeDocuments(grouping, 5), (d) => `d${d}`)].map((r) => [r.id, r.representative, r.tier, r.kept, r.distance]);
    expect(rows(first)).toEqual([['d0', 'd0', 'near', true, 0], ['d1', 'd0', 'near', false, 2], ['d2', 'd0', 'exact', false, 2], ['d3', 'd0', 'exact', false, 0], ['d4', 'd4', 'unique', true, 0]]);
    // Kept: d1. Its exact copy d2 is dropped as exact; d0, the first of the other text, as near; d3, d0's copy, as exact.
    expect(rows(longest)).toEqual([['d0', 'd1', 'near', false, 2], ['d1', 'd1', 'near', true, 0], ['d2', 'd1', 'exact', false, 0], ['d3', 'd1', 'exact', false, 2], ['d4', 'd4', 'unique', true, 0]]);
    expect(keepCounts(longest, 5)).toEqual(keepCounts(first, 5));
    const tiers = (grouping: typeof first) => [...clusterRows(placeDocuments(grouping, 5), String)].filter((r) => !r.kept).map((r) => r.tier).sort();
    expect(tiers(longest)).toEqual(tiers(first));
    // eval --natural reads the same: one near distance, to whichever member is kept.
    expect(naturalDistances(longest.groups)).toEqual([2]);
    expect(naturalDistances(first.groups)).toEqual([2]);
  });

  it('an exact copy can be the one kept (by field): the first of its text is then dropped as exact', () => {
    const values = Float64Array.from([1, 2, 9, 0, NaN]);
    const grouping = groupDocuments({ ...base, keep: { max: 'score' }, keepValues: values });
    expect(grouping.groups[0].representative).toBe(2);
    const rows = [...clusterRows(placeDocuments(grouping, 5), (d) => `d${d}`)].map((r) => [r.id, r.tier, r.kept]);
    expect(rows).toEqual([['d0', 'near', false], ['d1', 'exact', false], ['d2', 'near', true], ['d3', 'exact', false], ['d4', 'unique', true]]);
  });

  it('with verification, each member\'s similarity is to the representative (exact copies take their text\'s)', () => {
    const between = (a: number, b: number) => (a === b ? 1 : 0.5 + (a + b) / 100);
    const pairs = { earlier: Uint32Array.of(0), later: Uint32Array.of(1), distance: Uint8Array.of(2) };
    const grouping = groupDocuments({ ...base, keep: 'longest', nearPairs: pairs, similarity: Float64Array.of(0.51), memberSimilarity: between });
    expect(grouping.groups[0].members.map((m) => m.similarity)).toEqual([0.51, 1, 1, 0.51]);
  });
});

describe('dedupe() keep', () => {
  const A = article(31, 120), B = article(32, 120);
  const documents = [
    { id: 'a', text: A, meta: { score: 3 } },
    { id: 'a-long', text: `${A} ${article(33, 12)}`, meta: { score: 1 } },
    { id: 'a-short', text: A.split(' ').slice(0, 110).join(' '), meta: {} },
    { id: 'b', text: B, meta: { score: 5 } },
    { id: 'b-near', text: edit(B, [20]), meta: { score: 5 } },
  ];
  const kept = async (keep?: KeepRule) =>
    (await dedupe(documents, keep === undefined ? {} : { keep })).rows.filter((r) => r.kept).map((r) => r.id);

  it('first (the default), longest, shortest, and by a field of the document object', async () => {
    expect(await kept()).toEqual(['a', 'b']);
    expect(await kept('first')).toEqual(['a', 'b']);
    expect(await kept('longest')).toEqual(['a-long', 'b']);
    expect(await kept('shortest')).toEqual(['a-short', 'b']);
    expect(await kept({ max: 'meta.score' })).toEqual(['a', 'b']); // b and b-near tie at 5: the earlier
    expect(await kept({ min: 'meta.score' })).toEqual(['a-long', 'b']); // a-short has no score: last
  });

  it('names the documents without a number in the field, with the reason, as the command line reports them', async () => {
    const outcome = await dedupe([...documents, { id: 7, text: article(34, 60), meta: { score: 'high' } }], { keep: { max: 'meta.score' } });
    expect(outcome.flagged).toEqual([
      { id: 'a-short', reason: 'no number in "meta.score" to keep by (got none): it ranks last in its group' },
      { id: 7, reason: 'no number in "meta.score" to keep by (got string): it ranks last in its group' },
    ]);
    // A rule by no field reads no field: nothing to flag.
    expect((await dedupe(documents, { keep: 'longest' })).flagged).toEqual([]);
  });

  it('refuses a bad rule with a RangeError naming options.keep', async () => {
    for (const keep of ['biggest', { max: '' }, { max: 'a..b' }, { max: 'a', min: 'b' }, { longest: true }, 3, null]) {
      await expect(dedupe(documents, { keep: keep as never })).rejects.toThrow(/^options\.keep must be 'first', 'longest', 'shortest', \{ max: FIELD \} or \{ min: FIELD \}/);
      await expect(dedupe(documents, { keep: keep as never })).rejects.toThrow(RangeError);
    }
  });
});
