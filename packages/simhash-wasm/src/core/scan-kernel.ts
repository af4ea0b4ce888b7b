// The contract between the index's exact scan and whoever runs it fastest. The index (src/block-index) imports core
// only, so it cannot load WebAssembly itself; the entry that sees both (src/index.ts) hands it a kernel built by the
// wasm engine (a SIMD popcount scan when WebAssembly.validate accepts SIMD), and the index falls back to its own
// TypeScript scan when none is given. Both must report exactly the same matches.

/** The matches of one scan, in parallel arrays of `count` used entries (the arrays may be longer). */
export interface ScanMatches {
  count: number;
  /** Index into the queries array. */
  query: Uint32Array;
  /** Index into the stored array. */
  stored: Uint32Array;
  /** popcount(query ^ stored), at most maxDistance. */
  distance: Uint8Array;
}

export interface ScanKernel {
  /** A name for benchmarks and errors: 'wasm-simd', 'wasm', 'ts'. */
  readonly name: string;
  /** About how long one (query, stored) comparison takes, in ns: what the index's cost model plans with. */
  readonly nsPerPair: number;
  /**
   * Every (query, stored) pair with popcount(queries[q] ^ stored[s]) <= maxDistance, ordered by query index then
   * stored index. `maxDistance` is an integer 0..64. The kernel may reuse and return `into` (grown as needed).
   * A kernel may keep a copy of `stored` between calls: the same array must not change in between (an index's runs
   * never do).
   */
  scan(stored: BigUint64Array, queries: BigUint64Array, maxDistance: number, into?: ScanMatches): ScanMatches;
  /**
   * Optional (the WebAssembly kernel has it): pairs() on one multi-index table. The table's rows are (hi[r], lo[r]),
   * bucket b holding rows offsets[b] .. offsets[b + 1] - 1. For every bucket b and every x of `xors` with b ^ x >= b,
   * every pair of a row a of b and a row c of b ^ x (c > a within one bucket) at distance 1..maxDistance, leaving out
   * a row equal to the row before it in its bucket. As matches (query = a, stored = c), in no particular order. Only
   * buckets b from `first` to `end` - 1 (a worker's share).
   */
  bucketPairs?(hi: Uint32Array, lo: Uint32Array, offsets: Uint32Array, first: number, end: number, xors: Uint32Array, maxDistance: number, into?: ScanMatches): ScanMatches;
  /**
   * Optional (the WebAssembly kernel has it): a batch of queries on one multi-index table, the table as above. The
   * queries (queryHi[j], queryLo[j]) come with their buckets, in bucket order; for each x of `xors` and each query j,
   * every row of bucket buckets[j] ^ x within maxDistance, leaving out a row equal to the row before it in its
   * bucket. As matches (query = j, stored = row), in no particular order.
   */
  bucketProbes?(hi: Uint32Array, lo: Uint32Array, offsets: Uint32Array, queryHi: Uint32Array, queryLo: Uint32Array, buckets: Uint32Array, xors: Uint32Array, maxDistance: number, into?: ScanMatches): ScanMatches;
  /**
   * Optional (the WebAssembly kernel has it): the order of an index table, what block-index/tables/table.ts's
   * buildTable computes. Rows 0 .. n - 1 of (hi, lo), permuted by `terms` (tables/permutation.ts's word terms: the
   * permuted high and low words, then those of the inverse permutation), sorted by their permuted value ascending,
   * equal values in row order. `payload` (n u32, or null) is put in that order in place. Null when the kernel
   * cannot have the memory (the caller sorts).
   */
  tableOrder?(terms: readonly [hi: Int32Array, lo: Int32Array, backHi: Int32Array, backLo: Int32Array], hi: Uint32Array, lo: Uint32Array, payload: Uint32Array | null, n: number): TableOrder | null;
}

/** An index table's rows in the table's order (ScanKernel.tableOrder). */
export interface TableOrder {
  /**
   * The rows' permuted high words, ascending: where the bucket offsets come from. A view of the kernel's memory, good
   * until its next call: at 1M rows a copy was 4 MB of fresh pages a table, each page's first write a fault that
   * costs 10 µs on some VMs.
   */
  readonly permutedHi: Uint32Array;
  /** The rows' own bits, new arrays. */
  readonly hi: Uint32Array;
  readonly lo: Uint32Array;
}

/** An empty ScanMatches, or `into` emptied. */
export function emptyMatches(into?: ScanMatches): ScanMatches {
  const out = into ?? { count: 0, query: new Uint32Array(1024), stored: new Uint32Array(1024), distance: new Uint8Array(1024) };
  out.count = 0;
  return out;
}

/** Grows the arrays of `out` to hold at least `size` matches, keeping its `count` first ones. */
export function reserveMatches(out: ScanMatches, size: number): void {
  if (out.query.length >= size) return;
  const length = Math.max(size, out.query.length * 2);
  const query = new Uint32Array(length), stored = new Uint32Array(length), distance = new Uint8Array(length);
  query.set(out.query.subarray(0, out.count));
  stored.set(out.stored.subarray(0, out.count));
  distance.set(out.distance.subarray(0, out.count));
  out.query = query;
  out.stored = stored;
  out.distance = distance;
}
