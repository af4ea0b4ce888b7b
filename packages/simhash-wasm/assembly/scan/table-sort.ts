// An index table's order (src/block-index/tables/table.ts has the JavaScript path, whose result this must equal): the
// fingerprints permuted so the table's key bits are on top, sorted by that permuted value ascending (equal values in
// their input order), then taken back to their own bits. Here because building an index's tables is this four times
// over every fingerprint, on the corpus job's serial path: 40 ms a table at 1M fingerprints in JavaScript.
//
// Memory (placed by src/wasm/table-sorter.ts): two areas of n records of 16 bytes (the permuted hi
// and lo, the payload, four spare bytes), the radix passes going from one to the other; the fingerprints' hi, lo and
// payload (n u32 each) are placed at the start of the second; then the digit counts and the permutation's terms (four
// i32 each, tables/permutation.ts's), forward and back. Sorted, the area the records did not end in holds n u32 each
// of the permuted hi (the bucket offsets come from it), the hi, the lo and the payload; its address is returned.
//
// How: stable passes of DIGIT_BITS over the permuted hi, the whole record moving (a row index moved instead, with the
// rows gathered after, read them at random: 0.5 s a table at 10M), then each run of equal permuted hi put in order of
// the permuted lo (fingerprints rarely share a high word: nearly free), and the bits permuted back in order.

const RECORD: usize = 16;
/** 8-bit digits, four passes: 256 places written at a time stay in the TLB and the caches where 65,536 did not at 10M rows. */
const DIGIT_BITS: u32 = 8;
const RADIX: u32 = 1 << DIGIT_BITS;
/** Runs of equal hi up to this long are put in order by insertion; longer ones (clustered data) by more passes. */
const SMALL: i32 = 48;

@inline function at32(base: usize, i: i32): usize {
  return base + (<usize>i << 2);
}

@inline function record(base: usize, i: i32): usize {
  return base + <usize>i * RECORD;
}

/** A record copied as two u64 (the scalar build has no v128). */
@inline function copyRecord(to: usize, from: usize): void {
  store<u64>(to, load<u64>(from));
  store<u64>(to, load<u64>(from, 8), 8);
}

/** tables/permutation.ts's applyTerms: `count` terms of (selector, mask, right shift, left shift). */
@inline function permute(terms: usize, count: i32, hi: u32, lo: u32): u32 {
  let v: u32 = 0;
  for (let t = 0; t < count; t++) {
    const term = terms + (<usize>t << 4);
    const source = load<i32>(term) == -1 ? hi : lo;
    v |= ((source & load<u32>(term, 4)) >>> load<u32>(term, 8)) << load<u32>(term, 12);
  }
  return v;
}

/**
 * The table's order of rows 0 .. n - 1 (see above), the fingerprints placed in `second`. `terms`: the forward hi,
 * forward lo, back hi and back lo terms one after another, `counts` of them. Returns where the results are.
 */
export function tableSort(first: usize, second: usize, n: i32, withPayload: bool, terms: usize, hiCount: i32, loCount: i32, backHiCount: i32, backLoCount: i32, counts: usize): usize {
  const loTerms = terms + (<usize>hiCount << 4), backHi = loTerms + (<usize>loCount << 4), backLo = backHi + (<usize>backHiCount << 4);
  const hi = second, lo = at32(second, n), payload = at32(second, 2 * n);
  for (let r = 0; r < n; r++) {
    const h = load<u32>(at32(hi, r)), l = load<u32>(at32(lo, r));
    const to = record(first, r);
    store<u32>(to, permute(terms, hiCount, h, l));
    store<u32>(to, permute(loTerms, loCount, h, l), 4);
    store<u32>(to, withPayload ? load<u32>(at32(payload, r)) : 0, 8);
  }
  const sorted = byWord(first, second, 0, n, 0, counts);
  const spare = sorted == first ? second : first;
  // Runs of equal permuted hi, by permuted lo: both ways keep equal values in input order.
  for (let start = 0; start < n; ) {
    const h = load<u32>(record(sorted, start));
    let end = start + 1;
    while (end < n && load<u32>(record(sorted, end)) == h) end++;
    if (end - start > SMALL) {
      if (byWord(sorted, spare, start, end, 4, counts) != sorted) memory.copy(record(sorted, start), record(spare, start), <usize>(end - start) * RECORD);
    } else if (end - start > 1) insertionByLow(sorted, start, end);
    start = end;
  }
  // Written in order into the other area: the permuted hi, the bits back in place, the payload.
  for (let r = 0; r < n; r++) {
    const from = record(sorted, r);
    const ph = load<u32>(from), pl = load<u32>(from, 4);
    store<u32>(at32(spare, r), ph);
    store<u32>(at32(spare, n + r), permute(backHi, backHiCount, ph, pl));
    store<u32>(at32(spare, 2 * n + r), permute(backLo, backLoCount, ph, pl));
    store<u32>(at32(spare, 3 * n + r), load<u32>(from, 8));
  }
  return spare;
}

/**
 * Records start .. end - 1 of `a` sorted stably by their u32 at `field` (0: permuted hi, 4: permuted lo), `b` the
 * other side; where they ended (a or b).
 */
function byWord(a: usize, b: usize, start: i32, end: i32, field: usize, counts: usize): usize {
  let src = a, dst = b;
  for (let shift: u32 = 0; shift < 32; shift += DIGIT_BITS) {
    if (!pass(src, dst, start, end, field, shift, counts)) continue;
    const t = src;
    src = dst;
    dst = t;
  }
  return src;
}

/**
 * One stable counting pass of records start .. end - 1 from `src` to `dst` by the digit at `shift` of their u32 at
 * `field`; false (nothing moved) when every record has the same digit there.
 */
function pass(src: usize, dst: usize, start: i32, end: i32, field: usize, shift: u32, counts: usize): bool {
  memory.fill(counts, 0, RADIX << 2);
  for (let i = start; i < end; i++) {
    const count = at32(counts, <i32>((load<u32>(record(src, i) + field) >>> shift) & (RADIX - 1)));
    store<u32>(count, load<u32>(count) + 1);
  }
  const first = (load<u32>(record(src, start) + field) >>> shift) & (RADIX - 1);
  if (load<u32>(at32(counts, <i32>first)) == <u32>(end - start)) return false;
  let sum = <u32>start;
  for (let d = 0; d < <i32>RADIX; d++) {
    const c = load<u32>(at32(counts, d));
    store<u32>(at32(counts, d), sum);
    sum += c;
  }
  for (let i = start; i < end; i++) {
    const from = record(src, i);
    const count = at32(counts, <i32>((load<u32>(from + field) >>> shift) & (RADIX - 1)));
    const to = load<u32>(count);
    store<u32>(count, to + 1);
    copyRecord(record(dst, <i32>to), from);
  }
  return true;
}

function insertionByLow(records: usize, start: i32, end: i32): void {
  for (let i = start + 1; i < end; i++) {
    const head = load<u64>(record(records, i)), tail = load<u64>(record(records, i), 8);
    const l = <u32>(head >> 32); // the permuted lo, the record's second u32
    let j = i - 1;
    for (; j >= start; j--) {
      if (load<u32>(record(records, j), 4) <= l) break;
      copyRecord(record(records, j + 1), record(records, j));
    }
    store<u64>(record(records, j + 1), head);
    store<u64>(record(records, j + 1), tail, 8);
  }
}
