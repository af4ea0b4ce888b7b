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

const BMP_FLAGS = buildBmpFlags();

/** Flags (FLAG_ALNUM | FLAG_CASED | FLAG_CASE_IGNORABLE) of a code point >= U+0080. */
export function flagsOf(cp: number): number {
  return cp < 0x10000 ? BMP_FLAGS[cp] : searchFlags(cp);
}

/** Simple lowercase of a Cased code point >= U+0080 (U+0130 is the caller's: it lowers to two). */
export function lowerOf(cp: number): number {
  // LOWER_RUNS is sorted by first code point and its runs do not overlap.
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
