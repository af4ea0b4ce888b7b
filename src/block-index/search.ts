// Finding every stored fingerprint within k bits of a query: probe each table's bucket (or the bucket's sub-index),
// verify by popcount, and report a hit only from the first table whose key it matches, so a fingerprint met in
// several tables is reported once without a per-query Set. Candidates (query or table, row, distance) are collected
// first and checked afterwards: the scan loop stays small, and the checks run only for the rare fingerprint within k.
import { firstMatch } from './layout.js';
import type { Run } from './run.js';
import { scanRows } from './scan.js';
import { bucketOf, type Table } from './table.js';
import type { TableSet } from './table-set.js';
import { HitList } from './hit-list.js';
import { RECORD, type QueryOrder } from './query-order.js';

export class Searcher {
  readonly hits = new HitList();
  /** Candidates of the scans: queries[i] (the table number in a single query), ids[i] = row, distances[i]. */
  private readonly candidates = new HitList();
  /** The table sets (and table numbers in them) above the one being scanned, when inside a sub-index. */
  private readonly pathSets: TableSet[] = [];
  private readonly pathTables: number[] = [];
  private starts = new Uint32Array(64);
  private ends = new Uint32Array(64);
  /** Keeps the early loads of searchOne from being optimised away. */
  sink = 0;

  /** Appends to `hits` (as query number `query`) every live fingerprint of the run within k of (qh, ql). */
  searchOne(run: Run, qh: number, ql: number, k: number, query: number): void {
    const tables = run.set.tables;
    if (run.subIndexed) return this.searchSet(run, run.set, qh, ql, k, query);
    const c = this.candidates;
    c.length = 0;
    if (tables.length === 4) this.scanFour(tables, qh, ql, k);
    else this.scanPhased(tables, qh, ql, k);
    for (let i = 0; i < c.length; i++) {
      const t = c.queries[i];
      this.check(run, run.set, t, tables[t], c.ids[i], c.distances[i], qh, ql, query);
    }
  }

  /**
   * Every table's bucket offsets first, then every bucket's first row, then the scans: the loads of one phase do
   * not depend on each other, so the processor overlaps their cache misses instead of waiting for each in turn.
   */
  private scanPhased(tables: readonly Table[], qh: number, ql: number, k: number): void {
    const count = tables.length;
    if (this.starts.length < count) {
      this.starts = new Uint32Array(count);
      this.ends = new Uint32Array(count);
    }
    const starts = this.starts, ends = this.ends;
    for (let t = 0; t < count; t++) {
      const table = tables[t];
      const b = bucketOf(table, qh, ql);
      starts[t] = table.offsets[b];
      ends[t] = table.offsets[b + 1];
    }
    let touch = 0;
    for (let t = 0; t < count; t++) if (starts[t] < ends[t]) touch |= tables[t].hi[starts[t]];
    this.sink = touch;
    for (let t = 0; t < count; t++) scanRows(tables[t].hi, tables[t].lo, starts[t], ends[t], qh, ql, k, t, this.candidates);
  }

  /** scanPhased unrolled for four tables (k = 3 pigeonhole, the common case): no loop between the loads at all. */
  private scanFour(tables: readonly Table[], qh: number, ql: number, k: number): void {
    const t0 = tables[0], t1 = tables[1], t2 = tables[2], t3 = tables[3];
    const b0 = bucketOf(t0, qh, ql), b1 = bucketOf(t1, qh, ql), b2 = bucketOf(t2, qh, ql), b3 = bucketOf(t3, qh, ql);
    const o0 = t0.offsets, o1 = t1.offsets, o2 = t2.offsets, o3 = t3.offsets;
    const s0 = o0[b0], s1 = o1[b1], s2 = o2[b2], s3 = o3[b3];
    const e0 = o0[b0 + 1], e1 = o1[b1 + 1], e2 = o2[b2 + 1], e3 = o3[b3 + 1];
    this.sink = (s0 < e0 ? t0.hi[s0] : 0) | (s1 < e1 ? t1.hi[s1] : 0) | (s2 < e2 ? t2.hi[s2] : 0) | (s3 < e3 ? t3.hi[s3] : 0);
    const c = this.candidates;
    scanRows(t0.hi, t0.lo, s0, e0, qh, ql, k, 0, c);
    scanRows(t1.hi, t1.lo, s1, e1, qh, ql, k, 1, c);
    scanRows(t2.hi, t2.lo, s2, e2, qh, ql, k, 2, c);
    scanRows(t3.hi, t3.lo, s3, e3, qh, ql, k, 3, c);
  }

