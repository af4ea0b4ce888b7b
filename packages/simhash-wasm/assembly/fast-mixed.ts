// The fast path over ASCII and two- (and three-) byte sequences (see fast-common.ts): besides ASCII
// it takes the letters and separators multibyte.ts describes. Slower than fast-ascii.ts on ASCII,
// so scan() calls it only at such a sequence, the three-byte variant only at a three-byte one. It
// stops at any other byte >= 0x80. Under tokens: 'cjk-chars' scan() takes the CJK variant of the
// three-byte one, where a CJK letter ends the token before it and is a token of its own.
import { FNV_OFFSET } from './abi';
import { FNV_PRIME, splitmix } from './features';
import { NON_ASCII } from './lookup';
import { SEQ_CJK, SEQ_LENGTH_SHIFT, SEQ_LETTER, SEQ_SEPARATOR, seq2At, seqAt } from './multibyte';
import { fbEnd, fbLen, fbPtr, inTok } from './state';
import { SPACE, cls, done, stateSlot } from './fast-common';

// The length from the lead byte, not from the table entry: the byte pointer must not wait for the
// table load, or every sequence costs the whole load chain.
@inline function seqLength(p: usize, THREE: bool): usize {
  return THREE ? 2 + ((<usize>load<u8>(p) >> 5) & 1) : 2;
}

// W is a constant at each call site below, so the optimizer keeps only the states that exist.
// THREE: whether three-byte sequences are taken too (slower on two-byte text: more live values).
// CJK (with THREE): tokens: 'cjk-chars', a constant too, so the other variants carry none of it.
@inline function run(from: usize, W: i32, THREE: bool, CJK: bool): usize {
  let r0: u64 = load<u64>(stateSlot(0, W)), r1: u64 = 0, r2: u64 = 0, r3: u64 = 0;
  if (W > 1) r1 = load<u64>(stateSlot(1, W));
  if (W > 2) r2 = load<u64>(stateSlot(2, W));
  if (W > 3) r3 = load<u64>(stateSlot(3, W));
  let out = fbPtr + (<usize>fbLen << 3);
  let p = from;
  let c = cls(p);
  // CJK: where the current token began; a CJK letter there is the whole token, one elsewhere ends it.
  let tokenStart: usize = 0;
  if (!inTok) {
    // Between tokens: skip separators, ASCII or two-byte (as in the loop below).
    for (;;) {
      while (c == 0) c = cls(++p);
      if (c != NON_ASCII) break;
      const d = THREE ? seqAt(p) : seq2At(p);
      if (d & SEQ_LETTER) break;
      if ((d & SEQ_SEPARATOR) == 0) return done(from, p, out, false, r0, r1, r2, r3, W);
      p += seqLength(p, THREE);
      c = cls(p);
    }
    // A token starts (as at the end of the loop below).
    if (W == 1) r0 = FNV_OFFSET;
    if (W == 2) { r0 = (r1 ^ SPACE) * FNV_PRIME; r1 = FNV_OFFSET; }
    if (W == 3) { r0 = (r1 ^ SPACE) * FNV_PRIME; r1 = (r2 ^ SPACE) * FNV_PRIME; r2 = FNV_OFFSET; }
    if (W == 4) { r0 = (r1 ^ SPACE) * FNV_PRIME; r1 = (r2 ^ SPACE) * FNV_PRIME; r2 = (r3 ^ SPACE) * FNV_PRIME; r3 = FNV_OFFSET; }
    if (CJK) tokenStart = p;
  }
  for (;;) {
    // Inside a token; c is the class of the byte at p.
    for (;;) {
      while (c - 1 < 0x7f) {
        const b = <u64>c;
        r0 = (r0 ^ b) * FNV_PRIME;
        if (W > 1) r1 = (r1 ^ b) * FNV_PRIME;
        if (W > 2) r2 = (r2 ^ b) * FNV_PRIME;
        if (W > 3) r3 = (r3 ^ b) * FNV_PRIME;
        c = cls(++p);
      }
      if (c != NON_ASCII) break;
      const d = THREE ? seqAt(p) : seq2At(p);
      if (CJK && (d & SEQ_CJK) != 0) {
        if (p != tokenStart) break; // it ends this token, and starts the next below
        const b0 = <u64>(d & 0xff), b1 = <u64>((d >> 8) & 0xff), b2 = <u64>((d >> 16) & 0xff);
        r0 = (((((r0 ^ b0) * FNV_PRIME) ^ b1) * FNV_PRIME) ^ b2) * FNV_PRIME;
        if (W > 1) r1 = (((((r1 ^ b0) * FNV_PRIME) ^ b1) * FNV_PRIME) ^ b2) * FNV_PRIME;
        if (W > 2) r2 = (((((r2 ^ b0) * FNV_PRIME) ^ b1) * FNV_PRIME) ^ b2) * FNV_PRIME;
        if (W > 3) r3 = (((((r3 ^ b0) * FNV_PRIME) ^ b1) * FNV_PRIME) ^ b2) * FNV_PRIME;
        p += 3;
        c = cls(p);
        break; // the whole token
      }
      if ((d & SEQ_LETTER) == 0) {
        if (d & SEQ_SEPARATOR) break;
        // The token goes on in a way only scan() handles (or may, in the next chunk).
        return done(from, p, out, true, r0, r1, r2, r3, W);
      }
      // A letter: its lowercase bytes (as many as it has) into every state.
      const b0 = <u64>(d & 0xff), b1 = <u64>((d >> 8) & 0xff);
      r0 = (((r0 ^ b0) * FNV_PRIME) ^ b1) * FNV_PRIME;
      if (W > 1) r1 = (((r1 ^ b0) * FNV_PRIME) ^ b1) * FNV_PRIME;
      if (W > 2) r2 = (((r2 ^ b0) * FNV_PRIME) ^ b1) * FNV_PRIME;
      if (W > 3) r3 = (((r3 ^ b0) * FNV_PRIME) ^ b1) * FNV_PRIME;
      if (THREE && (d & (1 << SEQ_LENGTH_SHIFT)) != 0) {
        const b2 = <u64>((d >> 16) & 0xff);
        r0 = (r0 ^ b2) * FNV_PRIME;
        if (W > 1) r1 = (r1 ^ b2) * FNV_PRIME;
        if (W > 2) r2 = (r2 ^ b2) * FNV_PRIME;
        if (W > 3) r3 = (r3 ^ b2) * FNV_PRIME;
      }
      p += seqLength(p, THREE);
      c = cls(p);
    }
    // A separator ends the token, which completes the oldest state's shingle.
    store<u64>(out, splitmix(r0));
    out += 8;
    // A full feature buffer: return (at the separator) so the caller votes. A call from here
    // would make the states spill around it on every token.
    if (out == fbEnd) return done(from, p, out, false, r0, r1, r2, r3, W);
    for (;;) {
      while (c == 0) c = cls(++p);
      if (c != NON_ASCII) break;
      const d = THREE ? seqAt(p) : seq2At(p);
      if (d & SEQ_LETTER) break;
      if ((d & SEQ_SEPARATOR) == 0) return done(from, p, out, false, r0, r1, r2, r3, W);
      p += seqLength(p, THREE);
      c = cls(p);
    }
    // A token starts: the states move up, each older one takes the separating space, and the
    // newest starts from the offset basis.
    if (W == 1) r0 = FNV_OFFSET;
    if (W == 2) { r0 = (r1 ^ SPACE) * FNV_PRIME; r1 = FNV_OFFSET; }
    if (W == 3) { r0 = (r1 ^ SPACE) * FNV_PRIME; r1 = (r2 ^ SPACE) * FNV_PRIME; r2 = FNV_OFFSET; }
    if (W == 4) { r0 = (r1 ^ SPACE) * FNV_PRIME; r1 = (r2 ^ SPACE) * FNV_PRIME; r2 = (r3 ^ SPACE) * FNV_PRIME; r3 = FNV_OFFSET; }
    if (CJK) tokenStart = p;
  }
  return unreachable(); // the loop is left by the returns above
}

