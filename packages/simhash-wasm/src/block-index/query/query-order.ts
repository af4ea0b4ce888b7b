// The order a batch of queries probes one table in. Few queries, or a table small enough to stay in cache: input
// order. Otherwise grouped by the top bits of their bucket (records of bucket, query number and fingerprint moved
// together), so the table and the queries are read front to back instead of at random (Manku et al.'s batch
// mode, in memory).
import { applyTermsAll } from '../tables/permutation.js';
import type { Table } from '../types.js';

/** Group when there are at least this many queries per bucket of the table ... */
const GROUP_QUERIES_PER_BUCKET = 1 / 16;
/** ... at least this many queries ... */
const GROUP_MIN_QUERIES = 4096;
/** ... and the table is larger than a core's share of cache. */
const GROUP_MIN_TABLE_BYTES = 1 << 20;
/** Ints per record: bucket, query number, fingerprint high and low halves. */
export const RECORD = 4;

export class QueryOrder {
  /** Bucket of each query, in input order (when not grouped). */
  buckets = new Uint32Array(0);
  /** RECORD ints per query, grouped by bucket (when grouped). */
  records = new Uint32Array(0);
  private readonly counts = new Uint32Array(256);

  /** Computes each query's bucket in `table`; returns true if `records` holds them grouped, false for `buckets`. */
  arrange(table: Table, qh: Uint32Array, ql: Uint32Array, n: number): boolean {
    if (this.buckets.length < n) this.buckets = new Uint32Array(n);
    const buckets = this.buckets;
    applyTermsAll(table.bucketTerms, qh, ql, buckets, n);
    const bucketCount = table.offsets.length - 1;
    const tableBytes = table.hi.byteLength + table.lo.byteLength + table.offsets.byteLength;
    if (n < GROUP_MIN_QUERIES || n < bucketCount * GROUP_QUERIES_PER_BUCKET || tableBytes < GROUP_MIN_TABLE_BYTES) return false;
    if (this.records.length < RECORD * n) this.records = new Uint32Array(RECORD * n);
    // One counting pass on the bucket's top 8 bits: within a group the probes fall in 1/256 of the table, a
    // range small enough to stay in cache, which is what a full sort would buy, at a quarter of the passes.
    const counts = this.counts;
    const shift = Math.max(0, table.bucketBits - 8);
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[buckets[i] >>> shift]++;
    let sum = 0;
    for (let d = 0; d < 256; d++) {
      const c = counts[d];
      counts[d] = sum;
      sum += c;
    }
    const out = this.records;
    for (let i = 0; i < n; i++) {
      const b = buckets[i];
      const at = RECORD * counts[b >>> shift]++;
      out[at] = b;
      out[at + 1] = i;
      out[at + 2] = qh[i];
      out[at + 3] = ql[i];
    }
    return true;
  }
}