  /** The general walk, into sub-indexes of oversized buckets. */
  private searchSet(run: Run, set: TableSet, qh: number, ql: number, k: number, query: number): void {
    const tables = set.tables;
    const c = this.candidates;
    for (let t = 0; t < tables.length; t++) {
      const table = tables[t];
      const b = bucketOf(table, qh, ql);
      const child = table.children === null ? undefined : table.children.get(b);
      if (child !== undefined) {
        this.pathSets.push(set);
        this.pathTables.push(t);
        this.searchSet(run, child, qh, ql, k, query);
        this.pathSets.pop();
        this.pathTables.pop();
        continue;
      }
      c.length = 0;
      scanRows(table.hi, table.lo, table.offsets[b], table.offsets[b + 1], qh, ql, k, query, c);
      for (let i = 0; i < c.length; i++) this.check(run, set, t, table, c.ids[i], c.distances[i], qh, ql, query);
    }
  }

  /**
   * Every query i of (qh, ql) (numbered first + i in the hits) against the run, table by table: one table's
   * buckets and rows stay in cache while all queries probe it, and with many queries they probe it in bucket order.
   */
  searchMany(run: Run, qh: Uint32Array, ql: Uint32Array, n: number, k: number, first: number, order: QueryOrder): void {
    const set = run.set;
    const c = this.candidates;
    for (let t = 0; t < set.tables.length; t++) {
      const table = set.tables[t];
      c.length = 0;
      if (order.arrange(table, qh, ql, n)) scanGrouped(table, order.records, n, k, c);
      else scanInOrder(table, order.buckets, qh, ql, n, k, c);
      for (let i = 0; i < c.length; i++) {
        const q = c.queries[i];
        this.check(run, set, t, table, c.ids[i], c.distances[i], qh[q], ql[q], first + q);
      }
      const children = table.children;
      if (children === null) continue;
      this.pathSets.push(set);
      this.pathTables.push(t);
      for (let i = 0; i < n; i++) {
        const child = children.get(bucketOf(table, qh[i], ql[i]));
        if (child !== undefined) this.searchSet(run, child, qh[i], ql[i], k, first + i);
      }
      this.pathSets.pop();
      this.pathTables.pop();
    }
  }

  /**
   * Row r of table t of `set` is within k: report it, with every live id holding its fingerprint, if t is the first
   * table of `set` whose key it matches, and likewise at every level above (sub-indexes).
   */
  private check(run: Run, set: TableSet, t: number, table: Table, r: number, d: number, qh: number, ql: number, query: number): void {
    const hi = table.hi, lo = table.lo;
    const vh = hi[r], vl = lo[r];
    if (r > 0 && hi[r - 1] === vh && lo[r - 1] === vl) return; // a duplicate (same bucket): reported with the first
    const xh = vh ^ qh, xl = vl ^ ql;
    if (firstMatch(set.maskHi, set.maskLo, xh, xl) !== t) return;
    for (let level = 0; level < this.pathSets.length; level++) {
      const above = this.pathSets[level];
      if (firstMatch(above.maskHi, above.maskLo, xh, xl) !== this.pathTables[level]) return;
    }
    const t0 = run.table0;
    let row = table === t0 ? r : run.firstRowOf(vh, vl);
    for (; row < run.n && t0.hi[row] === vh && t0.lo[row] === vl; row++) {
      if (!run.isDead(row)) this.hits.push(query, run.ids[row], d);
    }
  }
}

// The batch loops, kept small so the JIT compiles each on its own (with scanRows inlined).

function scanGrouped(table: Table, rec: Uint32Array, n: number, k: number, out: HitList): void {
  const offsets = table.offsets, hi = table.hi, lo = table.lo, children = table.children;
  const end = n * RECORD;
  for (let x = 0; x < end; x += RECORD) {
    const b = rec[x];
    if (children !== null && children.has(b)) continue;
    scanRows(hi, lo, offsets[b], offsets[b + 1], rec[x + 2], rec[x + 3], k, rec[x + 1], out);
  }
}

function scanInOrder(table: Table, buckets: Uint32Array, qh: Uint32Array, ql: Uint32Array, n: number, k: number, out: HitList): void {
  const offsets = table.offsets, hi = table.hi, lo = table.lo, children = table.children;
  for (let i = 0; i < n; i++) {
    const b = buckets[i];
    if (children !== null && children.has(b)) continue;
    scanRows(hi, lo, offsets[b], offsets[b + 1], qh[i], ql[i], k, i, out);
  }
}