function mixed1(p: usize): usize { return run(p, 1, false, false); }
function mixed2(p: usize): usize { return run(p, 2, false, false); }
function mixed3(p: usize): usize { return run(p, 3, false, false); }
function mixed4(p: usize): usize { return run(p, 4, false, false); }
function three1(p: usize): usize { return run(p, 1, true, false); }
function three2(p: usize): usize { return run(p, 2, true, false); }
function three3(p: usize): usize { return run(p, 3, true, false); }
function three4(p: usize): usize { return run(p, 4, true, false); }
function cjk1(p: usize): usize { return run(p, 1, true, true); }
function cjk2(p: usize): usize { return run(p, 2, true, true); }
function cjk3(p: usize): usize { return run(p, 3, true, true); }
function cjk4(p: usize): usize { return run(p, 4, true, true); }

/**
 * The fast path over ASCII and multi-byte sequences, for shingle width w (1 to 4) from p; returns
 * where it stopped. `three`: take three-byte sequences too (else stop there). `cjk`: tokens:
 * 'cjk-chars' (only the three-byte variants meet CJK letters: the others stop at them).
 */
export function mixedFast(p: usize, w: i32, three: bool, cjk: bool): usize {
  if (three && cjk) {
    if (w == 3) return cjk3(p);
    if (w == 1) return cjk1(p);
    if (w == 2) return cjk2(p);
    return cjk4(p);
  }
  if (three) {
    if (w == 3) return three3(p);
    if (w == 1) return three1(p);
    if (w == 2) return three2(p);
    return three4(p);
  }
  if (w == 3) return mixed3(p);
  if (w == 1) return mixed1(p);
  if (w == 2) return mixed2(p);
  return mixed4(p);
}
