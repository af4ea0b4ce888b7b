// Finding every stored fingerprint within k bits of a query: probe each table's bucket (or the bucket's sub-index),
// verify by popcount, and report a hit only from the first table whose key it matches, so a fingerprint met in
// several tables is reported once without a per-query Set. Candidates (query or table, row, distance) are collected
// first and checked afterwards: the scan loop stays small, and the checks run only for the rare fingerprint within k.
import { popcount32 } from '../../core/bits.js';
import type { InsertBuffer } from '../runs/insert-buffer.js';
import type { Run } from '../runs/run.js';
import { scanRows, scanTable } from './scan.js';
import { bucketOf, hasChild } from '../tables/table.js';
import { firstMatch } from '../tables/table-set.js';
import type { Table, TableSet } from '../types.js';
import { HitList } from './hit-list.js';
import { Candidates } from './candidates.js';
import { RECORD, type QueryOrder } from './query-order.js';
import { scanKernel } from '../scan/kernel-slot.js';
import { HALF_HI, HALF_LO, halvesView } from '../../core/halves.js';
import type { ScanMatches } from '../../core/scan-kernel.js';
import { probeTable } from './multi-index.js';

export class Searcher {
  readonly hits = new HitList();
  /** What the scans found within k, to be checked (in a single query, `query` holds the table number). */
  private readonly candidates = new Candidates();
  /** The table sets (and table numbers in them) above the one being scanned, when inside a sub-index. */
  private readonly pathSets: TableSet[] = [];
  private readonly pathTables: number[] = [];
  private starts = new Uint32Array(64);
  private ends = new Uint32Array(64);
  /** Keeps the early loads of searchOne from being optimised away. */
  sink = 0;
  /** A single query's halves for the scan kernel ([hi, lo]), and the kernel's reused output. */
  private readonly scanOne = new Uint32Array(2);
  private scanMatches: ScanMatches | undefined;
  /** Each query's bucket in the table being probed (multi-index layouts). */
  private probeBuckets = new Uint32Array(1);

  /** Appends to `hits` (as query number `query`) every live fingerprint of the run within k of (qh, ql). */
  searchOne(run: Run, qh: number, ql: number, k: number, query: number): void {
    if (run.layout.public.kind === 'scan') {
      this.scanOne[0] = qh;
      this.scanOne[1] = ql;
      this.scanAll(run, this.scanOne, this.scanOne.subarray(1), 1, k, query);
      return;
    }
    if (run.layout.public.kind === 'multi-index') {
      this.scanOne[0] = qh;
      this.scanOne[1] = ql;
      this.probeAll(run, this.scanOne, this.scanOne.subarray(1), 1, k, query);
      return;
    }
    const set = run.set, tables = set.tables;
    const c = this.candidates;
    c.length = 0;
    if (tables.length === 4) this.scanFour(set, qh, ql, k, run.subIndexed);
    else this.scanPhased(set, qh, ql, k, run.subIndexed);
    for (let i = 0; i < c.length; i++) {
      const t = c.query[i];
      this.check(run, set, t, tables[t], i, query);
    }
    if (!run.subIndexed) return;
    // Buckets with a sub-index were left out of the scans above: search those through it.
    for (let t = 0; t < tables.length; t++) {
      const table = tables[t];
      const b = bucketOf(table, qh, ql);
      if (!hasChild(table, b)) continue;
      const child = table.children!.get(b)!;
      this.pathSets.push(set);
      this.pathTables.push(t);
      this.searchSet(run, child, qh, ql, k, query);
      this.pathSets.pop();
      this.pathTables.pop();
    }
  }

  /**
   * Every table's bucket offsets first, then every bucket's first row, then the scans: the loads of one phase do
   * not depend on each other, so the processor overlaps their cache misses instead of waiting for each in turn.
   */
  private scanPhased(set: TableSet, qh: number, ql: number, k: number, skipSubIndexed: boolean): void {
    const tables = set.tables, mh = set.maskHi, ml = set.maskLo;
    const count = tables.length;
    if (this.starts.length < count) {
      this.starts = new Uint32Array(count);
      this.ends = new Uint32Array(count);
    }
    const starts = this.starts, ends = this.ends;
    // Buckets first (arithmetic only), then a loop that does nothing but load offsets: its body is small enough
    // for many iterations to be in flight at once, each with its own cache miss.
    for (let t = 0; t < count; t++) starts[t] = bucketOf(tables[t], qh, ql);
    for (let t = 0; t < count; t++) {
      const offsets = tables[t].offsets, b = starts[t];
      starts[t] = offsets[b];
      ends[t] = offsets[b + 1];
    }
    if (skipSubIndexed) {
      for (let t = 0; t < count; t++) if (hasChild(tables[t], bucketOf(tables[t], qh, ql))) ends[t] = starts[t];
    }
    let touch = 0;
    for (let t = 0; t < count; t++) if (starts[t] < ends[t]) touch |= (tables[t].hiFirst ? tables[t].hi : tables[t].lo)[starts[t]];
    this.sink = touch;
    for (let t = 0; t < count; t++) scanTable(tables[t], mh, ml, starts[t], ends[t], qh, ql, k, t, t, this.candidates);
  }

