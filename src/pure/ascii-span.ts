// The hot loop for w <= 4 over ASCII text: tokens and separators until the first non-ASCII code
// unit, with every open FNV state in a local and all of them stepped together per byte (independent
// chains, so the multiplier stays busy, and one unpredictable branch per token instead of one per
// state). Locals are newest first: s0 is the current token's state, s{w-1} the oldest, which
// completes when the token ends. Measured about 1.5x the per-state loops of the general path.
//
// Entry condition (steadyAscii): w <= 4, between tokens, w - 1 states open (after the first w - 1
// tokens of a document). The caller has checked the first unit is ASCII.
import { ASCII_TOKEN_BYTE, OFFSET_HI, OFFSET_LO, PRIME_CARRY, PRIME_LO } from './fnv.js';
import { FEATURE_BLOCK, type Shingler } from './shingler.js';

export const MAX_FUSED = 4;

/** Whether the fused scanner may take over at this point. */
export function steadyAscii(sh: Shingler): boolean {
  return !sh.inToken && sh.open === sh.shingle - 1 && sh.shingle <= MAX_FUSED;
}

/** Scans the UTF-16 code units of src from `from` to at most `to`; returns where it stopped. */
export function fusedAsciiString(sh: Shingler, src: string, from: number, to: number): number {
  const P = PRIME_LO;
  const C = PRIME_CARRY;
  const table = ASCII_TOKEN_BYTE;
  const w = sh.shingle;
  const L = sh.lo;
  const H = sh.hi;
  const featureLo = sh.featureLo;
  const featureHi = sh.featureHi;
  // Open states, oldest first in the arrays, become s1.. (newest first) for the next token.
  let l0 = 0, h0 = 0, l1 = 0, h1 = 0, l2 = 0, h2 = 0, l3 = 0, h3 = 0;
  if (w > 1) { l1 = L[w - 2]; h1 = H[w - 2]; }
  if (w > 2) { l2 = L[w - 3]; h2 = H[w - 3]; }
  if (w > 3) { l3 = L[0]; h3 = H[0]; }
  let features = sh.featureCount;
  let i = from;
  while (i < to) {
    let c = src.charCodeAt(i);
    if (c >= 0x80) break;
    let b = table[c];
    if (b === 0) {
      i++;
      continue;
    }
    // A token: a space into the older states, a fresh s0, then the token's bytes into all.
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
      if (++i === to) break;
      c = src.charCodeAt(i);
      if (c >= 0x80) break;
      b = table[c];
      if (b === 0) break;
    }
    if (b !== 0) {
      // Cut at `to` or at a non-ASCII unit: the token may go on, so the general path takes it over.
      L[w - 1] = l0; H[w - 1] = h0;
      if (w > 1) { L[w - 2] = l1; H[w - 2] = h1; }
      if (w > 2) { L[w - 3] = l2; H[w - 3] = h2; }
      if (w > 3) { L[0] = l3; H[0] = h3; }
      sh.open = w;
      sh.inToken = true;
      sh.prevCased = src.charCodeAt(i - 1) >= 0x41;
      sh.featureCount = features;
      return i;
    }
    // The token ended at an ASCII separator: the oldest state is a finished shingle.
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
    i++;
  }
  if (w > 1) { L[w - 2] = l1; H[w - 2] = h1; }
  if (w > 2) { L[w - 3] = l2; H[w - 3] = h2; }
  if (w > 3) { L[0] = l3; H[0] = h3; }
  sh.featureCount = features;
  return i;
}

/** Scans UTF-8 bytes (ASCII ones only) from `from` to at most `to`; returns where it stopped. */
export function fusedAsciiBytes(sh: Shingler, src: Uint8Array, from: number, to: number): number {
  const P = PRIME_LO;
  const C = PRIME_CARRY;
  const table = ASCII_TOKEN_BYTE;
  const w = sh.shingle;
  const L = sh.lo;
  const H = sh.hi;
  const featureLo = sh.featureLo;
  const featureHi = sh.featureHi;
  // Open states, oldest first in the arrays, become s1.. (newest first) for the next token.
  let l0 = 0, h0 = 0, l1 = 0, h1 = 0, l2 = 0, h2 = 0, l3 = 0, h3 = 0;
  if (w > 1) { l1 = L[w - 2]; h1 = H[w - 2]; }
  if (w > 2) { l2 = L[w - 3]; h2 = H[w - 3]; }
  if (w > 3) { l3 = L[0]; h3 = H[0]; }
  let features = sh.featureCount;
  let i = from;
  while (i < to) {
    let c = src[i];
    if (c >= 0x80) break;
    let b = table[c];
    if (b === 0) {
      i++;
      continue;
    }
    // A token: a space into the older states, a fresh s0, then the token's bytes into all.
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
      if (++i === to) break;
      c = src[i];
      if (c >= 0x80) break;
      b = table[c];
      if (b === 0) break;
    }
    if (b !== 0) {
      // Cut at `to` or at a non-ASCII unit: the token may go on, so the general path takes it over.
      L[w - 1] = l0; H[w - 1] = h0;
      if (w > 1) { L[w - 2] = l1; H[w - 2] = h1; }
      if (w > 2) { L[w - 3] = l2; H[w - 3] = h2; }
      if (w > 3) { L[0] = l3; H[0] = h3; }
      sh.open = w;
      sh.inToken = true;
      sh.prevCased = src[i - 1] >= 0x41;
      sh.featureCount = features;
      return i;
    }
    // The token ended at an ASCII separator: the oldest state is a finished shingle.
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
    i++;
  }
  if (w > 1) { L[w - 2] = l1; H[w - 2] = h1; }
  if (w > 2) { L[w - 3] = l2; H[w - 3] = h2; }
  if (w > 3) { L[0] = l3; H[0] = h3; }
  sh.featureCount = features;
  return i;
}
