// Boilerplate does not make documents near: a mailing list whose messages share a long footer, and pages that share
// a disclaimer. Two short messages that share only the footer are near by SimHash (and by raw shingle Jaccard), and
// must not be duplicates; no chain of verified edges runs through the disclaimer; a real edit still groups.
import { describe, expect, it } from 'vitest';
import { dedupe } from '../../packages/corpus/src/dedupe/dedupe-documents.js';
import { boilerplateThreshold, setSimilarity, shingleHasher, shingleHashes } from '../../packages/corpus/src/grouping/verify.js';
import { jaccard, shingleSet } from '../../packages/corpus/src/evaluation/shingle-jaccard.js';
import { hamming } from '../../packages/simhash-wasm/src/index.js';
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

describe('dedupe() against brute force', () => {
  it('leader grouping with verification is what brute-force Jaccard and distance say, member by member', async () => {
    // 8 articles, each with variants edited at 3, 15, 30 and 45 of their 150 words: Jaccard from ~0.95 to ~0.3,
    // so some variants verify against their article and some only against another variant, or nothing.
    const docs: { id: string; text: string }[] = [];
    for (let a = 0; a < 8; a++) {
      const base = article(900 + a, 150);
      docs.push({ id: `a${a}`, text: base });
      for (const edits of [3, 15, 30, 45]) docs.push({ id: `a${a}-${edits}`, text: edit(base, Array.from({ length: edits }, (_, i) => (i * 37 + a * 11) % 150)) });
    }
    const k = 24;
    const { rows } = await dedupe(docs, { maxDistance: k, minTokens: 5 });
    const hasher = shingleHasher({ shingle: 3 });
    const fingerprint = (doc: number) => hasher.fingerprint(docs[doc].text);
    // The brute-force judge, boilerplate rule included: word 3-shingles as strings (evaluation/shingle-jaccard.ts),
    // exact counts over the 40 distinct texts, those in 8 or more left out. (With a 44-word vocabulary, a trigram
    // shared by two families' ten texts is boilerplate here: the rule is part of what is compared.)
    const raw = docs.map((d) => shingleSet(d.text));
    const df = new Map<string, number>();
    for (const set of raw) for (const s of set) df.set(s, (df.get(s) ?? 0) + 1);
    const kept = raw.map((set) => new Set([...set].filter((s) => df.get(s)! < boilerplateThreshold(docs.length))));
    expect(kept.some((set, i) => set.size < raw[i].size)).toBe(true); // the rule did something here
    const judge = (a: number, b: number) => (kept[a].size === 0 || kept[b].size === 0 ? 0 : jaccard(kept[a], kept[b]));
    // The groups brute force says: the verified pairs (within k, judged at least 0.5); the documents taken with the
    // most verified partners first (ties: the earliest); each joins the most similar leader taken before it that it
    // is verified against (ties: the nearest, then the earliest), or leads.
    const verified = (a: number, b: number) => a !== b && hamming(fingerprint(a), fingerprint(b)) <= k && judge(a, b) >= 0.5;
    const partners = docs.map((_, a) => docs.map((_, b) => b).filter((b) => verified(a, b)));
    const order = docs.map((_, d) => d).sort((a, b) => partners[b].length - partners[a].length || a - b);
    const leaderOf = new Map<number, number>();
    for (const doc of order) {
      const leaders = partners[doc].filter((p) => leaderOf.get(p) === p);
      const rank = (p: number) => [judge(p, doc), -hamming(fingerprint(p), fingerprint(doc)), -p];
      const best = leaders.sort((a, b) => { const [x, y] = [rank(a), rank(b)]; return y[0] - x[0] || y[1] - x[1] || y[2] - x[2]; })[0];
      leaderOf.set(doc, best ?? doc);
    }
    const members = (leader: number) => docs.map((_, d) => d).filter((d) => leaderOf.get(d) === leader);
    let near = 0;
    const firstOfCluster = new Map<number, number>();
    rows.forEach((row, doc) => {
      expect(row.tier).not.toBe('exact');
      const group = members(leaderOf.get(doc)!);
      const first = group[0]; // keep 'first': the earliest member stays
      expect(row.representative, String(row.id)).toBe(docs[first].id);
      if (group.length === 1) return expect(row.cluster).toBeNull();
      expect(firstOfCluster.get(row.cluster!) ?? first, String(row.id)).toBe(first);
      firstOfCluster.set(row.cluster!, first);
      if (doc === first) return;
      near++;
      expect(row.similarity).toBeCloseTo(judge(first, doc), 4);
      expect(row.distance).toBe(hamming(fingerprint(first), fingerprint(doc)));
    });
    // Nothing chains: in every group of the run one member is verified against each of the others.
    for (const cluster of firstOfCluster.keys()) {
      const group = rows.flatMap((row, doc) => (row.cluster === cluster ? [doc] : []));
      expect(group.some((leader) => group.every((doc) => doc === leader || verified(leader, doc))), `cluster ${cluster}`).toBe(true);
    }
    const leaders = new Set(leaderOf.values());
    expect(near).toBeGreaterThan(8); // the test saw near members, and leaders (the 45-word edits) too
    expect(leaders.size).toBeGreaterThan(8);
    // Some group here is led by a member that is not its first: the order by partners is exercised.
    expect([...leaders].some((leader) => members(leader)[0] !== leader)).toBe(true);
  });
});
