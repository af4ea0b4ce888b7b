// `simhash eval --corpus` reports dedupe's own settings for the corpus (evaluation/verified-dedupe.ts): the k
// `simhash dedupe` with no -k chooses, and its verification, with the precision and recall to expect. Checked
// against dedupe itself (the same k, the same candidate and verified pairs on the same corpus), against a brute-force
// computation on labelled pairs (distance by the pure engine, Jaccard over plain sets of shingle hashes with the
// corpus's boilerplate taken out by exact counts), and on bad input.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSimHash, hamming } from '../../packages/simhash-wasm/src/pure/index.js';
import type { VerifiedDedupe } from '../../packages/corpus/src/evaluation/verified-dedupe.js';
import { runInProcess } from '../support/cli.js';
import { Random } from '../../packages/corpus/src/evaluation/random.js';
import { edit } from '../support/dedupe-fixture.js';
import { scratchDir } from '../support/scratch-dir.js';

/** Words from a vocabulary of 20,000, so two texts share a 3-shingle only when one was made from the other. */
function article(seed: number, words: number): string {
  const random = new Random(seed);
  return Array.from({ length: words }, () => `w${random.below(20_000).toString(36)}`).join(' ');
}

/** A list footer on every other document of the corpus: boilerplate by any rule. */
const FOOTER = article(5000, 40);
const ARTICLES = 160;
const corpus: string[] = [];
for (let i = 0; i < ARTICLES; i++) corpus.push(i % 2 === 0 ? `${article(2000 + i, 120)} ${FOOTER}` : article(2000 + i, 120));
// Near copies inside the corpus, so dedupe has candidates to verify.
for (let i = 0; i < 12; i++) corpus.push(edit(corpus[i], [5, 60, 110]));

const positions = (count: number, seed: number) => Array.from({ length: count }, (_, j) => (j * 37 + seed * 11) % 120);
interface Pair { a: string; b: string; duplicate: boolean; kind: string }
const pairs: Pair[] = [];
for (let i = 0; i < 36; i++) {
  // Copies from one edit to 40 of 120 words: near and verified, near and not verified, or beyond k.
  const base = article(3000 + i, 120);
  const edits = [1, 3, 8, 15, 25, 40][i % 6];
  pairs.push({ a: base, b: edit(base, positions(edits, i)), duplicate: true, kind: `edit-${edits}` });
}
for (let i = 0; i < 12; i++) {
  // Short messages sharing only the footer (near, and by raw shingles alike); some copies mislabelled as different.
  pairs.push({ a: `${article(4000 + i, 14)} ${FOOTER}`, b: `${article(4100 + i, 14)} ${FOOTER}`, duplicate: false, kind: 'shared-footer' });
  pairs.push({ a: article(4200 + i, 120), b: article(4300 + i, 120), duplicate: false, kind: 'unrelated' });
  const base = article(4400 + i, 120);
  pairs.push({ a: base, b: edit(base, positions(2, i)), duplicate: false, kind: 'mislabelled' });
}

// Verified copies at every distance from 14 to 20, so whatever k the corpus gets there, a copy sits exactly at it.
const hasher = createSimHash({ shingle: 3 });
const shingles = (text: string) => new Set(Array.from(hasher.features(text), (f) => Number(f & 0xffffffffn)));
const rawJaccard = (a: Set<number>, b: Set<number>) => {
  const shared = [...a].filter((x) => b.has(x)).length;
  return shared / (a.size + b.size - shared);
};
for (let d = 14, seed = 6000; d <= 20 && seed < 20_000; seed++) {
  const base = article(seed, 120);
  const copy = edit(base, positions(6 + (seed % 8), seed));
  if (hamming(hasher.fingerprint(base), hasher.fingerprint(copy)) !== d || rawJaccard(shingles(base), shingles(copy)) < 0.55) continue;
  pairs.push({ a: base, b: copy, duplicate: true, kind: `at-${d}` });
  d++;
}

const files = scratchDir({ 'pairs.jsonl': pairs.map((p) => JSON.stringify(p)).join('\n') });
afterAll(files.remove);
const dir = files.path('corpus');
mkdirSync(dir);
corpus.forEach((text, i) => writeFileSync(join(dir, `doc${String(i).padStart(3, '0')}.txt`), text));

async function evaluated(args: string[]): Promise<VerifiedDedupe> {
  const result = await runInProcess(['eval', '--corpus', dir, '--format', 'json', '--threads', '1', ...args]);
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { verified: VerifiedDedupe }).verified;
}

