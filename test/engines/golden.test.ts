// Every line of the golden file (shared/golden/reference-fingerprints.jsonl, copied to fixtures),
// for both engines, w = 1..3, unweighted and weighted, through every input form.
import { beforeAll, describe, expect, it } from 'vitest';
import { entries, initAll } from '../support/engines.js';
import { golden, inputFormMisses } from '../support/golden.js';
import { lcgUniform } from '../support/random.js';

const ZERO_WORDS = 'the a an of and or to in is it that for on with as was by at be this'.split(' ');
const FIVE_WORDS = 'simhash fingerprint duplicate license software warranty'.split(' ');


beforeAll(initAll);

it('has all 2,059 golden lines', () => expect(golden.length).toBe(2059));

describe.each(entries)('%s engine reproduces the golden fingerprints', (_name, entry) => {
  const weightsFor = () => {
    const weights = new Map<bigint, number>();
    for (const word of ZERO_WORDS) weights.set(entry.featureHash(word), 0);
    for (const word of FIVE_WORDS) weights.set(entry.featureHash(word), 5);
    return weights;
  };
  const cases = [1, 2, 3].flatMap((w) => [
    { w, kind: 'tf' as const, make: () => entry.createSimHash({ shingle: w }) },
    { w, kind: 'weighted' as const, make: () => entry.createSimHash({ shingle: w, weights: weightsFor(), defaultWeight: 1 }) },
  ]);

  it.each(cases)('w=$w $kind: strings, bytes, batches and cut streams', ({ w, kind, make }) => {
    const hasher = make();
    const expected = golden.map((line) => line[kind][w - 1]);
    const random = lcgUniform(w * 7919 + (kind === 'tf' ? 1 : 2));
    expect(inputFormMisses(hasher, golden.map((line) => line.text), expected, random)).toEqual([]);
  });

  it('weights keyed by shingle text equal weights keyed by feature hash', () => {
    const byText = new Map<string, number>([...ZERO_WORDS.map((w) => [w, 0] as [string, number]), ...FIVE_WORDS.map((w) => [w.toUpperCase(), 5] as [string, number])]);
    const hasher = entry.createSimHash({ shingle: 1, weights: byText });
    for (const line of golden.slice(0, 300)) expect(hasher.fingerprintHex(line.text)).toBe(line.weighted[0]);
  });

  it('weights as a function of the feature hash', () => {
    const table = weightsFor();
    const hasher = entry.createSimHash({ shingle: 1, weights: (h) => table.get(h) ?? 1 });
    for (const line of golden.slice(0, 300)) expect(hasher.fingerprintHex(line.text)).toBe(line.weighted[0]);
  });
});
