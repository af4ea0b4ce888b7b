// Per-code-point lookups over the generated Unicode tables: the token flags (alphanumeric, Cased,
// Case_Ignorable) and the simple lowercase mapping. ASCII never comes here (the scanners have their
// own class table); the BMP gets a 64 KiB flag table built once, astral code points a binary search.
import { FLAG_ALNUM, FLAG_CASED, LOWER_RUNS, PROPS } from './unicode-tables.js';

/** Flags of one code point from U+0080 up, by binary search in PROPS (entries (first << 3) | flags). */
function searchFlags(cp: number): number {
  const key = (cp << 3) | 7;
  let low = 0;
  let high = PROPS.length - 1;
  // PROPS[0] starts at U+0080, and cp >= 0x80, so the answer index exists.
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (PROPS[mid] <= key) low = mid;
    else high = mid - 1;
  }
  return PROPS[low] & 7;
}

function buildBmpFlags(): Uint8Array {
  const table = new Uint8Array(0x10000);
  for (let i = 0; i < PROPS.length; i++) {
    const first = PROPS[i] >>> 3;
    if (first > 0xffff) break;
    const next = i + 1 < PROPS.length ? Math.min(PROPS[i + 1] >>> 3, 0x10000) : 0x10000;
    table.fill(PROPS[i] & 7, first, next);
  }
  // Surrogate code units never reach a lookup as code points; a lone one is U+FFFD, a separator.
  table.fill(0, 0xd800, 0xe000);
  return table;
}

/** Flags of every BMP code point (ASCII included, though the scanners use their own table for it). */
export const BMP_FLAGS = buildBmpFlags();

/** In BMP_LOWER: the code point needs the general path (U+0130 lowers to two code points, U+03A3 to σ or ς). */
export const LOWER_SPECIAL = 0xffff;

/** Simple lowercase of every BMP code point, 0 where it is unchanged; no BMP code point lowers out of the BMP. */
function buildBmpLower(): Uint16Array {
  const table = new Uint16Array(0x10000);
  for (let at = 0; at < LOWER_RUNS.length; at += 4) {
    const [first, last, stride, delta] = LOWER_RUNS.subarray(at, at + 4);
    for (let cp = first; cp <= last && cp <= 0xffff; cp += stride) table[cp] = cp + delta;
  }
  table[0x130] = LOWER_SPECIAL;
  table[0x3a3] = LOWER_SPECIAL;
  return table;
}

export const BMP_LOWER = buildBmpLower();

/** Flags (FLAG_ALNUM | FLAG_CASED | FLAG_CASE_IGNORABLE) of a code point >= U+0080. */
export function flagsOf(cp: number): number {
  return cp < 0x10000 ? BMP_FLAGS[cp] : searchFlags(cp);
}

/** Simple lowercase of a Cased code point >= U+0080 (U+0130 is the caller's: it lowers to two). */
export function lowerOf(cp: number): number {
  if (cp < 0x10000) {
    const lower = BMP_LOWER[cp];
    return lower === 0 || lower === LOWER_SPECIAL ? cp : lower;
  }
  return searchLower(cp);
}

/** lowerOf by binary search in LOWER_RUNS, which is sorted by first code point, its runs disjoint. */
function searchLower(cp: number): number {
  let low = 0;
  let high = (LOWER_RUNS.length >>> 2) - 1;
  if (high < 0 || cp < LOWER_RUNS[0]) return cp;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (LOWER_RUNS[mid << 2] <= cp) low = mid;
    else high = mid - 1;
  }
  const at = low << 2;
  const first = LOWER_RUNS[at];
  if (cp > LOWER_RUNS[at + 1] || (cp - first) % LOWER_RUNS[at + 2] !== 0) return cp;
  return cp + LOWER_RUNS[at + 3];
}

export { FLAG_ALNUM, FLAG_CASED };
export { FLAG_CASE_IGNORABLE } from './unicode-tables.js';
