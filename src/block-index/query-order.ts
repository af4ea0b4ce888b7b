// The order a batch of queries probes one table in. With few queries, input order; with many, grouped by bucket
// (a radix sort by bucket number that moves the query fingerprints along), so the table and the queries are both
// read front to back instead of at random (Manku et al.'s batch mode, in memory).
import { applyTermsAll } from './permutation.js';
import type { Table } from './table.js';

/** Group when there are at least this many queries per bucket of the table ... */
const GROUP_QUERIES_PER_BUCKET = 1 / 8;
/** ... and at least this many queries. */
const GROUP_MIN_QUERIES = 4096;

export interface Arranged {
  /** Probe j is query queries[j] (j itself when null), fingerprint (hi[j], lo[j]), bucket buckets[j]. */
  readonly buckets: Uint32Array;
  readonly queries: Uint32Array | null;
  readonly hi: Uint32Array;
  readonly lo: Uint32Array;
}

type Lane = { b: Uint32Array; q: Uint32Array; h: Uint32Array; l: Uint32Array };

export class QueryOrder {
  private buckets = new Uint32Array(0);
  private lanes: [Lane, Lane] | null = null;
  private readonly counts = new Uint32Array(1 << 16);

  arrange(table: Table, qh: Uint32Array, ql: Uint32Array, n: number): Arranged {
    if (this.buckets.length < n) {
      this.buckets = new Uint32Array(n);
      this.lanes = null;
    }
    applyTermsAll(table.bucketTerms, qh, ql, this.buckets, n);
    const bucketCount = table.offsets.length - 1;
    if (n < GROUP_MIN_QUERIES || n < bucketCount * GROUP_QUERIES_PER_BUCKET || table.bucketBits === 0) {
      return { buckets: this.buckets, queries: null, hi: qh, lo: ql };
    }
    const make = (): Lane => ({ b: new Uint32Array(n), q: new Uint32Array(n), h: new Uint32Array(n), l: new Uint32Array(n) });
    this.lanes ??= [make(), make()];
    const [a, b] = this.lanes;
    // LSD radix sort by bucket: one pass of up to 16 bits, or two (bucketBits <= 30).
    const bits = table.bucketBits;
    const digit = bits <= 16 ? bits : Math.ceil(bits / 2);
    this.pass({ b: this.buckets, q: null, h: qh, l: ql }, a, n, 0, digit);
    if (bits <= 16) return { buckets: a.b, queries: a.q, hi: a.h, lo: a.l };
    this.pass(a, b, n, digit, bits - digit);
    return { buckets: b.b, queries: b.q, hi: b.h, lo: b.l };
  }

  private pass(src: { b: Uint32Array; q: Uint32Array | null; h: Uint32Array; l: Uint32Array }, dst: Lane, n: number, shift: number, bits: number): void {
    const counts = this.counts;
    const mask = (1 << bits) - 1;
    const sb = src.b, sq = src.q, sh = src.h, sl = src.l;
    const db = dst.b, dq = dst.q, dh = dst.h, dl = dst.l;
    counts.fill(0, 0, mask + 1);
    for (let j = 0; j < n; j++) counts[(sb[j] >>> shift) & mask]++;
    let sum = 0;
    for (let d = 0; d <= mask; d++) {
      const c = counts[d];
      counts[d] = sum;
      sum += c;
    }
    for (let j = 0; j < n; j++) {
      const bucket = sb[j];
      const at = counts[(bucket >>> shift) & mask]++;
      db[at] = bucket;
      dq[at] = sq === null ? j : sq[j];
      dh[at] = sh[j];
      dl[at] = sl[j];
    }
  }
}
