// The corpus's random pair sample in WebAssembly (PairSampler, assembly/corpus/pair-sample.ts) against the same
// sample drawn in JavaScript with the corpus's Random (mulberry32, Math.floor(u / 2^32 · n)): the same pairs, so the
// same counts at every distance, however the sample is cut into stretches. Sizes from 2 (j always the other one) up.
// Past 2^21 fingerprints u · n no longer fits a double's 53 bits; the kernel scales in the same doubles, so it rounds
// as JavaScript does, but a draw where the rounding decides comes once in about 2^31 and no test here meets one.
import { describe, expect, it } from 'vitest';
import { PairSampler } from '../../packages/simhash-wasm/src/wasm/pair-sampler.js';
import { hamming } from '../../packages/simhash-wasm/src/core/bits.js';
import { Random } from '../../packages/corpus/src/evaluation/random.js';
import { XorShift32 } from '../support/random.js';

/** The sample's counts as the corpus drew it in JavaScript before it moved to WebAssembly. */
function countedInJavaScript(fingerprints: BigUint64Array, seed: number, pairs: number): number[] {
  const random = new Random(seed), n = fingerprints.length, counts = new Array<number>(65).fill(0);
  for (let s = 0; s < pairs; s++) {
    const i = random.below(n);
    let j = random.below(n - 1);
    if (j >= i) j++;
    counts[hamming(fingerprints[i], fingerprints[j])]++;
  }
  return counts;
}

/** n fingerprints near a few centres (distances from 0 to 64 all occur), from a seeded generator. */
function fingerprintsOf(n: number, seed: number): BigUint64Array {
  const rng = new XorShift32(seed);
  const word = () => BigInt(rng.below(2 ** 32));
  const centres = Array.from({ length: 8 }, () => (word() << 32n) | word());
  const out = new BigUint64Array(n);
  for (let i = 0; i < n; i++) {
    let fp = centres[rng.below(centres.length)];
    for (let flips = rng.below(40); flips > 0; flips--) fp ^= 1n << BigInt(rng.below(64));
    out[i] = fp;
  }
  return out;
}

describe('PairSampler', () => {
  it.each([
    [2, 1, 1_000],
    [3, 7, 5_000],
    [1_000, 1, 200_000],
    [65_537, 123456789, 300_000],
  ])('counts the pairs the corpus Random draws: %i fingerprints, seed %i, %i pairs', (n, seed, pairs) => {
    const fingerprints = fingerprintsOf(n, seed + n);
    const expected = countedInJavaScript(fingerprints, seed, pairs);
    const whole = new PairSampler(fingerprints, seed);
    whole.count(pairs);
    expect(Array.from(whole.counts)).toEqual(expected);
    expect(whole.counted).toBe(pairs);
    // The same pairs cut into uneven stretches, the generator's state carried between them.
    const cut = new PairSampler(fingerprints, seed);
    for (let done = 0, stretch = 1; done < pairs; done += stretch, stretch = Math.min(pairs - done, 3 * stretch + 1)) cut.count(stretch);
    expect(Array.from(cut.counts)).toEqual(expected);
    expect(expected.reduce((a, b) => a + b, 0)).toBe(pairs);
  });

  it('refuses fewer than two fingerprints, and counts its u32 counters or i32 argument cannot hold', () => {
    expect(() => new PairSampler(new BigUint64Array(1), 1)).toThrow(RangeError);
    const sampler = new PairSampler(new BigUint64Array(2), 1);
    expect(() => sampler.count(2 ** 31)).toThrow(/pairs must be/);
    expect(() => sampler.count(-1)).toThrow(RangeError);
    expect(() => sampler.count(1.5)).toThrow(RangeError);
    sampler.count(3);
    expect(Array.from(sampler.counts)[0]).toBe(3); // two equal fingerprints: every pair at distance 0
  });
});
