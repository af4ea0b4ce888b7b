// The pure engine's 64-bit arithmetic without BigInt, checked against BigInt: FNV-1a in 32-bit
// halves and splitmix64, the bit-sliced unit counters, and the weighted counters across their
// exactness folds (2^21 features of weight ±2^31 would overflow a double's 2^53 without them).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSimHash, featureHash } from '../../packages/simhash-wasm/src/pure/index.js';
import { UnitCounter } from '../../packages/simhash-wasm/src/pure/unit-counter.js';
import { WeightedCounter } from '../../packages/simhash-wasm/src/pure/weighted-counter.js';
import { oracleFingerprint, oracleHash } from '../support/fingerprint-oracle.js';
import { lcg } from '../support/random.js';

const MASK = (1n << 64n) - 1n;
function randomWords(count: number, seed: number): Int32Array {
  const next = lcg(seed);
  return Int32Array.from({ length: count }, () => next() ^ (next() << 16));
}
const toBig = (lo: number, hi: number) => (BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0);

describe('pure engine arithmetic equals BigInt', () => {
  it('featureHash: FNV-1a 64 in halves, then splitmix64', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
      expect(featureHash(text)).toBe(oracleHash(text));
    }), { numRuns: 3000 });
    // Bytes whose products carry out of the low half in every way.
    for (let b = 0; b < 256; b++) expect(featureHash(String.fromCharCode(b).repeat(b % 7 + 1))).toBe(oracleHash(String.fromCharCode(b).repeat(b % 7 + 1)));
  });

  it('unit counters: bit counts of every block size 0..255, over two blocks', () => {
    for (let count = 0; count <= 255; count++) {
      const [a, b, c, d] = [1, 2, 3, 4].map((k) => randomWords(255, count * 4 + k));
      const counter = new UnitCounter();
      counter.consume(a, b, count);
      counter.consume(c, d, count);
      for (let bit = 0; bit < 64; bit++) {
        const [first, second] = bit < 32 ? [a, c] : [b, d];
        let want = 0;
        for (let f = 0; f < count; f++) want += ((first[f] >>> (bit & 31)) & 1) + ((second[f] >>> (bit & 31)) & 1);
        if (counter.counts[bit] !== want) expect({ count, bit, got: counter.counts[bit] }).toEqual({ count, bit, got: want });
      }
      expect(counter.total).toBe(2 * count);
    }
  });

  it('weighted counters: random bits and extreme weights, past a fold (2^21 features)', () => {
    // 2.5 million features: a third weigh 2^31 - 1, most of the rest -2^31, a few are small; some
    // bits follow the weight's sign, so those counters run far from zero.
    const BIG = 2147483647;
    const NEG = -2147483648;
    const block = 255;
    const counter = new WeightedCounter();
    const next = lcg(99);
    const los = new Int32Array(block);
    const his = new Int32Array(block);
    const weights = new Int32Array(block);
    // The exact counters, kept per weight class in doubles (each count below 2^53), combined in BigInt.
    const bigSet = new Float64Array(64), negSet = new Float64Array(64), smallSum = new Float64Array(64);
    let bigTotal = 0, negTotal = 0;
    for (let round = 0; round < 10_000; round++) {
      for (let f = 0; f < block; f++) {
        const r = next();
        const weight = r % 3 === 0 ? BIG : r % 97 === 0 ? (r >> 8) % 1000 : NEG;
        weights[f] = weight;
        los[f] = (next() & 0xffff0000) | (weight > 0 ? 0x0f0f : 0x00ff);
        his[f] = (next() & 0x7fffffff) | (weight > 0 ? 0x80000000 : 0);
        if (weight === BIG) bigTotal++;
        else if (weight === NEG) negTotal++;
        for (let b = 0; b < 64; b++) {
          const set = ((b < 32 ? los[f] >>> b : his[f] >>> (b - 32)) & 1) === 1;
          if (weight === BIG) { if (set) bigSet[b]++; }
          else if (weight === NEG) { if (set) negSet[b]++; }
          else smallSum[b] += set ? weight : -weight;
        }
      }
      counter.addBlock(los, his, weights, block);
    }
    const exact = Array.from({ length: 64 }, (_, b) =>
      BigInt(BIG) * BigInt(2 * bigSet[b] - bigTotal) + BigInt(NEG) * BigInt(2 * negSet[b] - negTotal) + BigInt(smallSum[b]));
    let want = 0n;
    exact.forEach((c, b) => { if (c > 0n) want |= 1n << BigInt(b); });
    expect(exact.some((c) => c > 1n << 50n || c < -(1n << 50n))).toBe(true);
    expect(exact.some((c) => c > 0n) && exact.some((c) => c < 0n)).toBe(true);
    expect(toBig(counter.fingerprintLo(), counter.fingerprintHi())).toBe(want);
  }, 120_000);

  it('weighted counters: a sum that climbs past 2^53 and comes back near 0 keeps its sign', () => {
    // 4.4M features of weight 2^31 - 1, as many of -2^31, then one of 4.4M - 1: every low bit set,
    // every high bit clear, so the low counters end at exactly -1 and the high ones at +1. A plain
    // double sum goes wrong above 2^53 (it ends near +205,695); the folded counter must not.
    const n = 4_400_000;
    const block = 250;
    const counter = new WeightedCounter();
    const los = new Int32Array(block).fill(-1);
    const his = new Int32Array(block);
    const weights = new Int32Array(block);
    let plain = 0;
    for (const weight of [2147483647, -2147483648]) {
      weights.fill(weight);
      for (let f = 0; f < n; f += block) {
        counter.addBlock(los, his, weights, block);
        for (let k = 0; k < block; k++) plain += weight;
      }
    }
    weights[0] = n - 1;
    counter.addBlock(los, his, weights, 1);
    plain += n - 1;
    expect(plain).toBeGreaterThan(0); // the trap is real: doubles alone get the sign wrong
    expect(toBig(counter.fingerprintLo(), counter.fingerprintHi())).toBe(0xffffffff00000000n);
  }, 120_000);

  it('weights near the int32 limits through the public API, against the oracle', () => {
    const weightOf = (h: bigint) => (h & 1n ? 2147483647 : -2147483648) + Number((h >> 1n) & 3n) * (h & 1n ? -1 : 1);
    const hasher = createSimHash({ shingle: 2, weights: weightOf });
    for (const text of ['a b c d e f g', 'one two three four five six seven eight nine ten', 'ΑΣ σας ΟΔΟΣ 😀 x y']) {
      expect(hasher.fingerprint(text)).toBe(oracleFingerprint(text, 2, weightOf));
      expect(hasher.fingerprint(text) & ~MASK).toBe(0n);
    }
  });

  it('a weight function that calls back into the same hasher gets a correct answer, as does its caller', () => {
    const plain = createSimHash({ shingle: 1 });
    let inner: bigint | undefined;
    let nested = false;
    const hasher = createSimHash({
      shingle: 1,
      weights: (h) => {
        if (!nested) {
          nested = true; // the nested call's own weights must not nest again
          inner = hasher.fingerprint('nested call inside a weight');
        }
        return Number(h & 7n) - 3;
      },
    });
    const text = 'outer text with some words';
    expect(hasher.fingerprint(text)).toBe(oracleFingerprint(text, 1, (h) => Number(h & 7n) - 3));
    expect(inner).toBe(oracleFingerprint('nested call inside a weight', 1, (h) => Number(h & 7n) - 3));
    expect(plain.fingerprint(text)).toBe(oracleFingerprint(text, 1));
  });
});
