// The w running FNV-1a 64 states (one per open shingle), splitmix64, and feature emission.
// Token t opens ring slot t mod w; each token's bytes, preceded by a space, go into every open
// state, so a shingle's state sees "tok tok tok" exactly once the first space is cancelled: a new
// state starts at PRE, the value that the space maps to the FNV offset basis.
import { consume } from './counters';
import {
  RING, RING2, TB, fbCap, fbLen, fbPtr, forked, head, inTok, ntok, pendPos, pending, prevCased, tbLen, w,
} from './state';

export const FNV_PRIME: u64 = 0x100000001b3;
/** (FNV_OFFSET (abi.ts) * FNV_PRIME^-1 mod 2^64) ^ 0x20: absorbing the leading space turns it into FNV_OFFSET. */
export const PRE: u64 = 0x1d10331a6b696be7;
const SPACE: u8 = 0x20;

@inline export function splitmix(h: u64): u64 {
  h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9;
  h = (h ^ (h >> 27)) * 0x94d049bb133111eb;
  return h ^ (h >> 31);
}

/** FNV-1a 64 state h after the len bytes at ptr. */
export function fnvBytes(ptr: usize, len: i32, h: u64): u64 {
  for (let i = 0; i < len; i++) h = (h ^ <u64>load<u8>(ptr + <usize>i)) * FNV_PRIME;
  return h;
}

// Absorbing into several states per byte keeps independent multiply chains in flight together:
// one pass for up to 7 states (K is a constant at each call site, so only K states exist); more
// would spill, so wider rings go by blocks of 4 (measured: 8 in one pass is slower than 4 + 4).
@inline function absorbK(ring: usize, src: usize, len: i32, K: i32): void {
  let s0 = load<u64>(ring), s1: u64 = 0, s2: u64 = 0, s3: u64 = 0, s4: u64 = 0, s5: u64 = 0, s6: u64 = 0;
  if (K > 1) s1 = load<u64>(ring, 8);
  if (K > 2) s2 = load<u64>(ring, 16);
  if (K > 3) s3 = load<u64>(ring, 24);
  if (K > 4) s4 = load<u64>(ring, 32);
  if (K > 5) s5 = load<u64>(ring, 40);
  if (K > 6) s6 = load<u64>(ring, 48);
  for (let end = src + <usize>len; src < end; src++) {
    const b = <u64>load<u8>(src);
    s0 = (s0 ^ b) * FNV_PRIME;
    if (K > 1) s1 = (s1 ^ b) * FNV_PRIME;
    if (K > 2) s2 = (s2 ^ b) * FNV_PRIME;
    if (K > 3) s3 = (s3 ^ b) * FNV_PRIME;
    if (K > 4) s4 = (s4 ^ b) * FNV_PRIME;
    if (K > 5) s5 = (s5 ^ b) * FNV_PRIME;
    if (K > 6) s6 = (s6 ^ b) * FNV_PRIME;
  }
  store<u64>(ring, s0);
  if (K > 1) store<u64>(ring, s1, 8);
  if (K > 2) store<u64>(ring, s2, 16);
  if (K > 3) store<u64>(ring, s3, 24);
  if (K > 4) store<u64>(ring, s4, 32);
  if (K > 5) store<u64>(ring, s5, 40);
  if (K > 6) store<u64>(ring, s6, 48);
}

function absorb1(ring: usize, src: usize, len: i32): void { absorbK(ring, src, len, 1); }
function absorb2(ring: usize, src: usize, len: i32): void { absorbK(ring, src, len, 2); }
function absorb3(ring: usize, src: usize, len: i32): void { absorbK(ring, src, len, 3); }
function absorb4(ring: usize, src: usize, len: i32): void { absorbK(ring, src, len, 4); }
function absorb5(ring: usize, src: usize, len: i32): void { absorbK(ring, src, len, 5); }
function absorb6(ring: usize, src: usize, len: i32): void { absorbK(ring, src, len, 6); }
function absorb7(ring: usize, src: usize, len: i32): void { absorbK(ring, src, len, 7); }

/** Feeds len bytes at src into the first k states of ring. */
export function absorb(ring: usize, k: i32, src: usize, len: i32): void {
  for (; k > 7; k -= 4, ring += 32) absorb4(ring, src, len);
  switch (k) {
    case 1: absorb1(ring, src, len); break;
    case 2: absorb2(ring, src, len); break;
    case 3: absorb3(ring, src, len); break;
    case 4: absorb4(ring, src, len); break;
    case 5: absorb5(ring, src, len); break;
    case 6: absorb6(ring, src, len); break;
    case 7: absorb7(ring, src, len); break;
  }
}

export function emit(h: u64): void {
  store<u64>(fbPtr + (<usize>fbLen << 3), h);
  if (++fbLen == fbCap) consume();
}

export function startToken(): void {
  store<u64>(RING + (<usize>head << 3), PRE);
  if (ntok < w) ntok++;
  inTok = true;
  store<u8>(TB, SPACE);
  tbLen = 1;
  prevCased = false;
  pending = false;
  pendPos = -1;
}

/** Absorbs the token buffer into the open states; a pending sigma still in it forks the states. */
export function flushTokenBuffer(): void {
  if (pending && pendPos >= 0) {
    memory.copy(RING2, RING, 8 * <usize>ntok);
    absorb(RING, ntok, TB, tbLen); // RING: the non-final sigma already in TB
    store<u8>(TB + <usize>pendPos, 0x82);
    absorb(RING2, ntok, TB, tbLen); // RING2: final sigma
    forked = true;
    pendPos = -1;
  } else {
    absorb(RING, ntok, TB, tbLen);
    if (forked) absorb(RING2, ntok, TB, tbLen);
  }
  tbLen = 0;
}

/** Settles a pending capital sigma: final (ς, CF 82) or not (σ, CF 83, already written). */
export function resolveSigma(final: bool): void {
  if (pendPos >= 0) {
    if (final) store<u8>(TB + <usize>pendPos, 0x82);
  } else if (forked) {
    if (final) memory.copy(RING, RING2, 8 * <usize>ntok);
    forked = false;
  }
  pending = false;
  pendPos = -1;
}

export function endToken(): void {
  if (pending) resolveSigma(true);
  absorb(RING, ntok, TB, tbLen);
  tbLen = 0;
  inTok = false;
  head = head + 1 == w ? 0 : head + 1;
  if (ntok == w) emit(splitmix(load<u64>(RING + (<usize>head << 3))));
}

/** End of the document: with 0 < n < w tokens, the one shingle of all of them (opened in slot 0). */
export function emitShortShingle(): void {
  if (ntok > 0 && ntok < w) emit(splitmix(load<u64>(RING)));
}
