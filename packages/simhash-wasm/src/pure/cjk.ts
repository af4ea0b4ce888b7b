// Which code points `tokens: 'cjk-chars'` makes one token each (CJK_RANGES, generated), and the lowercase table the
// fused scanner reads in that mode: BMP_LOWER with those code points marked LOWER_SPECIAL, so it hands each one to
// the general path (Shingler.codePoint), which makes it a token of its own. Built on first use: a hasher of the
// default tokenization never pays for it.
import { BMP_LOWER, LOWER_SPECIAL } from './char-props.js';
import { CJK_RANGES } from './unicode-tables.js';

/** Whether cp is a CJK code point in CJK_RANGES (pairs [first, last], ascending), by binary search. */
export function isCjkCodePoint(cp: number): boolean {
  let low = 0;
  let high = (CJK_RANGES.length >>> 1) - 1;
  if (cp < CJK_RANGES[0]) return false;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (CJK_RANGES[mid << 1] <= cp) low = mid;
    else high = mid - 1;
  }
  return cp <= CJK_RANGES[(low << 1) + 1];
}

let cjkLower: Uint16Array | undefined;

/** BMP_LOWER, except that every BMP CJK code point is LOWER_SPECIAL (the general path's). */
export function bmpLowerForCjk(): Uint16Array {
  if (cjkLower === undefined) {
    const table = BMP_LOWER.slice();
    for (let at = 0; at < CJK_RANGES.length && CJK_RANGES[at] <= 0xffff; at += 2) {
      table.fill(LOWER_SPECIAL, CJK_RANGES[at], Math.min(CJK_RANGES[at + 1], 0xffff) + 1);
    }
    cjkLower = table;
  }
  return cjkLower;
}
