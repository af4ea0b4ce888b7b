// The hot path for w <= 4 once w tokens are open: runs of ASCII bytes with the open FNV states in
// locals, absorbing each byte as it is read (no token buffer, no call per token). It stops at a
// non-ASCII byte, at end, where scan() has put a 0xff sentinel so the inner loops need no bounds
// check, and hands the states back to the ring. Only entered with no UTF-8 sequence and no sigma
// pending. It also stops when the feature buffer is full. Few live variables on purpose: a spilled state costs more than the work it saves.
import { FNV_OFFSET, FNV_PRIME, splitmix } from './features';
import { ASCII_CLASS, NON_ASCII } from './lookup';
import { RING, fbEnd, fbLen, fbPtr, head, inTok, prevCased, tbLen } from './state';

const SPACE: u64 = 0x20;

@inline function cls(p: usize): u32 {
  return <u32>load<u8>(ASCII_CLASS + <usize>load<u8>(p));
}

// W is a constant at each call site below, so the optimizer keeps only the states that exist.
@inline function run(from: usize, W: i32): usize {
  // r0 is the oldest open state (the next to complete), r[W-1] the newest. The ring keeps the
  // current token's state at slot head (head moves on when the token ends), so r[i] is at slot
  // (base + i) % W with base = head + 1 inside a token and head between tokens.
  let r0: u64 = 0, r1: u64 = 0, r2: u64 = 0, r3: u64 = 0;
  const base = inTok ? head + 1 : head;
  r0 = load<u64>(RING + (<usize>(base % W) << 3));
  if (W > 1) r1 = load<u64>(RING + (<usize>((base + 1) % W) << 3));
  if (W > 2) r2 = load<u64>(RING + (<usize>((base + 2) % W) << 3));
  if (W > 3) r3 = load<u64>(RING + (<usize>((base + 3) % W) << 3));
  let out = fbPtr + (<usize>fbLen << 3);
  let p = from;
  let c = cls(p);
  let inT = true;
  if (!inTok) {
    while (c == 0) c = cls(++p);
    if (c == NON_ASCII) inT = false;
    else {
      // A token starts (as in the loop below).
      if (W == 1) r0 = FNV_OFFSET;
      if (W == 2) { r0 = (r1 ^ SPACE) * FNV_PRIME; r1 = FNV_OFFSET; }
      if (W == 3) { r0 = (r1 ^ SPACE) * FNV_PRIME; r1 = (r2 ^ SPACE) * FNV_PRIME; r2 = FNV_OFFSET; }
      if (W == 4) { r0 = (r1 ^ SPACE) * FNV_PRIME; r1 = (r2 ^ SPACE) * FNV_PRIME; r2 = (r3 ^ SPACE) * FNV_PRIME; r3 = FNV_OFFSET; }
    }
  }
  if (inT) {
    for (;;) {
      // Inside a token; c is the class of the byte at p.
      while (c - 1 < 0x7f) {
        const b = <u64>c;
        r0 = (r0 ^ b) * FNV_PRIME;
        if (W > 1) r1 = (r1 ^ b) * FNV_PRIME;
        if (W > 2) r2 = (r2 ^ b) * FNV_PRIME;
        if (W > 3) r3 = (r3 ^ b) * FNV_PRIME;
        c = cls(++p);
      }
      if (c == NON_ASCII) break; // the token goes on (or may, in the next chunk)
      // A separator ends the token, which completes the oldest state's shingle.
      store<u64>(out, splitmix(r0));
      out += 8;
      // A full feature buffer: return (at the separator) so the caller votes. A call from here
      // would make the states spill around it on every token.
      if (out == fbEnd) { inT = false; break; }
      do c = cls(++p); while (c == 0);
      if (c == NON_ASCII) { inT = false; break; }
      // A token starts: the states move up, each older one takes the separating space, and the
      // newest starts from the offset basis.
      if (W == 1) r0 = FNV_OFFSET;
      if (W == 2) { r0 = (r1 ^ SPACE) * FNV_PRIME; r1 = FNV_OFFSET; }
      if (W == 3) { r0 = (r1 ^ SPACE) * FNV_PRIME; r1 = (r2 ^ SPACE) * FNV_PRIME; r2 = FNV_OFFSET; }
      if (W == 4) { r0 = (r1 ^ SPACE) * FNV_PRIME; r1 = (r2 ^ SPACE) * FNV_PRIME; r2 = (r3 ^ SPACE) * FNV_PRIME; r3 = FNV_OFFSET; }
    }
  }
  // All w states are open, so where they sit in the ring is free: put r[i] in slot i.
  head = inT ? W - 1 : 0;
  store<u64>(RING, r0);
  if (W > 1) store<u64>(RING, r1, 8);
  if (W > 2) store<u64>(RING, r2, 16);
  if (W > 3) store<u64>(RING, r3, 24);
  inTok = inT;
  tbLen = 0;
  fbLen = <i32>((out - fbPtr) >> 3);
  if (inT && p > from) prevCased = cls(p - 1) >= 0x61; // the token's last byte: letters are Cased, digits not
  return p;
}

function run1(p: usize): usize { return run(p, 1); }
function run2(p: usize): usize { return run(p, 2); }
function run3(p: usize): usize { return run(p, 3); }
function run4(p: usize): usize { return run(p, 4); }

/** Runs the fast path for shingle width w (1 to 4, all w states open) from p; returns where it stopped. */
export function asciiFast(p: usize, w: i32): usize {
  if (w == 3) return run3(p);
  if (w == 1) return run1(p);
  if (w == 2) return run2(p);
  return run4(p);
}
