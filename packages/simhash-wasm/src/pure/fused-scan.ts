// The hot loop for w <= 4: tokens and separators with every open FNV state in a local and all of
// them stepped together per byte (independent chains, so the multiplier stays busy, and one
// unpredictable branch per token instead of one per state). ASCII and BMP code points are handled
// here; what needs more (U+0130, U+03A3 and its Final_Sigma rule, astral code points, invalid or
// cut UTF-8, CJK code points under tokens: 'cjk-chars') returns to the general path in decode.ts, which comes back when it can.
// Measured: about 1.5x the general path's per-state loops on ASCII, about 3x on accented text.
//
// Locals are newest first: s0 is the current token's state, s{w-1} the oldest, which completes
// when the token ends. A token's lowercase UTF-8 is pumped a byte at a time: b is the byte to
// absorb, `more` holds up to two further bytes of the same code point (low byte first), `extra`
// their count. Strings arrive as UTF-8 bytes too (encoded.ts).
//
// Entry (isSteady): w <= 4, between tokens, w - 1 states open (after a document's first w - 1 tokens).
import { BMP_FLAGS, FLAG_ALNUM, FLAG_CASE_IGNORABLE, FLAG_CASED, LOWER_SPECIAL } from './char-props.js';
import { ASCII_TOKEN_BYTE, OFFSET_HI, OFFSET_LO, PRIME_CARRY, PRIME_LO } from './fnv.js';
import { FEATURE_BLOCK, type Shingler } from './shingler.js';

export const MAX_FUSED = 4;

/** Whether the fused scanner may take over at this point. */
export function isSteady(sh: Shingler): boolean {
  return !sh.inToken && sh.open === sh.shingle - 1 && sh.shingle <= MAX_FUSED;
}

/**
 * Scans the UTF-8 bytes src[from..to); returns where it stopped: at `to`, or at a code point the
 * general path must take (nothing of it consumed).
 */
