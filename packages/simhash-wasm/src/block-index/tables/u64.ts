// 64-bit fingerprints as two uint32 halves (hi = bits 63..32, lo = bits 31..0): the index never makes a BigInt
// per entry.
import { popcount32 } from '../../core/bits.js';
import { HALF_HI as HI, HALF_LO as LO } from '../../core/halves.js';

const scratch64 = new BigUint64Array(1);
const scratch32 = new Uint32Array(scratch64.buffer);

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
