// FNV-1a 64 and the splitmix64 finalizer in 32-bit halves (lo, hi as int32), no BigInt.
// One FNV step is h = (h ^ byte) * (2^40 + 0x1b3) mod 2^64. The xor only touches the low half, and
//   lo' = (x * 0x1b3) mod 2^32                      with x = lo ^ byte
//   hi' = hi * 0x1b3 + (x << 8) + floor(x * 0x1b3 / 2^32)   mod 2^32
// where x << 8 is x * 2^40 seen from the high half. The carry is one double multiply: x (unsigned)
// times 0x1b3 / 2^32 is exact (x * 0x1b3 < 2^41 and the scale is a power of two), and truncating it
// is the floor. Measured ~25% faster than forming the carry from 16-bit integer pieces.
//
// States live in two Int32Arrays (lo, hi); a "group" is states 0..count-1 that absorb the same bytes.

export const OFFSET_LO = 0x84222325 | 0;
export const OFFSET_HI = 0xcbf29ce4 | 0;
export const PRIME_LO = 0x1b3;
/** 0x1b3 / 2^32: (x >>> 0) * PRIME_CARRY | 0 is the carry of x * 0x1b3 out of the low half. */
export const PRIME_CARRY = 0x1b3 / 4294967296;

/** Lowercase byte of an ASCII alphanumeric code unit, 0 for every other ASCII code unit. */
export const ASCII_TOKEN_BYTE = new Uint8Array(128);
for (let c = 0x30; c <= 0x39; c++) ASCII_TOKEN_BYTE[c] = c;
for (let c = 0x41; c <= 0x5a; c++) ASCII_TOKEN_BYTE[c] = c | 0x20;
for (let c = 0x61; c <= 0x7a; c++) ASCII_TOKEN_BYTE[c] = c;

/** Absorbs one byte into states 0..count-1. */
export function absorbByte(lo: Int32Array, hi: Int32Array, count: number, byte: number): void {
  for (let k = 0; k < count; k++) {
    const x = lo[k] ^ byte;
    hi[k] = (Math.imul(hi[k], PRIME_LO) + (x << 8) + (((x >>> 0) * PRIME_CARRY) | 0)) | 0;
    lo[k] = Math.imul(x, PRIME_LO);
  }
}

/** Absorbs src[from..to) into states 0..count-1. */
export function absorbBytes(lo: Int32Array, hi: Int32Array, count: number, src: Uint8Array, from: number, to: number): void {
  for (let k = 0; k < count; k++) {
    let l = lo[k];
    let h = hi[k];
    for (let i = from; i < to; i++) {
      const x = l ^ src[i];
      h = (Math.imul(h, PRIME_LO) + (x << 8) + (((x >>> 0) * PRIME_CARRY) | 0)) | 0;
      l = Math.imul(x, PRIME_LO);
    }
    lo[k] = l;
    hi[k] = h;
  }
}

/**
 * Absorbs the lowercased run of ASCII alphanumerics of UTF-8 bytes starting at `from` (which must be one) into
 * states 0..count-1 (count >= 1); returns where the run ends (at most `end`).
 */
export function absorbAsciiRunBytes(lo: Int32Array, hi: Int32Array, count: number, src: Uint8Array, from: number, end: number): number {
  let l = lo[0];
  let h = hi[0];
  let to = from;
  for (; to < end; to++) {
    const c = src[to];
    if (c >= 0x80) break;
    const b = ASCII_TOKEN_BYTE[c];
    if (b === 0) break;
    const x = l ^ b;
    h = (Math.imul(h, PRIME_LO) + (x << 8) + (((x >>> 0) * PRIME_CARRY) | 0)) | 0;
    l = Math.imul(x, PRIME_LO);
  }
  lo[0] = l;
  hi[0] = h;
  for (let k = 1; k < count; k++) {
    l = lo[k];
    h = hi[k];
    for (let i = from; i < to; i++) {
      const x = l ^ (src[i] | 0x20);
      h = (Math.imul(h, PRIME_LO) + (x << 8) + (((x >>> 0) * PRIME_CARRY) | 0)) | 0;
      l = Math.imul(x, PRIME_LO);
    }
    lo[k] = l;
    hi[k] = h;
  }
  return to;
}

const TWO_16 = 65536;

/**
 * High 32 bits of x * c for x an int32 read as unsigned and c = (c1 << 16) + c0 a 32-bit constant,
 * in doubles: x * c0 and x * c1 are below 2^48, so every step is exact.
 */
function mulHigh(x: number, c1: number, c0: number): number {
  const u = x >>> 0;
  return Math.floor((u * c1 + Math.floor((u * c0) / TWO_16)) / TWO_16);
}

/** splitmix64 finalizer applied in place to hashes 0..count-1 (lo, hi halves). */
export function splitmixBlock(los: Int32Array, his: Int32Array, count: number): void {
  for (let f = 0; f < count; f++) {
    let lo = los[f];
    let hi = his[f];
    // h ^= h >> 30
    lo ^= (lo >>> 30) | (hi << 2);
    hi ^= hi >>> 30;
    // h *= 0xbf58476d1ce4e5b9
    let nhi = (mulHigh(lo, 0x1ce4, 0xe5b9) + Math.imul(lo, 0xbf58476d | 0) + Math.imul(hi, 0x1ce4e5b9)) | 0;
    lo = Math.imul(lo, 0x1ce4e5b9);
    hi = nhi;
    // h ^= h >> 27
    lo ^= (lo >>> 27) | (hi << 5);
    hi ^= hi >>> 27;
    // h *= 0x94d049bb133111eb
    nhi = (mulHigh(lo, 0x1331, 0x11eb) + Math.imul(lo, 0x94d049bb | 0) + Math.imul(hi, 0x133111eb)) | 0;
    lo = Math.imul(lo, 0x133111eb);
    hi = nhi;
    // h ^= h >> 31
    los[f] = lo ^ ((lo >>> 31) | (hi << 1));
    his[f] = hi ^ (hi >>> 31);
  }
}
