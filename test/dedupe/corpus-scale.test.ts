// The threshold at a corpus's scale, on fixtures whose truth is known: the pair histogram against brute force, the
// beta-binomial against the binomial it generalises, and a corpus of unrelated texts with a known number of planted
// near-copies, where the recommendation must find them and its precision estimates must match the truth.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hamming } from '../../packages/simhash-wasm/src/core/bits.js';
import { createSimHash } from '../../packages/simhash-wasm/src/pure/index.js';
import { cumulative, fitBetaBinomial, logGamma } from '../../packages/corpus/src/evaluation/beta-binomial.js';
import { corpusScale } from '../../packages/corpus/src/evaluation/corpus-scale.js';
import { distanceHistogram, EXACT_PAIRS_LIMIT, EXACT_TAIL_DISTANCE, PairSample, SAMPLED_PAIRS, sampledWithTail } from '../../packages/corpus/src/evaluation/distance-histogram.js';
import { SimHashIndex, type PairsResult } from 'simhash-wasm';
import { Random } from '../../packages/corpus/src/evaluation/random.js';
import { runInProcess } from '../support/cli.js';
import { article } from '../support/dedupe-fixture.js';

/** Unrelated articles, then PLANTED copies of the first PLANTED ones with two words replaced each. */
const UNRELATED = 300;
const PLANTED = 25;
function plantedCorpus(): string[] {
  const texts = Array.from({ length: UNRELATED }, (_, i) => article(1000 + i, 120));
  const random = new Random(7);
  for (let i = 0; i < PLANTED; i++) {
    const words = texts[i].split(' ');
    for (let e = 0; e < 2; e++) words[random.below(words.length)] = `edited${e}`;
    texts.push(words.join(' '));
  }
  return texts;
}
const isPlanted = (a: number, b: number) => Math.min(a, b) < PLANTED && Math.max(a, b) === Math.min(a, b) + UNRELATED;

describe('distanceHistogram', () => {
  it('counts every pair exactly, as a brute-force loop does', () => {
    const random = new Random(3);
    const fps = BigUint64Array.from({ length: 200 }, () => (BigInt(Math.floor(random.next() * 2 ** 32)) << 32n) | BigInt(Math.floor(random.next() * 2 ** 32)));
    fps[5] = fps[9]; // a distance-0 pair
    const want = new Float64Array(65);
    for (let i = 0; i < fps.length; i++) for (let j = 0; j < i; j++) want[hamming(fps[i], fps[j])]++;
    const got = distanceHistogram(fps);
    expect(got.method).toBe('exact');
    expect(got.pairs).toBe((200 * 199) / 2);
    expect(Array.from(got.counts)).toEqual(Array.from(want));
  });
  it('past EXACT_PAIRS_LIMIT: a sample for the bulk, the tail counted exactly; the same counts whether the tail is searched after the sample or while it is counted', async () => {
    const random = new Random(11);
    const n = Math.ceil(Math.sqrt(2 * EXACT_PAIRS_LIMIT)) + 100;
    const fps = BigUint64Array.from({ length: n }, () => (BigInt(Math.floor(random.next() * 2 ** 32)) << 32n) | BigInt(Math.floor(random.next() * 2 ** 32)));
    // Planted pairs at distances 0..8 (a random pair this close is a one-in-billions chance): the tail must hold them.
    for (let d = 0; d <= EXACT_TAIL_DISTANCE; d++) fps[2 * d + 1] = fps[2 * d] ^ ((1n << BigInt(d)) - 1n);
    const sync = distanceHistogram(fps);
    expect(sync.method).toBe('sampled');
    expect(sync.sampledPairs).toBe(SAMPLED_PAIRS);
    for (let d = 0; d <= EXACT_TAIL_DISTANCE; d++) expect(sync.counts[d]).toBeGreaterThanOrEqual(1);
    const tailWithin = (k: number) => {
      const index = new SimHashIndex({ maxDistance: k });
      index.addMany(fps);
      return index.pairs(k);
    };
    let searched = false;
    // A tail that answers later, as the workers do: the sample is counted meanwhile, and cut into stretches.
    const later = new Promise<PairsResult>((resolve) => setTimeout(() => { searched = true; resolve(tailWithin(EXACT_TAIL_DISTANCE)); }, 50));
    const overlapped = await sampledWithTail(new PairSample(fps, 1), later);
    expect(searched).toBe(true);
    expect(Array.from(overlapped.counts)).toEqual(Array.from(sync.counts));
    // A search wider than the tail (evaluation/candidate-search.ts) counts only its pairs within the tail.
    const wide = new PairSample(fps, 1);
    wide.count(1000);
    expect(Array.from((await sampledWithTail(wide, Promise.resolve(tailWithin(EXACT_TAIL_DISTANCE + 3)))).counts)).toEqual(Array.from(sync.counts));
  }, 60_000);
});

