// Boilerplate does not make documents near: a mailing list whose messages share a long footer, and pages that share
// a disclaimer. Two short messages that share only the footer are near by SimHash (and by raw shingle Jaccard), and
// must not be duplicates; no chain of verified edges runs through the disclaimer; a real edit still groups.
import { describe, expect, it } from 'vitest';
import { dedupe } from '../../packages/corpus/src/dedupe/dedupe-documents.js';
import { setSimilarity, shingleHasher, shingleHashes } from '../../packages/corpus/src/grouping/verify.js';
import { article, edit } from '../support/dedupe-fixture.js';
import { mailingList } from './verify-fixture.js';

describe('boilerplate', () => {
  const list = mailingList();

  it('the fixture is what it means to be: two messages near by SimHash and by their raw shingles, sharing only the footer', async () => {
    const hasher = shingleHasher({ shingle: 3 });
    expect(setSimilarity(shingleHashes(hasher, list[1].text), shingleHashes(hasher, list[2].text), 'jaccard')).toBeGreaterThan(0.5);
    const plain = await dedupe(list, { maxDistance: 32, verify: 'off' });
    expect(plain.rows.find((r) => r.id === 'msg1')!.cluster).toBe(plain.rows.find((r) => r.id === 'msg2')!.cluster);
    expect(plain.rows.find((r) => r.id === 'msg1')!.cluster).not.toBeNull();
  });

  it('with verification, messages that share only the footer are not duplicates; the edited message is', async () => {
    for (const verify of ['jaccard', 'containment'] as const) {
      const { rows } = await dedupe(list, { maxDistance: 32, verify });
      const grouped = rows.filter((r) => r.cluster !== null);
      expect(grouped.map((r) => r.id), verify).toEqual(['msg0', 'msg0-edited']);
      const similarity = grouped[1].similarity!;
      // 15 body shingles (13 inside the body, 2 across into the footer), 3 of them changed: 12 / 18.
      expect(similarity).toBeCloseTo(verify === 'jaccard' ? 12 / 18 : 12 / 15, 4);
    }
  });

  it('the same from a generator (the sets made in the first pass) as from the array', async () => {
    function* generate() { yield* list; }
    const fromArray = await dedupe(list, { maxDistance: 32 });
    const fromGenerator = await dedupe(generate(), { maxDistance: 32 });
    expect(fromGenerator.rows).toEqual(fromArray.rows);
  });

  it('connected grouping does not chain unrelated pages through a shared disclaimer', async () => {
    const disclaimer = article(999, 80); // a long legal notice, in 24 pages of 40 words each
    const pages = Array.from({ length: 24 }, (_, i) => ({ id: `page${i}`, text: `${article(300 + i, 40)} ${disclaimer}` }));
    pages.push({ id: 'page3-edited', text: `${edit(article(303, 40), [20])} ${disclaimer}` });
    const plain = await dedupe(pages, { maxDistance: 24, grouping: 'connected', verify: 'off' });
    expect(Math.max(...plain.rows.map((r) => plain.rows.filter((s) => s.cluster !== null && s.cluster === r.cluster).length))).toBeGreaterThan(10);
    const verified = await dedupe(pages, { maxDistance: 24, grouping: 'connected' });
    expect(verified.rows.filter((r) => r.cluster !== null).map((r) => r.id)).toEqual(['page3', 'page3-edited']);
  });
});
