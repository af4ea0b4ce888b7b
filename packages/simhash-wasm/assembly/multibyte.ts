// Two- and three-byte sequences as the mixed fast path (fast-mixed.ts) sees them, from tables filled
// before the first text (fill.ts): a letter it may absorb as is, a separator, or something only the general
// path handles (0). A letter qualifies when it is alphanumeric, not case-ignorable, not Σ or İ,
// and its lowercase has as many UTF-8 bytes (three-byte letters: only those lowercase already).
import { classifyTwoByte } from './lookup';
import { CJK_RANGES, LOWER_RUNS, PROPS } from './tables';
import { CJK_RANGES_LENGTH, FLAG_ALNUM, FLAG_CASED, FLAG_CASE_IGNORABLE, LOWER_RUNS_LENGTH, PROPS_LENGTH } from './unicode';

/** The sequence is a letter; bits 0..23 hold its lowercase UTF-8 bytes, first byte lowest. */
export const SEQ_LETTER: u32 = 1 << 30;
/** The sequence is a separator (not alphanumeric). */
export const SEQ_SEPARATOR: u32 = 1 << 29;
/** The letter is Cased (what Final_Sigma looks back for). */
export const SEQ_CASED: u32 = 1 << 28;
/** The letter is CJK (lookup.ts isCjk): under tokens: 'cjk-chars' a token of its own. Three-byte letters only. */
export const SEQ_CJK: u32 = 1 << 27;
/** Bits 24..25: the sequence's length, 2 or 3. */
export const SEQ_LENGTH_SHIFT: u32 = 24;

const TWO: usize = memory.data(0x780 * 4, 16); // descriptor of each of U+0080..U+07FF
const THREE: usize = memory.data(0xf800, 16); // descriptor bits 27..30 of each of U+0800..U+FFFF, >> 24

/** The descriptor of the two-byte sequence at p, 0 if it is not a complete one. */
@inline export function seq2At(p: usize): u32 {
  const b0 = <u32>load<u8>(p);
  const b1 = <u32>load<u8>(p, 1);
  if (b0 - 0xc2 >= 0x1e || (b1 & 0xc0) != 0x80) return 0;
  return load<u32>(TWO + (<usize>(((b0 & 0x1f) << 6) | (b1 & 0x3f)) << 2) - (0x80 << 2));
}