describe('fitBetaBinomial', () => {
  it('on binomial(64, 1/2) counts it is the binomial, checked against exact integer binomial sums', () => {
    const choose = (n: number, k: number) => { let c = 1n; for (let i = 0; i < k; i++) c = (c * BigInt(n - i)) / BigInt(i + 1); return c; };
    const counts = Array.from({ length: 65 }, (_, d) => Number(choose(64, d)));
    const cdf = cumulative(fitBetaBinomial(counts));
    for (const k of [10, 16, 20, 26, 32]) {
      let exact = 0n;
      for (let d = 0; d <= k; d++) exact += choose(64, d);
      const want = Number((exact * 10n ** 15n) / 2n ** 64n) / 1e15;
      expect(Math.abs(cdf[k] - want) / want).toBeLessThan(1e-3);
    }
    expect(cdf[64]).toBeCloseTo(1, 9);
    expect(logGamma(10)).toBeCloseTo(Math.log(362880), 10);
  });

  it('a wider spread gives a heavier left tail than the binomial', () => {
    const narrow = cumulative(fitBetaBinomial([0, ...new Array(28).fill(0), 1, 1, 1, 1, 1, 1, 1]));
    const wide = Array.from({ length: 65 }, (_, d) => (d >= 20 && d <= 44 ? 1 : 0));
    expect(cumulative(fitBetaBinomial(wide))[16]).toBeGreaterThan(narrow[16]);
  });

  it('refuses an empty histogram', () => {
    expect(() => fitBetaBinomial(new Array(65).fill(0))).toThrow(RangeError);
  });
});

