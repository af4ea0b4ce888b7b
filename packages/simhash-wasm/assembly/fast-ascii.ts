// The fast path over ASCII only (see fast-common.ts): letters and digits lowercased by the class
// table, everything else ASCII a separator; it stops at the first byte >= 0x80.
import { FNV_OFFSET } from './abi';
import { FNV_PRIME, splitmix } from './features';
import { NON_ASCII } from './lookup';
import { fbEnd, fbPtr, fbLen, inTok } from './state';
import { SPACE, cls, done, stateSlot } from './fast-common';

// W is a constant at each call site below, so the optimizer keeps only the states that exist.
@inline function run(from: usize, W: i32): usize {
  let r0: u64 = load<u64>(stateSlot(0, W)), r1: u64 = 0, r2: u64 = 0, r3: u64 = 0;
  if (W > 1) r1 = load<u64>(stateSlot(1, W));
  if (W > 2) r2 = load<u64>(stateSlot(2, W));
  if (W > 3) r3 = load<u64>(stateSlot(3, W));
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
  return done(from, p, out, inT, r0, r1, r2, r3, W);
}

function run1(p: usize): usize { return run(p, 1); }
function run2(p: usize): usize { return run(p, 2); }
function run3(p: usize): usize { return run(p, 3); }
function run4(p: usize): usize { return run(p, 4); }

/** The ASCII fast path for shingle width w (1 to 4) from p; returns where it stopped. */
export function asciiFast(p: usize, w: i32): usize {
  if (w == 3) return run3(p);
  if (w == 1) return run1(p);
  if (w == 2) return run2(p);
  return run4(p);
}
