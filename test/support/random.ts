// The tests' seeded generators, so that a failing case can be reproduced. Two algorithms, each kept because its
// tests were written against its exact sequence: the LCG drives the stream cuts and the pure engine's arithmetic
// inputs, xorshift32 the index data.

/** A 32-bit linear congruential generator (the multiplier and increment of C's example rand()): its raw states. */
export function lcg(seed: number): () => number {
  return () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
}

/** The same sequence as lcg(seed), scaled to [0, 1) like Math.random. */
export function lcgUniform(seed: number): () => number {
  const next = lcg(seed);
  return () => next() / 2 ** 32;
}

/** xorshift32 (13, 17, 5), with what the index tests draw from it: fingerprints and flipped bits. */
export class XorShift32 {
  private s: number;
  constructor(seed: number) {
    this.s = (seed >>> 0) || 0x9e3779b9; // 0 is xorshift's fixed point
  }
  u32(): number {
    let s = this.s;
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (this.s = s >>> 0);
  }
  below(n: number): number {
    return Math.floor((this.u32() / 2 ** 32) * n);
  }
  fp(): bigint {
    return (BigInt(this.u32()) << 32n) | BigInt(this.u32());
  }
  flip(fp: bigint, bits: number): bigint {
    for (let i = 0; i < bits; i++) fp ^= 1n << BigInt(this.below(64));
    return fp;
  }
}

/** `whole` cut into consecutive parts of 0 to maxPart - 1 units each, at random (empty parts too: they change nothing). */
export function randomCuts<T extends { length: number; slice(a: number, b?: number): T }>(whole: T, random: () => number, maxPart: number): T[] {
  const parts: T[] = [];
  for (let at = 0; at < whole.length;) {
    const next = Math.min(whole.length, at + Math.floor(random() * maxPart));
    parts.push(whole.slice(at, next));
    at = next;
  }
  return parts;
}
