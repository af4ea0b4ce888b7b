// Character classes: a 256-entry byte table for ASCII, a direct table for two-byte code points, binary search in
// the Unicode tables (tables.ts) above them.
import { CJK_RANGES, LOWER_RUNS, PROPS } from './tables';
import { CJK_RANGES_LENGTH, FLAG_CASED, LOWER_RUNS_LENGTH, PROPS_LENGTH } from './unicode';

@inline function prop(i: i32): u32 {
  return load<u32>(PROPS + (<usize>i << 2));
}
@inline function cjkBound(i: i32): u32 {
  return load<u32>(CJK_RANGES + (<usize>i << 2));
}
@inline function lowerField(i: i32): i32 {
  return load<i32>(LOWER_RUNS + (<usize>i << 2));
}

/** Marks a byte >= 0x80 in ASCII_CLASS: the start (or a continuation) of a multi-byte sequence. */
export const NON_ASCII: u32 = 0x80;
/**
 * ASCII_CLASS[b]: 0 for an ASCII separator, the lowercase byte for an ASCII letter or digit,
 * NON_ASCII for b >= 0x80. So `class - 1 < 0x7f` tests "ASCII alphanumeric" in one compare.
 */
export const ASCII_CLASS: usize = memory.data(256, 64);

export function initAsciiClass(): void {
  for (let b: u32 = 0; b < 256; b++) {
    let c: u32 = 0;
    if (b >= 0x80) c = NON_ASCII;
    else if (b >= 0x30 && b <= 0x39) c = b;
    else if (b >= 0x61 && b <= 0x7a) c = b;
    else if (b >= 0x41 && b <= 0x5a) c = b | 0x20;
    store<u8>(ASCII_CLASS + b, <u8>c);
  }
}

// Text in one script stays in few ranges: try the last range found before searching.
let lastRange: i32 = 0;

/** PROPS flags (1 alphanumeric, 2 Cased, 4 Case_Ignorable) of a code point >= U+0080. */
function props(c: u32): u32 {
  let i = lastRange;
  if (c >= prop(i) >> 3 && (i + 1 == PROPS_LENGTH || c < prop(i + 1) >> 3)) {
    return prop(i) & 7;
  }
  let low = 0, high = PROPS_LENGTH - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (prop(mid) >> 3 <= c) low = mid;
    else high = mid - 1;
  }
  lastRange = low;
  return prop(low) & 7;
}

let lastCjk: i32 = 0;

/** Whether c is one of CJK_RANGES (pairs [first, last]): a token of its own under tokens: 'cjk-chars'. */
export function isCjk(c: u32): bool {
  let i = lastCjk;
  if (c >= cjkBound(2 * i) && c <= cjkBound(2 * i + 1)) return true;
  if (c < cjkBound(0)) return false;
  let low = 0, high = CJK_RANGES_LENGTH - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (cjkBound(2 * mid) <= c) low = mid;
    else high = mid - 1;
  }
  if (c > cjkBound(2 * low + 1)) return false;
  lastCjk = low;
  return true;
}

let lastRun: i32 = 0;

/** Simple lowercase mapping of a Cased code point >= U+0080 (U+0130 is handled by the caller). */
function lower(c: u32, flags: u32): u32 {
  if ((flags & FLAG_CASED) == 0) return c; // only Cased code points change when lowercased
  let low = lastRun;
  if (c >= <u32>lowerField(low * 4) && (low + 1 == LOWER_RUNS_LENGTH || c < <u32>lowerField(low * 4 + 4))) {
    return mapRun(c, low);
  }
  low = 0;
  let high = LOWER_RUNS_LENGTH - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (<u32>lowerField(mid * 4) <= c) low = mid;
    else high = mid - 1;
  }
  lastRun = low;
  return mapRun(c, low);
}

/** c lowered by run i of LOWER_RUNS, if c is one of the run's code points; else c. */
@inline function mapRun(c: u32, i: i32): u32 {
  const first = <u32>lowerField(i * 4);
  const last = <u32>lowerField(i * 4 + 1);
  const stride = <u32>lowerField(i * 4 + 2);
  if (c < first || c > last || (c - first) % stride != 0) return c;
  return <u32>(<i32>c + lowerField(i * 4 + 3));
}

// U+0080..U+07FF (every two-byte sequence: Latin-1, Latin Extended, Greek, Cyrillic, Hebrew,
// Arabic...) looked up directly, filled from the tables above before the first text (fill.ts).
const TWO_BYTE: usize = memory.data(0x780 * 4, 16);

/** classify() of a code point in U+0080..U+07FF. */
@inline export function classifyTwoByte(c: u32): u32 {
  return load<u32>(TWO_BYTE + ((<usize>c - 0x80) << 2));
}

/** (simple lowercase << 3) | PROPS flags, for a code point >= U+0080. */
export function classify(c: u32): u32 {
  if (c < 0x800) return classifyTwoByte(c);
  const flags = props(c);
  return (lower(c, flags) << 3) | flags;
}

// Range by range, calling none of the lookups above (each function the fill runs is one more that V8 compiles
// then): every code point of a PROPS range gets (itself << 3) | the range's flags, then the members of LOWER_RUNS
// (lower() maps those, and only those, that are Cased) get their lowercase.
export function initTwoByte(): void {
  for (let i = 0; prop(i) >> 3 < 0x800; i++) {
    const flags = prop(i) & 7;
    const end = i + 1 < PROPS_LENGTH ? min<u32>(prop(i + 1) >> 3, 0x800) : 0x800;
    for (let c = max<u32>(prop(i) >> 3, 0x80); c < end; c++) store<u32>(TWO_BYTE + ((<usize>c - 0x80) << 2), (c << 3) | flags);
  }
  for (let r = 0; r < LOWER_RUNS_LENGTH && <u32>lowerField(r * 4) < 0x800; r++) {
    const last = min<u32>(<u32>lowerField(r * 4 + 1), 0x7ff);
    const stride = <u32>lowerField(r * 4 + 2);
    for (let c = <u32>lowerField(r * 4); c <= last; c += stride) {
      const at = TWO_BYTE + ((<usize>c - 0x80) << 2);
      const flags = load<u32>(at) & 7;
      if ((flags & FLAG_CASED) != 0) store<u32>(at, (<u32>(<i32>c + lowerField(r * 4 + 3)) << 3) | flags);
    }
  }
}