  /** scanPhased unrolled for four tables (k = 3 pigeonhole, the common case): no loop between the loads at all. */
  private scanFour(set: TableSet, qh: number, ql: number, k: number, skipSubIndexed: boolean): void {
    const tables = set.tables, mh = set.maskHi, ml = set.maskLo;
    const t0 = tables[0], t1 = tables[1], t2 = tables[2], t3 = tables[3];
    const b0 = bucketOf(t0, qh, ql), b1 = bucketOf(t1, qh, ql), b2 = bucketOf(t2, qh, ql), b3 = bucketOf(t3, qh, ql);
    const o0 = t0.offsets, o1 = t1.offsets, o2 = t2.offsets, o3 = t3.offsets;
    const s0 = o0[b0], s1 = o1[b1], s2 = o2[b2], s3 = o3[b3];
    let e0 = o0[b0 + 1], e1 = o1[b1 + 1], e2 = o2[b2 + 1], e3 = o3[b3 + 1];
    if (skipSubIndexed) {
      if (hasChild(t0, b0)) e0 = s0;
      if (hasChild(t1, b1)) e1 = s1;
      if (hasChild(t2, b2)) e2 = s2;
      if (hasChild(t3, b3)) e3 = s3;
    }
    const f0 = t0.hiFirst ? t0.hi : t0.lo, f1 = t1.hiFirst ? t1.hi : t1.lo, f2 = t2.hiFirst ? t2.hi : t2.lo, f3 = t3.hiFirst ? t3.hi : t3.lo;
    this.sink = (s0 < e0 ? f0[s0] : 0) | (s1 < e1 ? f1[s1] : 0) | (s2 < e2 ? f2[s2] : 0) | (s3 < e3 ? f3[s3] : 0);
    const c = this.candidates;
    scanTable(t0, mh, ml, s0, e0, qh, ql, k, 0, 0, c);
    scanTable(t1, mh, ml, s1, e1, qh, ql, k, 1, 1, c);
    scanTable(t2, mh, ml, s2, e2, qh, ql, k, 2, 2, c);
    scanTable(t3, mh, ml, s3, e3, qh, ql, k, 3, 3, c);
  }

  /** The general walk, into sub-indexes of oversized buckets. */
  private searchSet(run: Run, set: TableSet, qh: number, ql: number, k: number, query: number): void {
    const tables = set.tables;
    const c = this.candidates;
    for (let t = 0; t < tables.length; t++) {
      const table = tables[t];
      const b = bucketOf(table, qh, ql);
      const child = hasChild(table, b) ? table.children!.get(b) : undefined;
      if (child !== undefined) {
        this.pathSets.push(set);
        this.pathTables.push(t);
        this.searchSet(run, child, qh, ql, k, query);
        this.pathSets.pop();
        this.pathTables.pop();
        continue;
      }
      c.length = 0;
      scanTable(table, set.maskHi, set.maskLo, table.offsets[b], table.offsets[b + 1], qh, ql, k, query, t, c);
      for (let i = 0; i < c.length; i++) this.check(run, set, t, table, i, query);
    }
  }

  /** Appends to `hits` every fingerprint in the insert buffer within k of (qh, ql): a linear scan of a few hundred. */
  searchBuffer(buffer: InsertBuffer, qh: number, ql: number, k: number, query: number): void {
    const hi = buffer.hi, lo = buffer.lo, ids = buffer.ids, hits = this.hits;
    for (let i = 0; i < buffer.length; i++) {
      const dh = popcount32(hi[i] ^ qh);
      if (dh > k) continue;
      const d = dh + popcount32(lo[i] ^ ql);
      if (d <= k) hits.push(query, ids[i], d);
    }
  }

  /**
   * Every query i of (qh, ql) (numbered first + i in the hits) against the run, table by table: one table's
   * buckets and rows stay in cache while all queries probe it, and with many queries they probe it in bucket order.
   */
  searchMany(run: Run, qh: Uint32Array, ql: Uint32Array, n: number, k: number, first: number, order: QueryOrder): void {
    if (run.layout.public.kind === 'scan') {
      this.scanAll(run, qh, ql, n, k, first);
      return;
    }
    if (run.layout.public.kind === 'multi-index') {
      this.probeAll(run, qh, ql, n, k, first);
      return;
    }
    const set = run.set;
    const c = this.candidates;
    for (let t = 0; t < set.tables.length; t++) {
      const table = set.tables[t];
      c.length = 0;
      if (order.arrange(table, qh, ql, n)) scanGrouped(set, t, order.records, n, k, c);
      else scanInOrder(set, t, order.buckets, qh, ql, n, k, c);
      for (let i = 0; i < c.length; i++) this.check(run, set, t, table, i, first + c.query[i]);
      const children = table.children;
      if (children === null) continue;
      this.pathSets.push(set);
      this.pathTables.push(t);
      const buckets = order.buckets; // every query's bucket in this table, in input order (arrange computed them)
      for (let i = 0; i < n; i++) {
        if (hasChild(table, buckets[i])) this.searchSet(run, children.get(buckets[i])!, qh[i], ql[i], k, first + i);
      }
      this.pathSets.pop();
      this.pathTables.pop();
    }
  }

