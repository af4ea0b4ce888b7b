// The hot path for w <= 4: runs of ASCII bytes with the open FNV states in locals, absorbing each
// byte as it is read (no token buffer, no call per token). It stops at a non-ASCII byte or at end,
// where scan() has put a 0xff sentinel so the inner loops need no bounds check, and hands the
// states back to the ring. Only entered with no UTF-8 sequence and no sigma pending.
import { consume } from './counters';
import { FNV_OFFSET, FNV_PRIME, splitmix } from './features';
import { ASCII_CLASS, NON_ASCII } from './lookup';
import { RING, fbCap, fbLen, fbPtr, head, inTok, ntok, prevCased, tbLen } from './state';

const SPACE: u64 = 0x20;

@inline function cls(p: usize): u32 {
  return <u32>load<u8>(ASCII_CLASS + <usize>load<u8>(p));
}

// W is a constant at each call site below, so the optimizer keeps only the states that exist.
@inline function run(p: usize, end: usize, W: i32): usize {
  // r0 is the oldest open state (the next to complete), r[W-1] the newest. The ring keeps the
  // current token's state at slot head (head moves on when the token ends), so r[i] is at slot
  // (base + i) % W with base = head + 1 inside a token and head between tokens.
  let r0: u64 = 0, r1: u64 = 0, r2: u64 = 0, r3: u64 = 0;
  const h = inTok ? (head + 1) % W : head;
  r0 = load<u64>(RING + (<usize>(h % W) << 3));
  if (W > 1) r1 = load<u64>(RING + (<usize>((h + 1) % W) << 3));
  if (W > 2) r2 = load<u64>(RING + (<usize>((h + 2) % W) << 3));
  if (W > 3) r3 = load<u64>(RING + (<usize>((h + 3) % W) << 3));
  let open = ntok;
  let ended = 0;
  let inT = inTok;
  let tokenFrom = p; // where this call's part of the current token began
  let n = fbLen;
  let c: u32;
  for (;;) {
    if (inT) {
      c = cls(p);
      while (c - 1 < 0x7f) {
        const b = <u64>c;
        r0 = (r0 ^ b) * FNV_PRIME;
        if (W > 1) r1 = (r1 ^ b) * FNV_PRIME;
        if (W > 2) r2 = (r2 ^ b) * FNV_PRIME;
        if (W > 3) r3 = (r3 ^ b) * FNV_PRIME;
        c = cls(++p);
      }
      if (c == NON_ASCII) break; // the token goes on (or may, in the next chunk)
      inT = false;
      ended++;
      p++;
      if (open == W) {
        store<u64>(fbPtr + (<usize>n << 3), splitmix(r0));
        if (++n == fbCap) { fbLen = n; consume(); n = fbLen; }
      }
    }
    c = cls(p);
    while (c == 0) c = cls(++p);
    if (c == NON_ASCII) break;
    // A token starts: the states move up, each older one takes the separating space, and the
    // newest starts from the offset basis.
    if (W == 1) r0 = FNV_OFFSET;
    if (W == 2) { r0 = (r1 ^ SPACE) * FNV_PRIME; r1 = FNV_OFFSET; }
    if (W == 3) { r0 = (r1 ^ SPACE) * FNV_PRIME; r1 = (r2 ^ SPACE) * FNV_PRIME; r2 = FNV_OFFSET; }
    if (W == 4) { r0 = (r1 ^ SPACE) * FNV_PRIME; r1 = (r2 ^ SPACE) * FNV_PRIME; r2 = (r3 ^ SPACE) * FNV_PRIME; r3 = FNV_OFFSET; }
    if (open < W) open++;
    tokenFrom = p;
    inT = true;
  }
  const head2 = (head + ended) % W;
  const h2 = inT ? (head2 + 1) % W : head2;
  store<u64>(RING + (<usize>(h2 % W) << 3), r0);
  if (W > 1) store<u64>(RING + (<usize>((h2 + 1) % W) << 3), r1);
  if (W > 2) store<u64>(RING + (<usize>((h2 + 2) % W) << 3), r2);
  if (W > 3) store<u64>(RING + (<usize>((h2 + 3) % W) << 3), r3);
  head = head2;
  ntok = open;
  inTok = inT;
  tbLen = 0;
  fbLen = n;
  if (inT && p > tokenFrom) prevCased = cls(p - 1) >= 0x61; // letters are Cased, digits not
  return p;
}

function run1(p: usize, end: usize): usize { return run(p, end, 1); }
function run2(p: usize, end: usize): usize { return run(p, end, 2); }
function run3(p: usize, end: usize): usize { return run(p, end, 3); }
function run4(p: usize, end: usize): usize { return run(p, end, 4); }

/** Runs the fast path for shingle width w (1 to 4) from p; returns where it stopped. */
export function asciiFast(p: usize, end: usize, w: i32): usize {
  if (w == 3) return run3(p, end);
  if (w == 1) return run1(p, end);
  if (w == 2) return run2(p, end);
  return run4(p, end);
}
