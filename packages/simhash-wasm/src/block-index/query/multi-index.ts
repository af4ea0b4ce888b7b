// Multi-index hashing's probes (../plan/layout.ts says why they are exact). Table t is probed at every bucket within
// radius[t] bits of the query's bucket: a bucket is the top `bucketBits` bits of the table's key, so every key within
// r of the query's key lies in such a bucket. The probes see a superset; the popcount decides. A fingerprint within
// k is reported only from its owner, the first table t whose substring it differs in by at most radius[t] bits (one
// exists: that is the layout's guarantee), so one met in several tables is reported once without a Set.
import { popcount32 } from '../../core/bits.js';
import { applyTermsAll } from '../tables/permutation.js';
import { orderByU32 } from '../tables/radix-sort.js';
import { probeCount } from '../plan/layout.js';
import { scanKernel } from '../scan/kernel-slot.js';
import type { ScanMatches } from '../../core/scan-kernel.js';
import type { Run } from '../runs/run.js';
import type { Table, TableSet } from '../types.js';
import type { Candidates } from './candidates.js';

/** Batches of at least this many queries against tables of at least this many rows go in bucket order. */
const GROUPED_MIN_QUERIES = 2048;
const GROUPED_MIN_ROWS = 1 << 17;
let groupedMinQueries = GROUPED_MIN_QUERIES;
let groupedMinRows = GROUPED_MIN_ROWS;

/** For tests: the batch and table sizes from which batches go in bucket order (0, 0: always; no arguments: the defaults). */
export function setGroupedMin(queries = GROUPED_MIN_QUERIES, rows = GROUPED_MIN_ROWS): void {
  groupedMinQueries = queries;
  groupedMinRows = rows;
}

/** Beyond this many probes a table is read whole instead (each probe costs a random access; a row far less). */
const MAX_PROBES_PER_ROW = 1 / 4;

const maskCache = new Map<number, Uint32Array>();

/**
 * Every xor of `bits`-bit buckets with at most r bits set, 0 first (cached: the loops share them). Callers ask only
 * where readsWhole() is false, so there are at most a quarter as many as the table has rows.
 */
export function bucketXors(bits: number, r: number): Uint32Array {
  const key = bits * 128 + r; // r <= k <= 64
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
  const offsets = table.offsets, probes = xors.length;
  if (starts.length < probes + 1) {
    starts = new Uint32Array(probes + 1);
    ends = new Uint32Array(probes + 1);
  }
  if (n >= groupedMinQueries && rows >= groupedMinRows) {
    probeGrouped(set, radius, t, xors, qh, ql, n, k, first, buckets, out);
    return;
  }
  for (let i = 0; i < n; i++) {
    const b = buckets[i], h = qh[i], l = ql[i], query = first + i;
    // Every probe's bounds first, then the scans: the loads of the first loop do not depend on each other, so the
    // processor overlaps their cache misses instead of waiting for each in turn (as search.ts's scanPhased).
    for (let p = 0; p < probes; p++) {
      const probe = b ^ xors[p];
      starts[p] = offsets[probe];
      ends[p] = offsets[probe + 1];
    }
    for (let p = 0; p < probes; p++) if (starts[p] < ends[p]) scanOwned(set, radius, t, starts[p], ends[p], h, l, k, query, out);
  }
}

/**
 * Many queries against a large table: the queries in bucket order, then one pass per xor. For a fixed xor, buckets
 * in ascending order stay ascending within aligned blocks, so each pass reads the table nearly front to back (the
 * memory prefetches it) instead of at random (each probe a cache miss).
 */
function probeGrouped(set: TableSet, radius: Uint8Array, t: number, xors: Uint32Array, qh: Uint32Array, ql: Uint32Array, n: number, k: number, first: number, buckets: Uint32Array, out: Candidates): void {
  const offsets = set.tables[t].offsets;
  const order = orderByU32(buckets, n);
  // The queries copied out in bucket order: read through `order`, a million queries' arrays would be read at
  // random, a cache miss per probe.
  const sb = new Uint32Array(n), sh = new Uint32Array(n), sl = new Uint32Array(n);
  for (let j = 0; j < n; j++) {
    const i = order[j];
    sb[j] = buckets[i];
    sh[j] = qh[i];
    sl[j] = ql[i];
  }
  const kernel = scanKernel();
  if (kernel.bucketProbes !== undefined) {
    // The same probes in the kernel (WebAssembly, i64.popcnt); the owner rule here, on the few rows within k.
    const table = set.tables[t], hi = table.hi, lo = table.lo;
    const found = (kernelMatches = kernel.bucketProbes(hi, lo, offsets, sh, sl, sb, xors, k, kernelMatches));
    for (let i = 0; i < found.count; i++) {
      const j = found.query[i], r = found.stored[i];
      const xh = hi[r] ^ sh[j], xl = lo[r] ^ sl[j];
      if (ownerOf(set, radius, xh, xl) === t) out.push(first + order[j], r, found.distance[i], hi[r], lo[r], xh >>> 0, xl >>> 0);
    }
    return;
  }
  for (let p = 0; p < xors.length; p++) {
    const x = xors[p];
    for (let j = 0; j < n; j++) {
      const probe = sb[j] ^ x;
      const start = offsets[probe], end = offsets[probe + 1];
      if (start < end) scanOwned(set, radius, t, start, end, sh[j], sl[j], k, first + order[j], out);
    }
  }
}

/** The kernel's reused output. */
let kernelMatches: ScanMatches | undefined;

/** Scratch for probeTable's bounds (module-level: searches run one at a time on a thread). */
let starts = new Uint32Array(64);
let ends = new Uint32Array(64);

/**
 * Rows start..end-1 of table t against one query: those within k, owned by t, once per distinct value. The word
 * holding fewer of the table's key bits is tested first (Table.hiFirst): the key bits agree within a bucket, so the
 * other word's test would let far more rows through.
 */
function scanOwned(set: TableSet, radius: Uint8Array, t: number, start: number, end: number, qh: number, ql: number, k: number, query: number, out: Candidates): void {
  const table = set.tables[t];
  const hiFirst = table.hiFirst;
  const first = hiFirst ? table.hi : table.lo, second = hiFirst ? table.lo : table.hi;
  const qf = hiFirst ? qh : ql, qs = hiFirst ? ql : qh;
  for (let r = start; r < end; r++) {
    const vf = first[r], xf = vf ^ qf;
    const df = popcount32(xf);
    if (df > k) continue;
    const vs = second[r], xs = vs ^ qs;
    const d = df + popcount32(xs);
    if (d > k) continue;
    if (r > start && first[r - 1] === vf && second[r - 1] === vs) continue;
    const xh = hiFirst ? xf : xs, xl = hiFirst ? xs : xf;
    if (ownerOf(set, radius, xh, xl) !== t) continue;
    out.push(query, r, d, table.hi[r], table.lo[r], xh >>> 0, xl >>> 0);
  }
}
