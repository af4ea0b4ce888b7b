// Fingerprint sets for the index pool's tests: random, clustered (near-duplicates of a few centres) and
// duplicate-heavy (a few values many times), drawn by fast-check so failures shrink.
import fc from 'fast-check';

const u64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });

function flip(fp: bigint, bits: readonly number[]): bigint {
  for (const b of bits) fp ^= 1n << BigInt(b);
  return fp;
}

/** Copies of a few centres, each with up to `spread` random bits flipped. */
export const clustered = (size: number, spread: number) =>
  fc.tuple(fc.array(u64, { minLength: 1, maxLength: 6 }), fc.array(fc.tuple(fc.nat(), fc.array(fc.integer({ min: 0, max: 63 }), { maxLength: spread })), { minLength: 1, maxLength: size, size: 'max' }))
    .map(([centres, draws]) => BigUint64Array.from(draws, ([c, bits]) => flip(centres[c % centres.length], bits)));

export const random = (size: number) => fc.array(u64, { maxLength: size, size: 'max' }).map((a) => BigUint64Array.from(a));

/** A few values (near each other), each many times. */
export const duplicateHeavy = (size: number) =>
  fc.tuple(u64, fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 63 })), { minLength: 1, maxLength: size, size: 'max' }))
    .map(([base, draws]) => BigUint64Array.from(draws, ([v, bit]) => (v === 0 ? base : flip(base, [bit, (bit + v) % 64]))));

export const fingerprintSets = (size: number) => fc.oneof(random(size), clustered(size, 10), duplicateHeavy(size));

/** A deterministic stream of well-mixed uint32s (every bit usable, unlike a bare LCG's low bits). */
function mixer(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let h = Math.imul(s ^ (s >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
  };
}

/** Queries: some stored values with bits flipped, some random. */
export function queriesFor(stored: BigUint64Array, count: number, seed: number): BigUint64Array {
  const next = mixer(seed);
  const out = new BigUint64Array(count);
  for (let i = 0; i < count; i++) {
    if (stored.length > 0 && next() % 4 !== 0) {
      const flips = Array.from({ length: next() % 12 }, () => next() % 64);
      out[i] = flip(stored[next() % stored.length], flips);
    } else out[i] = (BigInt(next()) << 32n) | BigInt(next());
  }
  return out;
}

/** `count` copies of one centre, each with `min` to `max` random bits flipped: they share blocks, so buckets overflow into sub-indexes. */
export function giantCluster(count: number, min: number, max: number, seed: number): BigUint64Array {
  const next = mixer(seed);
  const centre = (BigInt(next()) << 32n) | BigInt(next());
  return BigUint64Array.from({ length: count }, () => flip(centre, Array.from({ length: min + (next() % (max - min + 1)) }, () => next() % 64)));
}
