// tokens: 'cjk-chars': every line of its golden file (cjk-golden.ts, made by the independent oracle), for both
// engines, w = 1..5 unweighted and w = 1..3 weighted, through every input form.
import { beforeAll, describe, expect, it } from 'vitest';
import { cjkOracleFeatures, cjkOracleFingerprint } from '../support/cjk-oracle.js';
import { cjkGoldenTexts, goldenWeight, readCjkGolden, TF_WIDTHS, WEIGHTED_WIDTHS } from '../support/cjk-golden.js';
import { entries, initAll } from '../support/engines.js';
import { inputFormMisses } from '../support/golden.js';
import { lcgUniform } from '../support/random.js';

const golden = readCjkGolden();
const encoder = new TextEncoder();
const toHex = (fp: bigint) => fp.toString(16).padStart(16, '0');

beforeAll(initAll);

it('holds the generator\'s texts, a few hundred of them', () => {
  expect(golden.length).toBeGreaterThan(500);
  expect(golden.map((line) => line.text)).toEqual(cjkGoldenTexts());
});

it('is what the oracle computes on this machine (its Unicode data included)', () => {
  const misses = golden.filter((line) => toHex(cjkOracleFingerprint(line.text, 3)) !== line.tf[2] || toHex(cjkOracleFingerprint(line.text, 2, goldenWeight)) !== line.weighted[1]);
  expect(misses.map((line) => line.text).slice(0, 5)).toEqual([]);
});

describe.each(entries)('%s engine reproduces the cjk-chars golden fingerprints', (_name, entry) => {
  const cases = [
    ...TF_WIDTHS.map((w, column) => ({ w, kind: 'tf' as const, column, make: () => entry.createSimHash({ shingle: w, tokens: 'cjk-chars' }) })),
    ...WEIGHTED_WIDTHS.map((w, column) => ({ w, kind: 'weighted' as const, column, make: () => entry.createSimHash({ shingle: w, tokens: 'cjk-chars', weights: goldenWeight }) })),
  ];

  it.each(cases)('w=$w $kind: strings, bytes, batches and cut streams', ({ w, kind, column, make }) => {
    const hasher = make();
    const expected = golden.map((line) => line[kind][column]);
    const random = lcgUniform(w * 104729 + (kind === 'tf' ? 1 : 2));
    expect(inputFormMisses(hasher, golden.map((line) => line.text), expected, random)).toEqual([]);
  });

  it.each([1, 2, 3, 6])('features(), w=%i: the oracle\'s, in order', (w) => {
    const hasher = entry.createSimHash({ shingle: w, tokens: 'cjk-chars' });
    const misses = golden.filter((line) => {
      const want = cjkOracleFeatures(line.text, w);
      return String(Array.from(hasher.features(line.text))) !== String(want) || String(Array.from(hasher.features(encoder.encode(line.text)))) !== String(want);
    });
    expect(misses.map((line) => line.text.slice(0, 40)).slice(0, 5)).toEqual([]);
  });

  it('w = 6 (past the fast paths) agrees with the oracle too', () => {
    const hasher = entry.createSimHash({ shingle: 6, tokens: 'cjk-chars' });
    const misses = golden.filter((line) => hasher.fingerprint(line.text) !== cjkOracleFingerprint(line.text, 6));
    expect(misses.map((line) => line.text.slice(0, 40)).slice(0, 5)).toEqual([]);
  });
});
