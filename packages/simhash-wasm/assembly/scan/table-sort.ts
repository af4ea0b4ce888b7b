// An index table's order (src/block-index/tables/table.ts has the JavaScript path, whose result this must equal): the
// fingerprints permuted so the table's key bits are on top, sorted by that permuted value ascending (equal values in
// their input order), then taken back in their own bits. Here because building an index's tables is this four times
// over every fingerprint, on the corpus job's serial path: 40 ms a table at 1M fingerprints in JavaScript.
//
// Memory (placed by src/wasm/scan-kernel.ts), u32 arrays of n: the fingerprints' hi, lo and payload, then the
// permuted hi and lo; the permutation's terms (four i32 each, tables/permutation.ts's); then two areas of n u64 (the
// items and the radix passes' other side) and the digit counts (65,536 u32). Sorted: the permuted hi in its place
// (the bucket offsets come from it), the payload in the permuted lo's, and hi then lo in the u64 area returned.
//
// How: each item is (permuted hi << 32 | row), sorted with two stable passes of 16-bit digits (8 bytes move a pass,
// not 12), then each run of equal permuted hi put in order of permuted lo (fingerprints rarely share a high word:
// nearly free), and everything else gathered by row. The inverse permutation is never computed: the row has the
// fingerprint's own bits.

const DIGIT_BITS: u64 = 16;
const RADIX: u32 = 1 << <u32>DIGIT_BITS;
/** Runs of equal hi up to this long are put in order by insertion; longer ones (clustered data) by two more passes. */
const SMALL: i32 = 48;

@inline function at32(base: usize, i: i32): usize {
  return base + (<usize>i << 2);
}

@inline function at64(base: usize, i: i32): usize {
  return base + (<usize>i << 3);
}

/** tables/permutation.ts's applyTerms: `count` terms of (selector, mask, right shift, left shift). */
function permute(terms: usize, count: i32, hi: u32, lo: u32): u32 {
  let v: u32 = 0;
  for (let t = 0; t < count; t++) {
    const term = terms + (<usize>t << 4);
    const source = load<i32>(term) == -1 ? hi : lo;
    v |= ((source & load<u32>(term, 4)) >>> load<u32>(term, 8)) << load<u32>(term, 12);
  }
  return v;
}

/** The table's order of rows 0 .. n - 1 (see above); returns where hi then lo, in that order, are. */
export function tableSort(hi: usize, lo: usize, payload: usize, withPayload: bool, n: i32, permHi: usize, permLo: usize, hiTerms: usize, hiTermCount: i32, loTerms: usize, loTermCount: i32, items: usize, other: usize, counts: usize): usize {
  for (let r = 0; r < n; r++) {
    const h = load<u32>(at32(hi, r)), l = load<u32>(at32(lo, r));
    const ph = permute(hiTerms, hiTermCount, h, l);
    store<u32>(at32(permLo, r), permute(loTerms, loTermCount, h, l));
    store<u64>(at64(items, r), (<u64>ph << 32) | <u64>r);
  }
  const sorted = byHighWord(items, other, 0, n, counts);
  const spare = sorted == items ? other : items;
  // Runs of equal permuted hi, by permuted lo: both ways keep equal values in row order, as the items are in a run.
  for (let start = 0; start < n; ) {
    const h = <u32>(load<u64>(at64(sorted, start)) >> 32);
    let end = start + 1;
    while (end < n && <u32>(load<u64>(at64(sorted, end)) >> 32) == h) end++;
    if (end - start > SMALL) byLowWord(sorted, spare, permLo, start, end, counts);
    else if (end - start > 1) insertionByLow(sorted, permLo, start, end);
    start = end;
  }
  for (let r = 0; r < n; r++) {
    const item = load<u64>(at64(sorted, r));
    const row = <i32>(<u32>item);
    store<u32>(at32(permHi, r), <u32>(item >> 32));
    store<u32>(at32(spare, r), load<u32>(at32(hi, row)));
    store<u32>(at32(spare, n + r), load<u32>(at32(lo, row)));
    if (withPayload) store<u32>(at32(permLo, r), load<u32>(at32(payload, row)));
  }
  return spare;
}

/** Items start .. end - 1 of `a` sorted stably by their high 32 bits, `b` the other side; where they ended (a or b). */
function byHighWord(a: usize, b: usize, start: i32, end: i32, counts: usize): usize {
  let src = a, dst = b;
  for (let shift: u64 = 32; shift < 64; shift += DIGIT_BITS) {
    if (!pass(src, dst, start, end, shift, counts)) continue;
    const t = src;
    src = dst;
    dst = t;
  }
  return src;
}

/**
 * One stable counting pass of items start .. end - 1 from `src` to `dst` by the digit at `shift`; false (nothing
 * moved) when every item has the same digit there.
 */
function pass(src: usize, dst: usize, start: i32, end: i32, shift: u64, counts: usize): bool {
  memory.fill(counts, 0, RADIX << 2);
  for (let i = start; i < end; i++) {
    const count = at32(counts, <i32>(<u32>(load<u64>(at64(src, i)) >> shift) & (RADIX - 1)));
    store<u32>(count, load<u32>(count) + 1);
  }
  const first = <u32>(load<u64>(at64(src, start)) >> shift) & (RADIX - 1);
  if (load<u32>(at32(counts, <i32>first)) == <u32>(end - start)) return false;
  let sum = <u32>start;
  for (let d = 0; d < <i32>RADIX; d++) {
    const c = load<u32>(at32(counts, d));
    store<u32>(at32(counts, d), sum);
    sum += c;
  }
  for (let i = start; i < end; i++) {
    const item = load<u64>(at64(src, i));
    const count = at32(counts, <i32>(<u32>(item >> shift) & (RADIX - 1)));
    const to = load<u32>(count);
    store<u32>(count, to + 1);
    store<u64>(at64(dst, <i32>to), item);
  }
  return true;
}

/** Items start .. end - 1 of `items` (one run of equal high words) in order of lo[row], stably; `spare` holds as many. */
function byLowWord(items: usize, spare: usize, lo: usize, start: i32, end: i32, counts: usize): void {
  // Keyed by lo for the passes, then by the run's one high word again.
  const high = load<u64>(at64(items, start)) & 0xffffffff00000000;
  for (let i = start; i < end; i++) {
    const row = <u32>load<u64>(at64(items, i));
    store<u64>(at64(items, i), (<u64>load<u32>(at32(lo, <i32>row)) << 32) | <u64>row);
  }
  const sorted = byHighWord(items, spare, start, end, counts);
  for (let i = start; i < end; i++) store<u64>(at64(items, i), high | (load<u64>(at64(sorted, i)) & 0xffffffff));
}

function insertionByLow(items: usize, lo: usize, start: i32, end: i32): void {
  for (let i = start + 1; i < end; i++) {
    const item = load<u64>(at64(items, i));
    const l = load<u32>(at32(lo, <i32>(<u32>item)));
    let j = i - 1;
    for (; j >= start; j--) {
      const before = load<u64>(at64(items, j));
      if (load<u32>(at32(lo, <i32>(<u32>before))) <= l) break;
      store<u64>(at64(items, j + 1), before);
    }
    store<u64>(at64(items, j + 1), item);
  }
}
