// The Unicode tables in the layouts the lookups search (see unicode.ts's header), unpacked from unicode.ts's LEB128
// bytes before the first text (fill.ts): about 3,500 bytes read once, a few microseconds. The module carries the packed
// bytes only (half the gzipped size of the arrays themselves) and the arrays sit in zeroed memory, not in its data.
import { CJK_RANGES_LENGTH, CJK_RANGES_PACKED, LOWER_RUNS_LENGTH, LOWER_RUNS_PACKED, PROPS_LENGTH, PROPS_PACKED } from './unicode';

/** u32 entries (first code point << 3) | flags, ascending. */
export const PROPS: usize = memory.data(PROPS_LENGTH * 4, 16);
/** i32 quadruples [first, last, stride, delta]. */
export const LOWER_RUNS: usize = memory.data(LOWER_RUNS_LENGTH * 16, 16);
/** u32 pairs [first, last]. */
export const CJK_RANGES: usize = memory.data(CJK_RANGES_LENGTH * 8, 16);

let cursor: usize = 0;

/** The LEB128 u32 at the cursor; moves the cursor past it. */
function next(): u32 {
  let value: u32 = 0;
  let shift: u32 = 0;
  let b: u32;
  do {
    b = <u32>load<u8>(cursor++);
    value |= (b & 0x7f) << shift;
    shift += 7;
  } while (b & 0x80);
  return value;
}

export function unpack(): void {
  cursor = PROPS_PACKED;
  let first: u32 = 0;
  for (let i = 0; i < PROPS_LENGTH; i++) {
    const v = next();
    first += v >> 3;
    store<u32>(PROPS + (<usize>i << 2), (first << 3) | (v & 7));
  }
  cursor = LOWER_RUNS_PACKED;
  let last: u32 = 0;
  for (let i = 0; i < LOWER_RUNS_LENGTH; i++) {
    const at = LOWER_RUNS + (<usize>i << 4);
    first = last + next();
    const count = next();
    const stride = next();
    const zigzag = next();
    last = first + count * stride;
    store<u32>(at, first);
    store<u32>(at, last, 4);
    store<u32>(at, stride, 8);
    store<i32>(at, <i32>(zigzag >> 1) ^ -<i32>(zigzag & 1), 12);
  }
  cursor = CJK_RANGES_PACKED;
  last = 0;
  for (let i = 0; i < CJK_RANGES_LENGTH; i++) {
    first = last + next();
    last = first + next();
    store<u32>(CJK_RANGES + (<usize>i << 3), first);
    store<u32>(CJK_RANGES + (<usize>i << 3), last, 4);
  }
}
