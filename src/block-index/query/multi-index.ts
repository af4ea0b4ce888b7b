// Multi-index hashing's probes (plan/layout.ts says why they are exact). Table t is probed at every bucket within
// radius[t] bits of the query's bucket: a bucket is the top `bucketBits` bits of the table's key, so every key within
// r of the query's key lies in such a bucket. The probes see a superset; the popcount decides. A fingerprint within
// k is reported only from its owner, the first table t whose substring it differs in by at most radius[t] bits (one
// exists: that is the layout's guarantee), so one met in several tables is reported once without a Set.
import { popcount32 } from '../../core/bits.js';
import { applyTermsAll } from '../tables/permutation.js';
import type { Run } from '../runs/run.js';
import type { Table, TableSet } from '../types.js';
import type { Candidates } from './candidates.js';

/** Beyond this many probes a table is read whole instead (each probe costs a random access; a row far less). */
const MAX_PROBES_PER_ROW = 1 / 4;

const maskCache = new Map<number, Uint32Array>();

/** Every xor of `bits`-bit buckets with at most r bits set, fewest bits first (cached: the loops share them). */
export function bucketXors(bits: number, r: number): Uint32Array {
  const key = bits * 64 + r;
  const cached = maskCache.get(key);
  if (cached !== undefined) return cached;
  const out: number[] = [0];
  const grow = (mask: number, from: number, left: number) => {
    for (let bit = from; bit < bits; bit++) {
      const next = (mask | (1 << bit)) >>> 0;
      out.push(next);
      if (left > 1) grow(next, bit + 1, left - 1);
    }
  };
  if (r > 0) grow(0, 0, Math.min(r, bits));
  const masks = Uint32Array.from(out);
  maskCache.set(key, masks);
  return masks;
}

/** How many buckets a probe of radius r visits in a table of `bits` bucket bits. */
export function probeCount(bits: number, r: number): number {
  let total = 0, c = 1;
  for (let i = 0; i <= Math.min(r, bits); i++) {
    total += c;
    c = (c * (bits - i)) / (i + 1);
  }
  return Math.round(total);
}

/** True if table t is cheaper to read whole than to probe (tiny tables, or radii that reach most buckets). */
export function readsWhole(table: Table, r: number, rows: number): boolean {
  return probeCount(table.bucketBits, r) > Math.max(1, rows * MAX_PROBES_PER_ROW);
}

/** Index of the owner table of the xor (xh, xl): the first whose substring holds at most its radius of its bits. */
export function ownerOf(set: TableSet, radius: Uint8Array, xh: number, xl: number): number {
  const mh = set.maskHi, ml = set.maskLo;
  for (let t = 0; t < mh.length; t++) {
    if (popcount32(mh[t] & xh) + popcount32(ml[t] & xl) <= radius[t]) return t;
  }
  return -1;
}

/**
 * Appends to `out` (as query number first + i) every fingerprint of table t within k of query i whose owner is t.
 * `buckets` is scratch of at least n entries.
 */
export function probeTable(run: Run, t: number, qh: Uint32Array, ql: Uint32Array, n: number, k: number, first: number, buckets: Uint32Array, out: Candidates): void {
  const set = run.set, table = set.tables[t], radius = run.layout.radius;
  const rows = table.offsets[table.offsets.length - 1];
  if (readsWhole(table, radius[t], rows)) {
    for (let i = 0; i < n; i++) scanOwned(set, radius, t, 0, rows, qh[i], ql[i], k, first + i, out);
    return;
  }
  const xors = bucketXors(table.bucketBits, radius[t]);
  applyTermsAll(table.bucketTerms, qh, ql, buckets, n);
  const offsets = table.offsets;
  for (let i = 0; i < n; i++) {
    const b = buckets[i], h = qh[i], l = ql[i], query = first + i;
    for (let p = 0; p < xors.length; p++) {
      const probe = b ^ xors[p];
      const start = offsets[probe], end = offsets[probe + 1];
      if (start < end) scanOwned(set, radius, t, start, end, h, l, k, query, out);
    }
  }
}

/** Rows start..end-1 of table t against one query: those within k, owned by t, once per distinct value. */
function scanOwned(set: TableSet, radius: Uint8Array, t: number, start: number, end: number, qh: number, ql: number, k: number, query: number, out: Candidates): void {
  const table = set.tables[t];
  const hi = table.hi, lo = table.lo;
  for (let r = start; r < end; r++) {
    const vh = hi[r], xh = vh ^ qh;
    const dh = popcount32(xh);
    if (dh > k) continue;
    const vl = lo[r], xl = vl ^ ql;
    const d = dh + popcount32(xl);
    if (d > k) continue;
    if (r > start && hi[r - 1] === vh && lo[r - 1] === vl) continue;
    if (ownerOf(set, radius, xh, xl) !== t) continue;
    out.push(query, r, d, vh, vl, xh >>> 0, xl >>> 0);
  }
}