describe('corpusScale on a corpus with a known number of planted copies', () => {
  const texts = plantedCorpus();
  const hasher = createSimHash();
  const fps = hasher.fingerprintMany(texts);
  const truthWithin = (k: number) => {
    let planted = 0, other = 0;
    for (let i = 0; i < fps.length; i++) for (let j = 0; j < i; j++) {
      if (hamming(fps[i], fps[j]) > k) continue;
      if (isPlanted(i, j)) planted++;
      else other++;
    }
    return { planted, other };
  };

  it('recommends a k that holds every planted pair, with the precision the truth has there', () => {
    const scale = corpusScale(fps, { verify: isPlanted });
    const k = scale.recommended.distance;
    const truth = truthWithin(k);
    expect(truth.planted).toBe(PLANTED);
    expect(scale.recommended.pairsWithin).toBe(truth.planted + truth.other);
    // Fewer than VERIFY_PER_DISTANCE pairs at each distance here, so the judged sample is all of them: exact.
    expect(scale.recommended.verifiedPrecision).toBeCloseTo(truth.planted / (truth.planted + truth.other), 12);
    expect(scale.recommended.verifiedPrecision!).toBeGreaterThanOrEqual(0.9);
    // The chance model, which never sees the labels, agrees with the truth too.
    expect(Math.abs(scale.recommended.expectedPrecision! - truth.planted / (truth.planted + truth.other))).toBeLessThan(0.05);
    // The judged sample stops the recommendation where unrelated pairs come in, as the truth does.
    const next = scale.rows.find((row) => row.k > k && row.verifiedPrecision !== undefined && row.verifiedPrecision !== null && row.verifiedPrecision < 0.9);
    if (next !== undefined) expect(truthWithin(next.k).other).toBeGreaterThan(0);
  });

  it('the chance estimate matches the unrelated pairs actually there, where there are many', () => {
    const scale = corpusScale(fps);
    for (const k of [22, 24, 26]) {
      const actual = truthWithin(k).other;
      const estimated = scale.rows[k].chancePairsWithin;
      expect(actual).toBeGreaterThan(100);
      expect(estimated / actual).toBeGreaterThan(0.7);
      expect(estimated / actual).toBeLessThan(1.4);
      // And so its expected precision is the truth's, within a few points.
      const truePrecision = truthWithin(k).planted / (truthWithin(k).planted + actual);
      expect(Math.abs(scale.rows[k].expectedPrecision! - truePrecision)).toBeLessThan(0.1);
    }
  });

  it('without a judge the recommendation rests on chance alone; bad arguments are refused', () => {
    const scale = corpusScale(fps, { target: 0.99 });
    expect(scale.verification).toBeUndefined();
    expect(scale.rows[scale.recommended.distance].expectedPrecision!).toBeGreaterThanOrEqual(0.99);
    expect(scale.rows[scale.recommended.distance + 1].expectedPrecision!).toBeLessThan(0.99);
    expect(() => corpusScale(fps, { target: 1 })).toThrow(RangeError);
    expect(() => corpusScale(fps, { target: 0 })).toThrow(/options.target/);
    expect(() => corpusScale(new BigUint64Array(1))).toThrow(/fingerprints/);
  });
});

describe('simhash eval --corpus', () => {
  const dir = mkdtempSync(join(tmpdir(), 'simhash-corpus-eval-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes its own labelled pairs, recommends k in JSON, and the text form names the rule', async () => {
    plantedCorpus().forEach((text, i) => writeFileSync(join(dir, `doc${String(i).padStart(3, '0')}.txt`), text));
    const json = await runInProcess(['eval', '--corpus', dir, '--format', 'json', '--threads', '1']);
    expect(json.code, json.stderr).toBe(0);
    const result = JSON.parse(json.stdout) as { pairs: number; recommended: { distance: number; pairsWithin: number; verifiedPrecision: number }; corpus: { documents: number; rows: unknown[] } };
    expect(result.pairs).toBeGreaterThan(0);
    expect(result.corpus.documents).toBe(UNRELATED + PLANTED);
    expect(result.corpus.rows).toHaveLength(33);
    expect(result.recommended.pairsWithin).toBeGreaterThanOrEqual(PLANTED);
    expect(result.recommended.verifiedPrecision).toBeGreaterThanOrEqual(0.9);
    const text = await runInProcess(['eval', '--corpus', dir, '--threads', '1']);
    expect(text.stdout).toContain(`recommended k = ${result.recommended.distance}: ${result.recommended.pairsWithin} pairs within`);
    expect(text.stdout).toContain('rule: the largest k whose expected corpus-scale precision');
  });

  it('usage errors: neither --pairs nor --corpus, fewer than two distinct texts to compare, a bad --target', async () => {
    const neither = await runInProcess(['eval']);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toMatch(/--pairs FILE, --corpus INPUT/);
    const tiny = join(dir, 'tiny');
    mkdirSync(tiny);
    writeFileSync(join(tiny, 'a.txt'), article(1, 120));
    writeFileSync(join(tiny, 'b.txt'), article(1, 120));
    writeFileSync(join(tiny, 'c.txt'), 'too short');
    const few = await runInProcess(['eval', '--corpus', tiny, '--threads', '1']);
    expect(few.code).toBe(2);
    expect(few.stderr).toMatch(/--corpus: 1 distinct text of 20 tokens or more; at least 2 are needed/);
    const target = await runInProcess(['eval', '--corpus', dir, '--target', '1.5']);
    expect(target.code).toBe(2);
    expect(target.stderr).toMatch(/--target must be a number between 0 and 1/);
  });
});
