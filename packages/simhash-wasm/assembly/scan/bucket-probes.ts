// Batch queries on a multi-index table (src/block-index/query/multi-index.ts, probeGrouped, has the JavaScript twin
// and says why it is exact): each query against the rows of every bucket within the table's radius of its own, the
// queries in bucket order and one pass per xor, so the probed buckets advance through the table in order.
//
// Memory (placed by src/wasm/scan-kernel.ts): the table's fingerprints (u64, table order), its bucket offsets
// (u32), the queries' fingerprints (u64) and buckets (u32), both in bucket order, the xors (u32), then the output:
// (query, row, distance) as three u32 per match.

/**
 * Matches written, or -1 when they did not fit `capacity` (the caller grows the output and calls again). A row equal
 * to the row before it in its bucket is left out: the first of a run of equal values stands for all of them.
 */
export function bucketProbes(fps: usize, offsets: usize, queries: usize, buckets: usize, n: i32, xors: usize, xorCount: i32, k: i32, out: usize, capacity: i32): i32 {
  let count = 0;
  for (let p = 0; p < xorCount; p++) {
    const x = load<u32>(xors + (<usize>p << 2));
    for (let j = 0; j < n; j++) {
      const probe = load<u32>(buckets + (<usize>j << 2)) ^ x;
      const start = load<u32>(offsets + (<usize>probe << 2)), end = load<u32>(offsets + (<usize>(probe + 1) << 2));
      if (start == end) continue;
      const q = load<u64>(queries + (<usize>j << 3));
      for (let r = start; r < end; r++) {
        const v = load<u64>(fps + (<usize>r << 3));
        const d = <i32>popcnt<u64>(v ^ q);
        if (d > k) continue;
        if (r > start && load<u64>(fps + (<usize>(r - 1) << 3)) == v) continue;
        if (count == capacity) return -1;
        const at = out + <usize>count * 12;
        store<u32>(at, j);
        store<u32>(at, r, 4);
        store<u32>(at, d, 8);
        count++;
      }
    }
  }
  return count;
}
