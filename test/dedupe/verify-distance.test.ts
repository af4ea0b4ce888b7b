// The default candidate distance of a verified dedupe (evaluation/corpus-scale.ts, candidateDistance): the largest k
// whose expected chance candidates stay within CHANCE_CANDIDATES_PER_DOCUMENT pairs a document, at several corpus
// sizes and for two fits: independent fair bits (Binomial(64, 1/2)) and the SpamAssassin corpus's own (mean 31.89,
// sd 4.06, as `simhash eval --corpus` fits it; docs/cli.md). And the command line: no -k chooses, -k or --verify
// off does not.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cumulative, fitBetaBinomial, type BetaBinomial } from '../../packages/corpus/src/evaluation/beta-binomial.js';
import { candidateDistance, CHANCE_CANDIDATES_PER_DOCUMENT, corpusCandidateDistance } from '../../packages/corpus/src/evaluation/corpus-scale.js';
import { runInProcess } from '../support/cli.js';
import { article, edit } from '../support/dedupe-fixture.js';

function binomialFit(): BetaBinomial {
  const counts = new Float64Array(65);
  let c = 1;
  for (let d = 0; d <= 64; d++) {
    counts[d] = c;
    c = (c * (64 - d)) / (d + 1);
  }
  return fitBetaBinomial(counts);
}
/** SpamAssassin's fitted parameters (the JSON summary's distanceChoice.fit on the corpus). */
const SPAM_ASSASSIN: BetaBinomial = { trials: 64, alpha: 1059.5448100264657, beta: 1067.1331273132346, mean: 31.885819028394884, sd: 4.0587616549594765 };

const SIZES = [5_630, 1e6, 1e8, 1e9];

describe('candidateDistance', () => {
  it('picks k at 1M, 100M and 1B documents (and SpamAssassin\'s 5,630 texts)', () => {
    expect(SIZES.map((n) => candidateDistance(binomialFit(), n))).toEqual([15, 11, 9, 7]);
    expect(SIZES.map((n) => candidateDistance(SPAM_ASSASSIN, n))).toEqual([15, 11, 8, 7]);
  });

  it('is the largest k within the budget: chance pairs at k fit it, at k + 1 they do not', () => {
    for (const fit of [binomialFit(), SPAM_ASSASSIN]) {
      const chance = cumulative(fit);
      for (const n of [...SIZES, 1e4, 3e7]) {
        const k = candidateDistance(fit, n);
        const perDocument = (j: number) => (chance[j] * (n - 1)) / 2;
        expect(perDocument(k)).toBeLessThanOrEqual(CHANCE_CANDIDATES_PER_DOCUMENT);
        expect(perDocument(k + 1)).toBeGreaterThan(CHANCE_CANDIDATES_PER_DOCUMENT);
      }
    }
  });

  it('never grows with the corpus, and grows with the budget', () => {
    let previous = 64;
    for (let n = 10; n <= 1e10; n *= 3) {
      const k = candidateDistance(binomialFit(), n);
      expect(k).toBeLessThanOrEqual(previous);
      previous = k;
    }
    expect(candidateDistance(binomialFit(), 1e6, 1)).toBeGreaterThan(candidateDistance(binomialFit(), 1e6, 0.01));
    expect(() => candidateDistance(binomialFit(), 1e6, 0)).toThrow(RangeError);
  });

  it('from fingerprints: fits their own distances; fewer than two leave nothing to pair', () => {
    const random = new Uint32Array(2 * 2000);
    for (let i = 0; i < random.length; i++) random[i] = (Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(i >>> 3, 0x85ebca6b)) >>> 0;
    const fingerprints = BigUint64Array.from({ length: 2000 }, (_, i) => (BigInt(random[2 * i]) << 32n) | BigInt(random[2 * i + 1]));
    const choice = corpusCandidateDistance(fingerprints);
    expect(choice.documents).toBe(2000);
    expect(choice.fit.mean).toBeGreaterThan(30);
    expect(choice.chancePairs / 2000).toBeLessThanOrEqual(CHANCE_CANDIDATES_PER_DOCUMENT);
    expect(corpusCandidateDistance(new BigUint64Array(1)).documents).toBe(1);
  });
});

describe('simhash dedupe without -k', () => {
  const dir = mkdtempSync(join(tmpdir(), 'simhash-verify-k-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const docs = [...Array.from({ length: 30 }, (_, i) => article(700 + i, 120)), edit(article(700, 120), [5, 50, 90])];
  const input = join(dir, 'in.jsonl');
  writeFileSync(input, docs.map((text, i) => JSON.stringify({ id: i, text })).join('\n') + '\n');

  it('chooses k for the corpus and verifies; -k or --verify off keeps the given or the old default', async () => {
    type Json = { settings: { maxDistance: number }; summary: { distanceChoice?: { k: number; documents: number } } };
    const auto = JSON.parse((await runInProcess(['dedupe', '--format', 'json', '-q', input])).stdout) as Json;
    expect(auto.summary.distanceChoice!.documents).toBe(31);
    expect(auto.settings.maxDistance).toBe(auto.summary.distanceChoice!.k);
    expect(auto.settings.maxDistance).toBeGreaterThan(3);
    const given = JSON.parse((await runInProcess(['dedupe', '-k', '5', '--format', 'json', '-q', input])).stdout) as Json;
    expect([given.settings.maxDistance, given.summary.distanceChoice]).toEqual([5, undefined]);
    const off = JSON.parse((await runInProcess(['dedupe', '--verify', 'off', '--format', 'json', '-q', input])).stdout) as Json;
    expect([off.settings.maxDistance, off.summary.distanceChoice]).toEqual([3, undefined]);
  });
});
