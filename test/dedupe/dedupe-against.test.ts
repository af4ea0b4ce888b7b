// dedupe()'s `against`: documents in memory deduplicated against documents kept before. A new document near a
// reference document (verified exactly, as pairs of the run are) is dropped for it and its row names it; its exact
// copies go with it; the rest are grouped among themselves as without a reference.
import { describe, expect, it } from 'vitest';
import { dedupe } from '../../packages/corpus/src/dedupe/index.js';
import { article, edit } from '../support/dedupe-fixture.js';

const reference = Array.from({ length: 30 }, (_, i) => ({ id: `ref-${i}`, text: article(300 + i, 150) }));
const batch = [
  // Edits of reference documents 0..9: dropped for them.
  ...Array.from({ length: 10 }, (_, i) => ({ id: `copy-${i}`, text: edit(reference[i].text, [5 + i, 70]) })),
  // An exact copy (case differs) of copy-0: goes with it.
  { id: 'copy-0-again', text: edit(reference[0].text, [5, 70]).toUpperCase() },
  // New articles, each with an edited copy in the batch: one group each, its first kept.
  ...Array.from({ length: 5 }, (_, i) => ({ id: `new-${i}`, text: article(900 + i, 150) })),
  ...Array.from({ length: 5 }, (_, i) => ({ id: `new-${i}-edit`, text: edit(article(900 + i, 150), [40]) })),
];

describe('dedupe() against reference documents', () => {
  it('drops the near copies of reference documents, naming them, and groups the rest among themselves', async () => {
    const outcome = await dedupe(batch, { against: reference });
    const row = new Map(outcome.rows.map((r) => [r.id, r]));
    for (let i = 0; i < 10; i++) {
      const r = row.get(`copy-${i}`)!;
      expect(r).toMatchObject({ tier: 'reference', reference: `ref-${i}`, representative: `ref-${i}`, kept: false, cluster: null });
      expect(r.similarity).toBeGreaterThan(0.5);
      expect(r.similarity).toBeLessThan(1);
    }
    expect(row.get('copy-0-again')).toMatchObject({ tier: 'reference', reference: 'ref-0', similarity: row.get('copy-0')!.similarity });
    for (let i = 0; i < 5; i++) {
      expect(row.get(`new-${i}`)).toMatchObject({ tier: 'near', kept: true, reference: null });
      expect(row.get(`new-${i}-edit`)).toMatchObject({ tier: 'near', kept: false, representative: `new-${i}`, reference: null });
    }
    expect(outcome.summary).toMatchObject({ documents: 21, kept: 5, dropped: 16, droppedNear: 5, droppedReference: 11 });
    // On worker threads, and with the batch streamed (its sets made as it goes by): the same rows.
    expect((await dedupe(batch, { against: reference, threads: 2 })).rows).toEqual(outcome.rows);
    expect((await dedupe((function* () { yield* batch; })(), { against: reference })).rows).toEqual(outcome.rows);
  });

  it('without a reference, rows have no reference field; with verify off, the nearest reference document within k', async () => {
    const plain = await dedupe(batch);
    expect(plain.rows.every((r) => !('reference' in r))).toBe(true);
    expect(plain.summary.droppedReference).toBe(0);
    const off = await dedupe(batch, { against: reference, verify: 'off', maxDistance: 12 });
    expect(off.rows.filter((r) => r.tier === 'reference').map((r) => r.reference).sort()).toEqual([...Array.from({ length: 10 }, (_, i) => `ref-${i}`), 'ref-0'].sort());
    expect(off.rows.find((r) => r.id === 'copy-3')!.similarity).toBeNull();
  });

  it('refuses a reference that is not an array of { id, text }, naming the argument', async () => {
    await expect(dedupe(batch, { against: 'ref.jsonl' as never })).rejects.toThrow(new TypeError('options.against must be an array of { id, text }, got a string'));
    await expect(dedupe(batch, { against: [{ id: 'a', text: 3 }] as never })).rejects.toThrow(/^options\.against\[0\]\.text must be a string, got/);
    await expect(dedupe(batch, { against: [{ text: 'x' }] as never })).rejects.toThrow(TypeError);
  });
});
