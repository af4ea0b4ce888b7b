// 64-bit fingerprints as two uint32 halves (hi = bits 63..32, lo = bits 31..0): the index never makes a BigInt
// per entry.
import { popcount32 } from '../../core/bits.js';

const scratch64 = new BigUint64Array(1);
const scratch32 = new Uint32Array(scratch64.buffer);
/** Typed arrays use the platform's byte order; the halves of a BigUint64Array element are read through it. */
export const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const HI = LITTLE_ENDIAN ? 1 : 0;
const LO = LITTLE_ENDIAN ? 0 : 1;

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
