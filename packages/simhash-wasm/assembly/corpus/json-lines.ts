// A block of JSONL lines scanned in one call: each line found (to its line feed, a carriage return before it not the
// line's) and scanned by json-record.ts's scanRecord, its answer written to a row of a table and its text to the next
// free place of an output area. One call for a worker's range of lines instead of one per line: the calls, the
// line-by-line copies into this memory and the search for each line feed in JavaScript were a twentieth of a
// corpus worker's time at 1M documents. The JS side (src/wasm/record-scanner.ts) places the block and reads the rows.

import { recordResult, scanRecord } from './json-record';

const LF: u64 = 0x0a, CR: u32 = 0x0d;
const ONES: u64 = 0x0101010101010101, HIGHS: u64 = 0x8080808080808080;

/**
 * i32 fields of a line's row, in this order (src/wasm/record-scanner.ts reads them by the same positions): where the
 * line starts in the block and its length without the line break; where the next line starts; scanRecord's answer
 * (the text's byte length, 0 for an empty text, -1 for a line handed back); where the text is (an address); its
 * UTF-16 length; its first `<` (-1 for none); the id value's [start, end) and the keep value's, in the block (-1
 * without one).
 */
const ROW_FIELDS: i32 = 11;

/** The first line feed from p, or end. */
function lineFeed(p: usize, end: usize): usize {
  while (p + 8 <= end) {
    const v = load<u64>(p) ^ (ONES * LF);
    const zero = (v - ONES) & ~v & HIGHS;
    if (zero != 0) return p + <usize>(ctz<u64>(zero) >> 3);
    p += 8;
  }
  while (p < end && <u64>load<u8>(p) != LF) p++;
  return p;
}

/**
 * Scans the lines of the block of `length` bytes at `block` that start at `at` or later and before `stop`, at most
 * `capacity` of them; a line without a line feed in the block ends at the block's end when `endsLine` (the end of the
 * input), and is otherwise left to the caller (it runs on past the block). Texts are written from `out` on, one after
 * another. Returns the lines scanned, their rows at `table`.
 */
export function scanLines(block: usize, length: i32, at: i32, stop: i32, endsLine: bool, out: usize, table: usize, capacity: i32): i32 {
  const end = block + <usize>length;
  let lines = 0, o = out;
  while (lines < capacity && at < stop) {
    const start = block + <usize>at;
    const lf = lineFeed(start, end);
    if (lf == end && !endsLine) break;
    const lineEnd = lf > start && <u32>load<u8>(lf - 1) == CR ? lf - 1 : lf;
    const text = scanRecord(start, <i32>(lineEnd - start), o);
    const row = table + (<usize>(lines * ROW_FIELDS) << 2);
    const next = lf == end ? length : <i32>(lf + 1 - block);
    store<i32>(row, at);
    store<i32>(row, <i32>(lineEnd - start), 4);
    store<i32>(row, next, 8);
    store<i32>(row, text, 12);
    store<i32>(row, <i32>o, 16);
    store<i32>(row, recordResult(0), 20);
    store<i32>(row, recordResult(5), 24);
    for (let which = 1; which <= 4; which++) {
      const place = recordResult(which);
      store<i32>(row + (<usize>(6 + which) << 2), place < 0 ? -1 : place + at);
    }
    if (text > 0) o += <usize>text;
    lines++;
    at = next;
  }
  return lines;
}