describe('eval --corpus: dedupe\'s settings for the corpus', () => {
  it('the k is the one dedupe chooses on the same corpus, and its candidate and verified pairs are dedupe\'s', async () => {
    const verified = await evaluated([]);
    const run = await runInProcess(['dedupe', '--format', 'json', '-q', '--threads', '1', dir]);
    expect(run.code, run.stderr).toBe(0);
    const summary = (JSON.parse(run.stdout) as { summary: { distanceChoice: { distance: number; documents: number }; verification: { candidatePairs: number; verifiedPairs: number; boilerplateThreshold: number } } }).summary;
    expect(verified.distance).toBe(summary.distanceChoice.distance);
    expect(verified.distanceChoice.documents).toBe(summary.distanceChoice.documents);
    expect(verified.corpus).toMatchObject({ candidatePairs: summary.verification.candidatePairs, verifiedPairs: summary.verification.verifiedPairs });
    expect(verified.corpus.verifiedPairs).toBeGreaterThanOrEqual(12);
    expect(verified.boilerplate.threshold).toBe(summary.verification.boilerplateThreshold);
    // Without --pairs the labelled pairs are made from the corpus; every number says how it was had.
    expect(verified.labelled.source).toBe('made');
    expect(verified.labelled.duplicates).toBeGreaterThan(0);
    expect(verified.chance.randomPairs).toBe(2000);
    expect(verified.judged.sampled).toBe(Math.min(200, verified.corpus.verifiedPairs));
    expect(verified.expected.recall).toBe(verified.labelled.recall);
    expect(verified.expected.precision).toBe(Math.min(verified.chance.precision!, verified.judged.precision!));
    for (const part of [verified.distanceChoice, verified.corpus, verified.labelled, verified.chance, verified.judged, verified.expected]) expect(part.how).toMatch(/\w/);
  });

  it('precision and recall on labelled pairs are what brute force says, for two verifications', async () => {
    // Exact document frequencies over the corpus's distinct texts. The fixture keeps them apart: a shingle is in one
    // or two texts (a document and its copy), or in far more than a quarter (the footer), so every sensible
    // boilerplate threshold agrees.
    const frequency = new Map<number, number>();
    for (const text of new Set(corpus)) for (const s of shingles(text)) frequency.set(s, (frequency.get(s) ?? 0) + 1);
    const counts = [...frequency.values()];
    expect(counts.filter((c) => c > 2 && c <= corpus.length / 4)).toEqual([]);
    expect(counts.filter((c) => c > corpus.length / 4).length).toBeGreaterThan(30);
    const content = (text: string) => [...shingles(text)].filter((s) => frequency.get(s) === undefined || frequency.get(s)! <= corpus.length / 4);
    const similarity = (a: string, b: string, mode: 'jaccard' | 'containment') => {
      const x = content(a), y = new Set(content(b));
      if (x.length === 0 || y.size === 0) return 0;
      const shared = x.filter((s) => y.has(s)).length;
      return mode === 'jaccard' ? shared / (x.length + y.size - shared) : shared / Math.min(x.length, y.size);
    };
    for (const [mode, threshold] of [['jaccard', 0.5], ['containment', 0.7]] as const) {
      const verified = await evaluated(['--pairs', files.path('pairs.jsonl'), '--verify', mode, '--verify-threshold', String(threshold)]);
      const k = verified.distance;
      expect(pairs.filter((p) => p.kind === `at-${k}`)).toHaveLength(1);
      let tp = 0, fp = 0, fn = 0;
      for (const p of pairs) {
        expect(p.a).not.toBe(p.b);
        const called = hamming(hasher.fingerprint(p.a), hasher.fingerprint(p.b)) <= k && similarity(p.a, p.b, mode) >= threshold;
        if (called && p.duplicate) tp++;
        else if (called) fp++;
        else if (p.duplicate) fn++;
      }
      // The fixture exercises every outcome: copies found, mislabelled copies found, copies missed.
      expect([tp > 0, fp > 0, fn > 0], mode).toEqual([true, true, true]);
      expect(verified.labelled, mode).toMatchObject({
        source: 'given', pairs: pairs.length, duplicates: tp + fn, truePositives: tp, falsePositives: fp, falseNegatives: fn,
        precision: tp / (tp + fp), recall: tp / (tp + fn),
      });
      expect([verified.mode, verified.threshold]).toEqual([mode, threshold]);
    }
  });

  it('the text output names the settings, each number\'s method, and what to expect', async () => {
    const result = await runInProcess(['eval', '--corpus', dir, '--threads', '1', '--pairs', files.path('pairs.jsonl')]);
    expect(result.code, result.stderr).toBe(0);
    const k = /with verification, as `simhash dedupe` runs with no -k: k = (\d+) and jaccard >= 0.5 \(or containment >= 0.8 with jaccard >= 0.45\)\n/.exec(result.stdout)?.[1];
    expect(k).toBeDefined();
    expect(result.stdout).toContain(`  k = ${k}: chosen as dedupe chooses it with no -k`);
    expect(result.stdout).toMatch(/ {2}the corpus: \d+ candidate pairs within k, \d+ verified \(counted: /);
    expect(result.stdout).toMatch(/ {2}labelled pairs: precision [\d.]+%, recall [\d.]+%, .*: measured on the labelled pairs \(given with --pairs/);
    expect(result.stdout).toMatch(/ {2}precision at the corpus's scale, by chance: [\d.]+% \(estimated: \d+ of 2000 random pairs/);
    expect(result.stdout).toMatch(/ {2}precision at the corpus's scale, judged: [\d.]+% \(estimated: \d+ of \d+ verified pairs/);
    expect(result.stdout).toMatch(new RegExp(`\\nexpected with k = ${k} and jaccard >= 0\\.5 \\(or containment >= 0\\.8 with jaccard >= 0\\.45\\): precision [\\d.]+%, recall [\\d.]+% \\(`));
  });

  it('a verification threshold outside (0, 1] or an unknown mode exits 2 before anything is read', async () => {
    for (const args of [['--verify-threshold', '0'], ['--verify-threshold', '1.5'], ['--verify-threshold', 'half'], ['--verify', 'off'], ['--verify', 'cosine']]) {
      const result = await runInProcess(['eval', '--corpus', files.path('missing'), ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(args[0] === '--verify' ? /--verify <mode>' argument '\w+' is invalid/ : /--verify-threshold must be a number above 0 and at most 1/);
      expect(result.stdout).toBe('');
    }
  });
});
