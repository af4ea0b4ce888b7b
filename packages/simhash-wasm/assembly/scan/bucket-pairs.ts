// pairs() on a multi-index table (src/block-index/pairs/multi-index-pairs.ts has the JavaScript twin and says why it
// is exact): the rows of each bucket against the rows of every bucket within the table's radius, that is b ^ x for
// each xor x given, where b ^ x >= b. Scalar code: each comparison is a load, an xor and an i64.popcnt.
//
// Memory (placed by src/wasm/scan-kernel.ts): the table's fingerprints (u64, table order), its bucket offsets
// (buckets + 1 u32), the xors (u32), then the output: (row a, row b, distance) as three u32 per pair.

/**
 * Buckets first .. end - 1 against theirs (a worker's share; the other bucket may be anywhere). Pairs written, or -1 when they did not fit `capacity` (the caller grows the output and calls again). A row equal
 * to the row before it in its bucket is left out (the first of a run of equal values stands for all of them), and so
 * are pairs at distance 0 (exact duplicates are found apart).
 */
export function bucketPairs(fps: usize, offsets: usize, first: i32, end: i32, xors: usize, xorCount: i32, k: i32, out: usize, capacity: i32): i32 {
  let count = 0;
  // One pass per xor over the buckets in order, so the other bucket advances in order too (within aligned blocks).
  for (let p = 0; p < xorCount; p++) {
    const x = load<u32>(xors + (<usize>p << 2));
    for (let b = <u32>first; b < <u32>end; b++) {
      const other = b ^ x;
      if (other < b) continue;
      const aStart = load<u32>(offsets + (<usize>b << 2)), aEnd = load<u32>(offsets + (<usize>(b + 1) << 2));
      if (aStart == aEnd) continue;
      const bStart = load<u32>(offsets + (<usize>other << 2)), bEnd = load<u32>(offsets + (<usize>(other + 1) << 2));
      if (bStart == bEnd) continue;
      const same = other == b;
      // Rows of this bucket two at a time against the other's: one load of each of the other's rows serves two
      // comparisons, and both distances are tested at once (most pairs are far). 0.62 times the time of one at a
      // time at k = 11 over 1M fingerprints (buckets of about 15 rows).
      let a = aStart;
      while (a < aEnd) {
        const va = load<u64>(fps + (<usize>a << 3));
        if (a > aStart && load<u64>(fps + (<usize>(a - 1) << 3)) == va) {
          a++;
          continue;
        }
        // The next row that is not a copy of the one before it: the second of the two.
        let a2 = a + 1;
        while (a2 < aEnd && load<u64>(fps + (<usize>a2 << 3)) == load<u64>(fps + (<usize>(a2 - 1) << 3))) a2++;
        if (a2 == aEnd) {
          count = compareRow(fps, a, va, same ? a + 1 : bStart, bStart, bEnd, k, out, count, capacity);
          if (count < 0) return -1;
          break;
        }
        const va2 = load<u64>(fps + (<usize>a2 << 3));
        let from = bStart;
        if (same) {
          // Within one bucket: a against the rows after it up to a2, then both against the rows after a2.
          count = compareRow(fps, a, va, a + 1, bStart, a2 + 1, k, out, count, capacity);
          if (count < 0) return -1;
          from = a2 + 1;
        }
        for (let c = from; c < bEnd; c++) {
          const vc = load<u64>(fps + (<usize>c << 3));
          const d = <i32>popcnt<u64>(va ^ vc), d2 = <i32>popcnt<u64>(va2 ^ vc);
          if (min(d, d2) > k) continue;
          if (c > bStart && load<u64>(fps + (<usize>(c - 1) << 3)) == vc) continue;
          if (d <= k && d != 0) {
            if (count == capacity) return -1;
            count = emit(out, count, a, c, d);
          }
          if (d2 <= k && d2 != 0) {
            if (count == capacity) return -1;
            count = emit(out, count, a2, c, d2);
          }
        }
        a = a2 + 1;
      }
    }
  }
  return count;
}

/** Row a (value va) against rows from .. end - 1 of the bucket starting at bStart; the new count, or -1 when full. */

function compareRow(fps: usize, a: u32, va: u64, from: u32, bStart: u32, end: u32, k: i32, out: usize, count: i32, capacity: i32): i32 {
  for (let c = from; c < end; c++) {
    const vc = load<u64>(fps + (<usize>c << 3));
    const d = <i32>popcnt<u64>(va ^ vc);
    if (d > k || d == 0) continue;
    if (c > bStart && load<u64>(fps + (<usize>(c - 1) << 3)) == vc) continue;
    if (count == capacity) return -1;
    count = emit(out, count, a, c, d);
  }
  return count;
}


function emit(out: usize, count: i32, a: u32, c: u32, d: i32): i32 {
  const at = out + <usize>count * 12;
  store<u32>(at, a);
  store<u32>(at, c, 4);
  store<u32>(at, d, 8);
  return count + 1;
}
