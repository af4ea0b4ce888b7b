// The default candidate distance of a verified dedupe (evaluation/candidate-budget.ts, chooseCandidateDistance, as
// dedupe applies it through candidate-search.ts's chooseCandidates): the k picked at several corpus sizes for the
// SpamAssassin corpus's own fit (mean 31.89, sd 4.06, as `simhash eval --corpus` fits it; docs/cli.md) beside
// independent fair bits, the fit made from the fingerprints themselves, and the command line: no -k chooses, -k or
// --verify off does not. (candidate-budget.ts's own tests: test/evaluation/candidate-budget.test.ts.)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cumulative, fitBetaBinomial, type BetaBinomial } from '../../packages/corpus/src/evaluation/beta-binomial.js';
import { CHANCE_CANDIDATES_PER_DOCUMENT, chooseCandidateDistance, MAX_CANDIDATE_DISTANCE, PAIRS_NS_PER_DOCUMENT } from '../../packages/corpus/src/evaluation/candidate-budget.js';
// The WebAssembly scan kernel, as the corpus job has it: the cost model's estimates depend on the kernel in use.
import 'simhash-wasm';
import { estimatePairsNs } from 'simhash-wasm/internal';
import { chooseCandidates } from '../../packages/corpus/src/evaluation/candidate-search.js';
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
/**
 * Past some 100,000 documents the cost of finding the candidates (pairs(), by the index's cost model) binds before
 * the chance budget does: by chance alone k would be 14, 11 and 10 at 1M, 100M and 1B.
 */
const BINOMIAL_KS = [19, 11, 7, 5];
const SPAM_KS = [19, 11, 7, 5];

describe('the candidate distance dedupe picks', () => {
  it('at SpamAssassin\'s 5,630 texts, 1M, 100M and 1B documents', () => {
    expect(SIZES.map((n) => chooseCandidateDistance(binomialFit(), n).distance)).toEqual(BINOMIAL_KS);
    expect(SIZES.map((n) => chooseCandidateDistance(SPAM_ASSASSIN, n).distance)).toEqual(SPAM_KS);
  });

  it('is the largest k within both budgets below the cap: chance candidates and the search\'s cost fit at k, not past it', () => {
    for (const fit of [binomialFit(), SPAM_ASSASSIN]) {
      const chance = cumulative(fit);
      const fits = (n: number, k: number) => (n - 1) * chance[k] <= CHANCE_CANDIDATES_PER_DOCUMENT && estimatePairsNs(k, n) <= PAIRS_NS_PER_DOCUMENT * n;
      for (const n of [...SIZES, 1e4, 2e5, 3e7]) {
        const choice = chooseCandidateDistance(fit, n);
        expect(fits(n, choice.distance), `n = ${n}`).toBe(true);
        expect(choice.pairsNsPerDocument).toBeLessThanOrEqual(PAIRS_NS_PER_DOCUMENT);
        for (let k = choice.distance + 1; k <= MAX_CANDIDATE_DISTANCE; k++) expect(fits(n, k), `n = ${n}, k = ${k}`).toBe(false);
      }
    }
  });

  it('from fingerprints: fits their own distances; fewer than two leave nothing to pair', async () => {
    const words = new Uint32Array(2 * 2000);
    for (let i = 0; i < words.length; i++) words[i] = (Math.imul(i + 1, 0x9e3779b1) ^ Math.imul(i >>> 3, 0x85ebca6b)) >>> 0;
    const fingerprints = BigUint64Array.from({ length: 2000 }, (_, i) => (BigInt(words[2 * i]) << 32n) | BigInt(words[2 * i + 1]));
    const { choice } = await chooseCandidates(fingerprints, Uint32Array.from(fingerprints, (_, i) => i));
    expect(choice.documents).toBe(2000);
    expect(choice.fit.mean).toBeGreaterThan(30);
    expect(choice.distance).toBe(chooseCandidateDistance(choice.fit, 2000).distance);
    expect(choice.chancePerDocument).toBeLessThanOrEqual(CHANCE_CANDIDATES_PER_DOCUMENT);
    const one = await chooseCandidates(new BigUint64Array(1), new Uint32Array(1));
    expect(one.choice.documents).toBe(1);
    expect(one.candidates.earlier.length).toBe(0);
  });
});

describe('simhash dedupe without -k', () => {
  const dir = mkdtempSync(join(tmpdir(), 'simhash-verify-k-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const docs = [...Array.from({ length: 30 }, (_, i) => article(700 + i, 120)), edit(article(700, 120), [5, 50, 90])];
  const input = join(dir, 'in.jsonl');
  writeFileSync(input, docs.map((text, i) => JSON.stringify({ id: i, text })).join('\n') + '\n');

  it('chooses k for the corpus and verifies; -k or --verify off keeps the given or the old default', async () => {
    type Json = { settings: { maxDistance: number }; summary: { distanceChoice?: { distance: number; documents: number } } };
    const auto = JSON.parse((await runInProcess(['dedupe', '--format', 'json', '-q', input])).stdout) as Json;
    expect(auto.summary.distanceChoice!.documents).toBe(31);
    expect(auto.settings.maxDistance).toBe(auto.summary.distanceChoice!.distance);
    expect(auto.settings.maxDistance).toBeGreaterThan(3);
    const given = JSON.parse((await runInProcess(['dedupe', '-k', '5', '--format', 'json', '-q', input])).stdout) as Json;
    expect([given.settings.maxDistance, given.summary.distanceChoice]).toEqual([5, undefined]);
    const off = JSON.parse((await runInProcess(['dedupe', '--verify', 'off', '--format', 'json', '-q', input])).stdout) as Json;
    expect([off.settings.maxDistance, off.summary.distanceChoice]).toEqual([3, undefined]);
  });
});