  /** Multi-index hashing: each table probed within its radius (query/multi-index.ts), a table at a time. */
  private probeAll(run: Run, qh: Uint32Array, ql: Uint32Array, n: number, k: number, first: number): void {
    const c = this.candidates, tables = run.set.tables;
    if (this.probeBuckets.length < n) this.probeBuckets = new Uint32Array(n);
    for (let t = 0; t < tables.length; t++) {
      c.length = 0;
      probeTable(run, t, qh, ql, n, k, first, this.probeBuckets, c);
      for (let i = 0; i < c.length; i++) this.check(run, run.set, t, tables[t], i, c.query[i]);
    }
  }

  /**
   * The scan layout: every query against all of the run's fingerprints through the scan kernel (WebAssembly when
   * the entry provided it). A match on a row equal to the one before is skipped: the first of a run of equal
   * fingerprints stands for all of them, and reports every live id among them.
   */
  private scanAll(run: Run, qh: Uint32Array, ql: Uint32Array, n: number, k: number, first: number): void {
    const queries = new BigUint64Array(n);
    const halves = halvesView(queries);
    for (let i = 0; i < n; i++) {
      halves[2 * i + HALF_HI] = qh[i];
      halves[2 * i + HALF_LO] = ql[i];
    }
    const found = (this.scanMatches = scanKernel().scan(run.fingerprints, queries, k, this.scanMatches));
    const { hi, lo } = run.table0;
    for (let i = 0; i < found.count; i++) {
      const start = found.stored[i];
      if (start > 0 && hi[start - 1] === hi[start] && lo[start - 1] === lo[start]) continue;
      const query = first + found.query[i], d = found.distance[i];
      for (let row = start; row < run.n && hi[row] === hi[start] && lo[row] === lo[start]; row++) {
        if (!run.isDead(row)) this.hits.push(query, run.ids[row], d);
      }
    }
  }

  /**
   * Candidate i, found in table t of `set` (its first matching table there): report it, with every live id holding
   * its fingerprint, if at every level above (sub-indexes) it is also in the first table its key matches.
   */
  private check(run: Run, set: TableSet, t: number, table: Table, i: number, query: number): void {
    const c = this.candidates;
    const xh = c.xh[i], xl = c.xl[i];
    // The scan kept only candidates whose first matching table in `set` is t; the levels above remain.
    for (let level = 0; level < this.pathSets.length; level++) {
      const above = this.pathSets[level];
      if (firstMatch(above.maskHi, above.maskLo, xh, xl) !== this.pathTables[level]) return;
    }
    const vh = c.vh[i], vl = c.vl[i], d = c.distance[i];
    const t0 = run.table0;
    let row = table === t0 ? c.row[i] : run.firstRowOf(vh, vl);
    for (; row < run.n && t0.hi[row] === vh && t0.lo[row] === vl; row++) {
      if (!run.isDead(row)) this.hits.push(query, run.ids[row], d);
    }
  }
}

// The batch loops, kept small so the JIT compiles each on its own (with scanRows inlined).

function scanGrouped(set: TableSet, t: number, rec: Uint32Array, n: number, k: number, out: Candidates): void {
  const table = set.tables[t], hiFirst = table.hiFirst;
  const offsets = table.offsets, childBits = table.childBits;
  const first = hiFirst ? table.hi : table.lo, second = hiFirst ? table.lo : table.hi;
  const maskFirst = hiFirst ? set.maskHi : set.maskLo, maskSecond = hiFirst ? set.maskLo : set.maskHi;
  const qFirst = hiFirst ? 2 : 3;
  const end = n * RECORD;
  for (let x = 0; x < end; x += RECORD) {
    const b = rec[x];
    if (childBits !== null && ((childBits[b >>> 5] >>> (b & 31)) & 1) === 1) continue;
    scanRows(first, second, offsets[b], offsets[b + 1], rec[x + qFirst], rec[x + 5 - qFirst], k, rec[x + 1], t, maskFirst, maskSecond, hiFirst, out);
  }
}

function scanInOrder(set: TableSet, t: number, buckets: Uint32Array, qh: Uint32Array, ql: Uint32Array, n: number, k: number, out: Candidates): void {
  const table = set.tables[t], hiFirst = table.hiFirst;
  const offsets = table.offsets, childBits = table.childBits;
  const first = hiFirst ? table.hi : table.lo, second = hiFirst ? table.lo : table.hi;
  const maskFirst = hiFirst ? set.maskHi : set.maskLo, maskSecond = hiFirst ? set.maskLo : set.maskHi;
  const qFirst = hiFirst ? qh : ql, qSecond = hiFirst ? ql : qh;
  for (let i = 0; i < n; i++) {
    const b = buckets[i];
    if (childBits !== null && ((childBits[b >>> 5] >>> (b & 31)) & 1) === 1) continue;
    scanRows(first, second, offsets[b], offsets[b + 1], qFirst[i], qSecond[i], k, i, t, maskFirst, maskSecond, hiFirst, out);
  }
}
