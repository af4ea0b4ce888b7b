// The live hashing state of one document: scalar fields in globals, arrays in one static region.
// A stream that is not running saves the globals into the region's header and the JS side copies
// the region's first stateBytes() bytes away, so several streams can share this one live state.
import { MAX_SHINGLE, MODE_FEATURES, MODE_FUNCTION, TOKENS_CJK_CHARS } from './abi';

/** Token buffer: a separator space plus up to 255 lowercase UTF-8 bytes, absorbed when full. */
export const TB_CAP: i32 = 256;
/** Feature buffer of the fingerprint modes: 255 hashes, so 8-bit SWAR lanes cannot overflow. */
export const FB_CAP: i32 = 255;

const HEADER_BYTES: usize = 128;
const S_OFFSET: usize = HEADER_BYTES; // 64 x i64 counter sums
const TB_OFFSET: usize = S_OFFSET + 64 * 8;
const FB_OFFSET: usize = TB_OFFSET + <usize>TB_CAP;
const RING_OFFSET: usize = FB_OFFSET + <usize>FB_CAP * 8 + 8;
// RING (w states) and, right after it, RING2 (the Final_Sigma fork copy, w states).
const REGION_BYTES: usize = RING_OFFSET + 2 * 8 * <usize>MAX_SHINGLE;

export const REGION: usize = memory.data(<i32>REGION_BYTES, 16);
export const S: usize = REGION + S_OFFSET;
export const TB: usize = REGION + TB_OFFSET;
export const FB_STATIC: usize = REGION + FB_OFFSET;
export const RING: usize = REGION + RING_OFFSET;

// Settings (part of the saved state). Until the first configure(), which the JS side calls before any text
// (fill.ts checks), they hold literals, not expressions of other constants: asc would compute those in a start
// function, which V8 compiles and runs at every instantiation (0.04 ms for these five).
export let w: i32 = 3;
export let mode: i32 = 0; // MODE_UNIT
/** tokens: 'cjk-chars': every CJK code point (lookup.ts isCjk) is a token of its own. */
export let cjkChars: bool = false;
export let RING2: usize = 0; // RING + 8 w
// Feature buffer: where features go before the counters see them (or JS reads them).
export let fbPtr: usize = 0; // FB_STATIC, or the JS side's output
export let fbCap: i32 = 0;
export let fbLen: i32 = 0;
/** fbPtr + 8 fbCap: the fast path compares against it without holding fbCap in a register. */
export let fbEnd: usize = 0;
// Tokens: ntok counts opened tokens but stops at w (only "fewer than w" matters); head is the ring
// slot the next token opens, which is also the slot whose shingle completes when a token ends.
export let ntok: i32 = 0;
export let head: i32 = 0;
export let inTok: bool = false;
export let tbLen: i32 = 0;
// UTF-8 decoder (WHATWG): continuation bytes still needed, code point so far, next byte's bounds.
export let need: u32 = 0;
export let cp: u32 = 0;
export let lo: u32 = 0x80;
export let hi: u32 = 0xbf;
// Final_Sigma: whether the last non-case-ignorable code point of the token was Cased; a pending
// capital sigma whose final/non-final form is not known yet (its second byte at TB[pendPos], or,
// once the token buffer had to be absorbed, RING holds the sigma variant and RING2 the final one).
export let prevCased: bool = false;
export let pending: bool = false;
export let pendPos: i32 = -1;
export let forked: bool = false;
// Counters: S[b] holds the sum of weights of features with bit b set, plus negOffset; W all weights.
export let W: i64 = 0;
export let negOffset: i64 = 0;

export function configure(width: i32, m: i32, out: usize, outCap: i32, tokens: i32): void {
  // The JS side validates w (src/core/options.ts); the ring has room for MAX_SHINGLE states only.
  if (width < 1 || width > MAX_SHINGLE) unreachable();
  w = width;
  mode = m;
  cjkChars = tokens == TOKENS_CJK_CHARS;
  RING2 = RING + 8 * <usize>width;
  // The output modes fill the JS side's output; the others vote from the static buffer as it fills.
  const toOutput = m == MODE_FEATURES || m == MODE_FUNCTION;
  fbPtr = toOutput ? out : FB_STATIC;
  fbCap = toOutput ? outCap : FB_CAP;
  fbEnd = fbPtr + 8 * <usize>fbCap;
}

export function reset(): void {
  memory.fill(S, 0, 64 * 8);
  fbLen = 0;
  ntok = 0;
  head = 0;
  inTok = false;
  tbLen = 0;
  need = 0;
  cp = 0;
  lo = 0x80;
  hi = 0xbf;
  prevCased = false;
  pending = false;
  pendPos = -1;
  forked = false;
  W = 0;
  negOffset = 0;
}

/** Bytes of the region a saved stream must keep: header, counters, buffers, RING and RING2. */
export function stateBytes(): usize {
  return RING_OFFSET + 16 * <usize>w;
}

export function saveState(): void {
  const h = REGION;
  store<i32>(h, w, 0);
  store<i32>(h, mode, 4);
  store<i32>(h, fbLen, 8);
  store<i32>(h, ntok, 12);
  store<i32>(h, head, 16);
  store<u8>(h, inTok, 20);
  store<u8>(h, prevCased, 21);
  store<u8>(h, pending, 22);
  store<u8>(h, forked, 23);
  store<i32>(h, tbLen, 24);
  store<u32>(h, need, 28);
  store<u32>(h, cp, 32);
  store<u32>(h, lo, 36);
  store<u32>(h, hi, 40);
  store<i32>(h, pendPos, 44);
  store<i64>(h, W, 48);
  store<i64>(h, negOffset, 56);
  store<u8>(h, cjkChars, 64);
}

/** The JS side configures (the output too, in an output mode) before it restores: the output stays where it is. */
export function restoreState(): void {
  const h = REGION;
  configure(load<i32>(h, 0), load<i32>(h, 4), fbPtr, fbCap, load<u8>(h, 64));
  fbLen = load<i32>(h, 8);
  ntok = load<i32>(h, 12);
  head = load<i32>(h, 16);
  inTok = load<u8>(h, 20) != 0;
  prevCased = load<u8>(h, 21) != 0;
  pending = load<u8>(h, 22) != 0;
  forked = load<u8>(h, 23) != 0;
  tbLen = load<i32>(h, 24);
  need = load<u32>(h, 28);
  cp = load<u32>(h, 32);
  lo = load<u32>(h, 36);
  hi = load<u32>(h, 40);
  pendPos = load<i32>(h, 44);
  W = load<i64>(h, 48);
  negOffset = load<i64>(h, 56);
}