export function fusedBytes(sh: Shingler, src: Uint8Array, from: number, to: number): number {
  const P = PRIME_LO;
  const C = PRIME_CARRY;
  const ascii = ASCII_TOKEN_BYTE;
  const w = sh.shingle;
  const L = sh.lo;
  const H = sh.hi;
  const featureLo = sh.featureLo;
  const featureHi = sh.featureHi;
  // BMP_LOWER, or under tokens: 'cjk-chars' a copy that sends CJK code points to the general path (cjk.ts).
  const lowerTable = sh.bmpLower;
  // The w - 1 open states, oldest first in the arrays, are s1.. here.
  let l0 = 0, h0 = 0, l1 = 0, h1 = 0, l2 = 0, h2 = 0, l3 = 0, h3 = 0;
  if (w > 1) { l1 = L[w - 2]; h1 = H[w - 2]; }
  if (w > 2) { l2 = L[w - 3]; h2 = H[w - 3]; }
  if (w > 3) { l3 = L[0]; h3 = H[0]; }
  let features = sh.featureCount;
  let i = from;
  let b = 0;
  let more = 0;
  let extra = 0;
  /** Whether the token's last code point that is not Case_Ignorable was Cased, as of its last non-ASCII one. */
  let cased = false;
  let inToken = false;
  scan: while (i < to) {
    // Between tokens: skip separators up to the first byte of a token.
    let c = src[i];
    if (c < 0x80) {
      b = ascii[c];
      i++;
      if (b === 0) continue;
      extra = 0;
    } else {
      // A complete, valid 2- or 3-byte sequence (WHATWG bounds); anything else is the general path's.
      const length = c < 0xe0 ? 2 : 3;
      if (c < 0xc2 || c > 0xef || i + length > to) break;
      const c1 = src[i + 1];
      if (length === 2) {
        if ((c1 & 0xc0) !== 0x80) break;
        c = ((c & 0x1f) << 6) | (c1 & 0x3f);
      } else {
        const c2 = src[i + 2];
        if (c1 < (c === 0xe0 ? 0xa0 : 0x80) || c1 > (c === 0xed ? 0x9f : 0xbf) || (c2 & 0xc0) !== 0x80) break;
        c = ((c & 0xf) << 12) | ((c1 & 0x3f) << 6) | (c2 & 0x3f);
      }
      i += length;
      const flags = BMP_FLAGS[c];
      if ((flags & FLAG_ALNUM) === 0) continue;
      let lower = lowerTable[c];
      if (lower === LOWER_SPECIAL) { i -= length; break; }
      if (lower === 0) lower = c;
      if (lower < 0x80) {
        b = lower;
        extra = 0;
      } else if (lower < 0x800) {
        b = 0xc0 | (lower >>> 6);
        more = 0x80 | (lower & 0x3f);
        extra = 1;
      } else {
        b = 0xe0 | (lower >>> 12);
        more = (0x80 | ((lower >>> 6) & 0x3f)) | ((0x80 | (lower & 0x3f)) << 8);
        extra = 2;
      }
      cased = (flags & FLAG_CASE_IGNORABLE) === 0 && (flags & FLAG_CASED) !== 0;
    }
    // A token: a space into the older states, a fresh s0, then the token's bytes into all.
    inToken = true;
    sh.tokens = w;
    if (w > 1) {
      let x = l1 ^ 0x20;
      h1 = (Math.imul(h1, P) + (x << 8) + (((x >>> 0) * C) | 0)) | 0;
      l1 = Math.imul(x, P);
      if (w > 2) {
        x = l2 ^ 0x20;
        h2 = (Math.imul(h2, P) + (x << 8) + (((x >>> 0) * C) | 0)) | 0;
        l2 = Math.imul(x, P);
        if (w > 3) {
          x = l3 ^ 0x20;
          h3 = (Math.imul(h3, P) + (x << 8) + (((x >>> 0) * C) | 0)) | 0;
          l3 = Math.imul(x, P);
        }
      }
    }
    l0 = OFFSET_LO;
    h0 = OFFSET_HI;
    for (;;) {
      let x = l0 ^ b;
      h0 = (Math.imul(h0, P) + (x << 8) + (((x >>> 0) * C) | 0)) | 0;
      l0 = Math.imul(x, P);
      if (w > 1) {
        x = l1 ^ b;
        h1 = (Math.imul(h1, P) + (x << 8) + (((x >>> 0) * C) | 0)) | 0;
        l1 = Math.imul(x, P);
        if (w > 2) {
          x = l2 ^ b;
          h2 = (Math.imul(h2, P) + (x << 8) + (((x >>> 0) * C) | 0)) | 0;
          l2 = Math.imul(x, P);
          if (w > 3) {
            x = l3 ^ b;
            h3 = (Math.imul(h3, P) + (x << 8) + (((x >>> 0) * C) | 0)) | 0;
            l3 = Math.imul(x, P);
          }
        }
      }
      if (extra !== 0) {
        b = more & 0xff;
        more >>>= 8;
        extra--;
        continue;
      }
      if (i === to) break scan; // the token may go on in the next chunk
      c = src[i];
      if (c < 0x80) {
        b = ascii[c];
        i++;
        if (b === 0) break;
        continue;
      }
      const previous = src[i - 1];
      if (previous < 0x80) cased = previous >= 0x41; // an ASCII letter is Cased, a digit is not
      // A complete, valid 2- or 3-byte sequence (WHATWG bounds); anything else is the general path's.
      const length = c < 0xe0 ? 2 : 3;
      if (c < 0xc2 || c > 0xef || i + length > to) break scan;
      const c1 = src[i + 1];
      if (length === 2) {
        if ((c1 & 0xc0) !== 0x80) break scan;
        c = ((c & 0x1f) << 6) | (c1 & 0x3f);
      } else {
        const c2 = src[i + 2];
        if (c1 < (c === 0xe0 ? 0xa0 : 0x80) || c1 > (c === 0xed ? 0x9f : 0xbf) || (c2 & 0xc0) !== 0x80) break scan;
        c = ((c & 0xf) << 12) | ((c1 & 0x3f) << 6) | (c2 & 0x3f);
      }
      i += length;
      const flags = BMP_FLAGS[c];
      if ((flags & FLAG_ALNUM) === 0) break;
      let lower = lowerTable[c];
      if (lower === LOWER_SPECIAL) { i -= length; break scan; }
      if (lower === 0) lower = c;
      if (lower < 0x80) {
        b = lower;
        extra = 0;
      } else if (lower < 0x800) {
        b = 0xc0 | (lower >>> 6);
        more = 0x80 | (lower & 0x3f);
        extra = 1;
      } else {
        b = 0xe0 | (lower >>> 12);
        more = (0x80 | ((lower >>> 6) & 0x3f)) | ((0x80 | (lower & 0x3f)) << 8);
        extra = 2;
      }
      if ((flags & FLAG_CASE_IGNORABLE) === 0) cased = (flags & FLAG_CASED) !== 0;
    }
    // The token ended at a separator (consumed): the oldest state is a finished shingle.
    inToken = false;
    featureLo[features] = w === 1 ? l0 : w === 2 ? l1 : w === 3 ? l2 : l3;
    featureHi[features] = w === 1 ? h0 : w === 2 ? h1 : w === 3 ? h2 : h3;
    if (++features === FEATURE_BLOCK) {
      sh.featureCount = features;
      sh.flushFeatures();
      features = 0;
    }
    l3 = l2; h3 = h2;
    l2 = l1; h2 = h1;
    l1 = l0; h1 = h0;
  }
  sh.featureCount = features;
  if (inToken) {
    // Stopped inside a token: hand all w states to the general path, which continues it.
    L[w - 1] = l0; H[w - 1] = h0;
    if (w > 1) { L[w - 2] = l1; H[w - 2] = h1; }
    if (w > 2) { L[w - 3] = l2; H[w - 3] = h2; }
    if (w > 3) { L[0] = l3; H[0] = h3; }
    sh.open = w;
    sh.inToken = true;
    const previous = src[i - 1];
    sh.prevCased = previous < 0x80 ? previous >= 0x41 : cased;
    return i;
  }
  if (w > 1) { L[w - 2] = l1; H[w - 2] = h1; }
  if (w > 2) { L[w - 3] = l2; H[w - 3] = h2; }
  if (w > 3) { L[0] = l3; H[0] = h3; }
  return i;
}