/** The descriptor of the two- or three-byte sequence at p, 0 if it is not a complete one. */
@inline export function seqAt(p: usize): u32 {
  const b0 = <u32>load<u8>(p);
  if (b0 - 0xc2 < 0x1e) {
    const b1 = <u32>load<u8>(p, 1);
    if ((b1 & 0xc0) != 0x80) return 0;
    return load<u32>(TWO + (<usize>(((b0 & 0x1f) << 6) | (b1 & 0x3f)) << 2) - (0x80 << 2));
  }
  if (b0 - 0xe0 < 0x10) {
    const b1 = <u32>load<u8>(p, 1);
    if (b1 < (b0 == 0xe0 ? <u32>0xa0 : 0x80) || b1 > (b0 == 0xed ? <u32>0x9f : 0xbf)) return 0;
    const b2 = <u32>load<u8>(p, 2);
    if ((b2 & 0xc0) != 0x80) return 0;
    const kind = <u32>load<u8>(THREE + (<usize>(((b0 & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f)) - 0x800)) << 24;
    if (kind & SEQ_LETTER) return kind | (3 << SEQ_LENGTH_SHIFT) | b0 | (b1 << 8) | (b2 << 16);
    return kind == 0 ? 0 : kind | (3 << SEQ_LENGTH_SHIFT);
  }
  return 0;
}

/**
 * Whether the letter or ASCII byte that ends just before p is Cased (p - 1 is in a token the fast
 * path took). Inlined: a call in a fast path makes V8 spill the byte pointer on every byte.
 */
@inline export function casedBefore(p: usize, asciiClass: usize): bool {
  const last = <u32>load<u8>(p - 1);
  if (last < 0x80) return <u32>load<u8>(asciiClass + <usize>last) >= 0x61; // letters are Cased, digits not
  const start = <u32>load<u8>(p - 2) >= 0xc0 ? p - 2 : p - 3;
  return (seqAt(start) & SEQ_CASED) != 0;
}

/** The descriptor bits 27..30 of two-byte code point c (none is CJK: gen-unicode.mjs checks). */
function kindOfTwoByte(c: u32): u32 {
  const entry = classifyTwoByte(c);
  const flags = entry & 7;
  const l = entry >> 3;
  if ((flags & FLAG_ALNUM) != 0 && (c == 0x3a3 || c == 0x130 || l < 0x80 || l >= 0x800)) return 0;
  return kindOfFlags(flags, false);
}

/** The descriptor bits 27..30 of a code point with these flags whose lowercase has as many UTF-8 bytes, neither Σ nor İ. */
function kindOfFlags(flags: u32, cjk: bool): u32 {
  if ((flags & FLAG_ALNUM) == 0) return SEQ_SEPARATOR;
  if ((flags & FLAG_CASE_IGNORABLE) != 0) return 0;
  return SEQ_LETTER | ((flags & FLAG_CASED) != 0 ? SEQ_CASED : 0) | (cjk ? SEQ_CJK : 0);
}

export function initSequences(): void {
  for (let c: u32 = 0x80; c < 0x800; c++) {
    let d = kindOfTwoByte(c);
    if (d != 0) d |= 2 << SEQ_LENGTH_SHIFT;
    if (d & SEQ_LETTER) {
      const l = classifyTwoByte(c) >> 3;
      d |= (0xc0 | (l >> 6)) | ((0x80 | (l & 0x3f)) << 8);
    }
    store<u32>(TWO + ((<usize>c - 0x80) << 2), d);
  }
  fillThree();
}

// THREE by segments, not code point by code point (63,488 of them: 2 ms the first time in V8's baseline compiler):
// within a PROPS range and on one side of every CJK range's edge, every code point has the range's kindOfFlags() but
// the Cased ones that lowercase to another (LOWER_RUNS' members), which are zeroed after. Neighbouring segments
// of one kind are filled together: about 600 memory.fill calls.
function fillThree(): void {
  let i = 0; // the PROPS range holding c
  while (propStart(i + 1) <= 0x800) i++;
  let j = 0; // the first CJK range not wholly below c
  let from: u32 = 0x800; // the pending fill: [from, c) of kind `kind`
  let kind: u32 = 0;
  for (let c: u32 = 0x800; c < 0x10000;) {
    let end = min<u32>(propStart(i + 1), 0x10000);
    while (j < CJK_RANGES_LENGTH && cjkBound(2 * j + 1) < c) j++;
    let cjk = false;
    if (j < CJK_RANGES_LENGTH) {
      cjk = cjkBound(2 * j) <= c;
      end = min<u32>(end, cjk ? cjkBound(2 * j + 1) + 1 : cjkBound(2 * j));
    }
    const k = kindOfFlags(load<u32>(PROPS + (<usize>i << 2)) & 7, cjk) >> 24;
    if (k != kind) {
      memory.fill(THREE + <usize>from - 0x800, <u8>kind, c - from);
      from = c;
      kind = k;
    }
    c = end;
    if (c == propStart(i + 1)) i++;
  }
  memory.fill(THREE + <usize>from - 0x800, <u8>kind, 0x10000 - from);
  for (let r = 0; r < LOWER_RUNS_LENGTH; r++) {
    const at = LOWER_RUNS + (<usize>r << 4);
    const last = min<u32>(load<u32>(at, 4), 0xffff);
    const stride = load<u32>(at, 8);
    for (let c = load<u32>(at); c <= last; c += stride) {
      const p = THREE + <usize>c - 0x800;
      if (c >= 0x800 && (<u32>load<u8>(p) & (SEQ_CASED >> 24)) != 0) store<u8>(p, 0);
    }
  }
  memory.fill(THREE + 0xd800 - 0x800, 0, 0x800); // surrogates: never decoded from valid UTF-8
}

@inline function cjkBound(i: i32): u32 {
  return load<u32>(CJK_RANGES + (<usize>i << 2));
}

/** Where PROPS range i begins (past the last one: beyond every code point). */
function propStart(i: i32): u32 {
  return i < PROPS_LENGTH ? load<u32>(PROPS + (<usize>i << 2)) >> 3 : 0x110000;
}
