// What the two fast paths share (fast-ascii.ts, fast-mixed.ts). Both run for w <= 4 once w
// tokens are open, with the open FNV states in locals, absorbing each byte as it is read (no token
// buffer, no call per token), and stop where scan() must take over: a code point they do not
// take, the 0xff sentinel scan() puts at end (so the inner loops need no bounds check), or a full
// feature buffer. They are entered with no UTF-8 sequence and no sigma pending. Two of them
// because the register allocator spills the states once the two-byte cases share the ASCII loop.
import { ASCII_CLASS } from './lookup';
import { casedBefore } from './multibyte';
import { RING, fbLen, fbPtr, head, inTok, prevCased, tbLen } from './state';

export const SPACE: u64 = 0x20;

/** ASCII_CLASS of the byte at p. */
@inline export function cls(p: usize): u32 {
  return <u32>load<u8>(ASCII_CLASS + <usize>load<u8>(p));
}

// r0 is the oldest open state (the next to complete), r[W-1] the newest. The ring keeps the
// current token's state at slot head (head moves on when the token ends), so r[i] is at slot
// (base + i) % W with base = head + 1 inside a token and head between tokens.
@inline export function stateSlot(i: i32, W: i32): usize {
  return RING + (<usize>(((inTok ? head + 1 : head) + i) % W) << 3);
}

/**
 * Hands the states and the stop position back to the module state. All w states are open, so
 * where they sit in the ring is free: r[i] goes to slot i.
 */
@inline export function done(from: usize, p: usize, out: usize, inT: bool, r0: u64, r1: u64, r2: u64, r3: u64, W: i32): usize {
  head = inT ? W - 1 : 0;
  store<u64>(RING, r0);
  if (W > 1) store<u64>(RING, r1, 8);
  if (W > 2) store<u64>(RING, r2, 16);
  if (W > 3) store<u64>(RING, r3, 24);
  inTok = inT;
  tbLen = 0;
  fbLen = <i32>((out - fbPtr) >> 3);
  // Final_Sigma needs to know whether the token's last code point is Cased.
  if (inT && p > from) prevCased = casedBefore(p, ASCII_CLASS);
  return p;
}
