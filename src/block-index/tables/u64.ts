// 64-bit fingerprints as two uint32 halves (hi = bits 63..32, lo = bits 31..0): the index never makes a BigInt per entry.

const MASK64 = (1n << 64n) - 1n;
const scratch64 = new BigUint64Array(1);
const scratch32 = new Uint32Array(scratch64.buffer);
/** Typed arrays use the platform's byte order; the halves of a BigUint64Array element are read through it. */
export const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const HI = LITTLE_ENDIAN ? 1 : 0;
const LO = LITTLE_ENDIAN ? 0 : 1;

export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function isU64(value: unknown): value is bigint {
  return typeof value === 'bigint' && value >= 0n && value <= MASK64;
}

/** Writes an already validated u64 into a shared scratch pair; read it as scratch[HALF_HI], scratch[HALF_LO]. */
export function halvesOf(fp: bigint): Uint32Array {
  scratch64[0] = fp;
  return scratch32;
}

/** Upper 32 bits of an already validated u64. */
export function hiOf(fp: bigint): number {
  scratch64[0] = fp;
  return scratch32[HI];
}

/** Lower 32 bits of an already validated u64. */
export function loOf(fp: bigint): number {
  scratch64[0] = fp;
  return scratch32[LO];
}

export function toBigInt(hi: number, lo: number): bigint {
  scratch32[HI] = hi;
  scratch32[LO] = lo;
  return scratch64[0];
}

/** The uint32 view of a BigUint64Array: element i is (view[2i + HALF_HI], view[2i + HALF_LO]). */
export function halvesView(fps: BigUint64Array): Uint32Array {
  return new Uint32Array(fps.buffer, fps.byteOffset, fps.length * 2);
}
export const HALF_HI = HI;
export const HALF_LO = LO;

/** Mask of bits [from, to) of a 64-bit word as [hi, lo]; 0 <= from <= to <= 64. */
export function rangeMask(from: number, to: number): [hi: number, lo: number] {
  let hi = 0;
  let lo = 0;
  for (let bit = from; bit < to; bit++) {
    if (bit >= 32) hi |= 1 << (bit - 32);
    else lo |= 1 << bit;
  }
  return [hi >>> 0, lo >>> 0];
}

export function maskBits(hi: number, lo: number): number {
  return popcount32(hi) + popcount32(lo);
}
