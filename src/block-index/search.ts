// Finding every stored fingerprint within k bits of a query: probe each table's bucket (or the bucket's sub-index),
// verify by popcount, and report a hit only from the first table whose key it matches, so a fingerprint met in
// several tables is reported once without a per-query Set. Candidates (query, row, distance) are collected first
// and checked afterwards: the scan loop stays small, and the checks run only for the rare fingerprint within k.
import { firstMatch } from './layout.js';
import type { Run } from './run.js';
import { scanRows } from './scan.js';
import { bucketOf, type Table } from './table.js';
import type { TableSet } from './table-set.js';
import { HitList } from './hit-list.js';
import type { QueryOrder } from './query-order.js';

export class Searcher {
  readonly hits = new HitList();
  /** Candidates of the table being scanned: queries[i], ids[i] = row, distances[i]. */
  private readonly candidates = new HitList();
  /** The table sets (and table numbers in them) from the run down to the one being scanned. */
  private readonly pathSets: TableSet[] = [];
  private readonly pathTables: number[] = [];

  /** Keeps the early loads of searchOne from being optimised away. */
  sink = 0;
  private starts = new Uint32Array(16);
  private ends = new Uint32Array(16);

  /** Appends to `hits` (as query number `query`) every live fingerprint of the run within k of (qh, ql). */
  searchOne(run: Run, qh: number, ql: number, k: number, query: number): void {
    const set = run.set;
    const tables = set.tables;
    const count = tables.length;
    if (this.starts.length < count) {
      this.starts = new Uint32Array(count);
      this.ends = new Uint32Array(count);
    }
    const starts = this.starts, ends = this.ends;
    // Every table's bucket offsets first, then every bucket's first row, then the scans: the loads of one phase do
    // not depend on each other, so the processor overlaps their cache misses instead of waiting for each in turn.
    let anyChildren = false;
    for (let t = 0; t < count; t++) {
      const table = tables[t];
      const b = bucketOf(table, qh, ql);
      starts[t] = table.offsets[b];
      ends[t] = table.offsets[b + 1];
      if (table.children !== null && table.children.has(b)) {
        anyChildren = true;
        ends[t] = starts[t]; // searched through its sub-index below
      }
    }
    let touch = 0;
    for (let t = 0; t < count; t++) if (starts[t] < ends[t]) touch |= tables[t].hi[starts[t]];
    this.sink = touch;
    const candidates = this.candidates;
    this.pathSets.push(set);
    for (let t = 0; t < count; t++) {
      if (starts[t] === ends[t]) continue;
      const table = tables[t];
      candidates.length = 0;
      scanRows(table.hi, table.lo, starts[t], ends[t], qh, ql, k, query, candidates);
      if (candidates.length > 0) {
        this.pathTables.push(t);
        this.report(run, table, qh, ql);
        this.pathTables.pop();
      }
    }
    this.pathSets.pop();
    if (anyChildren) {
      for (let t = 0; t < count; t++) {
        const table = tables[t];
        const child = table.children === null ? undefined : table.children.get(bucketOf(table, qh, ql));
        if (child === undefined) continue;
        this.pathSets.push(set);
        this.pathTables.push(t);
        this.searchSet(run, child, qh, ql, k, query);
        this.pathSets.pop();
        this.pathTables.pop();
      }
    }
  }

  private searchSet(run: Run, set: TableSet, qh: number, ql: number, k: number, query: number): void {
    const tables = set.tables;
    const candidates = this.candidates;
    for (let t = 0; t < tables.length; t++) {
      const table = tables[t];
      const b = bucketOf(table, qh, ql);
      this.pathSets.push(set);
      this.pathTables.push(t);
      const child = table.children === null ? undefined : table.children.get(b);
      if (child !== undefined) {
        this.searchSet(run, child, qh, ql, k, query);
      } else {
        candidates.length = 0;
        scanRows(table.hi, table.lo, table.offsets[b], table.offsets[b + 1], qh, ql, k, query, candidates);
        if (candidates.length > 0) this.report(run, table, qh, ql);
      }
      this.pathSets.pop();
      this.pathTables.pop();
    }
  }

  /**
   * Every query i of (qh, ql) (numbered first + i in the hits) against the run, table by table: one table's
   * buckets and rows stay in cache while all queries probe it, and with many queries they probe it in bucket order.
   */
  searchMany(run: Run, qh: Uint32Array, ql: Uint32Array, n: number, k: number, first: number, order: QueryOrder): void {
    const tables = run.set.tables;
    const candidates = this.candidates;
    for (let t = 0; t < tables.length; t++) {
      const table = tables[t];
      const { buckets, queries, hi: ph, lo: pl } = order.arrange(table, qh, ql, n);
      const offsets = table.offsets, hi = table.hi, lo = table.lo, children = table.children;
      candidates.length = 0;
      for (let j = 0; j < n; j++) {
        const b = buckets[j];
        if (children !== null && children.has(b)) continue;
        scanRows(hi, lo, offsets[b], offsets[b + 1], ph[j], pl[j], k, queries === null ? j : queries[j], candidates);
      }
      this.pathSets.push(run.set);
      this.pathTables.push(t);
      if (candidates.length > 0) this.reportMany(run, table, qh, ql, first);
      if (children !== null) {
        for (let j = 0; j < n; j++) {
          const i = queries === null ? j : queries[j];
          const child = children.get(buckets[j]);
          if (child !== undefined) this.searchSet(run, child, qh[i], ql[i], k, first + i);
        }
      }
      this.pathSets.pop();
      this.pathTables.pop();
    }
  }

  /** Candidates of one query in `table`: keep those whose first matching table, at every level, is this one. */
  private report(run: Run, table: Table, qh: number, ql: number): void {
    const c = this.candidates;
    for (let i = 0; i < c.length; i++) this.check(run, table, c.ids[i], c.distances[i], qh, ql, c.queries[i]);
  }

  private reportMany(run: Run, table: Table, qh: Uint32Array, ql: Uint32Array, first: number): void {
    const c = this.candidates;
    for (let i = 0; i < c.length; i++) {
      const q = c.queries[i];
      this.check(run, table, c.ids[i], c.distances[i], qh[q], ql[q], first + q);
    }
  }

  private check(run: Run, table: Table, r: number, d: number, qh: number, ql: number, query: number): void {
    const hi = table.hi, lo = table.lo;
    const vh = hi[r], vl = lo[r];
    if (r > 0 && hi[r - 1] === vh && lo[r - 1] === vl) return; // a duplicate (same bucket): reported with the first
    const xh = vh ^ qh, xl = vl ^ ql;
    for (let level = 0; level < this.pathSets.length; level++) {
      const set = this.pathSets[level];
      if (firstMatch(set.maskHi, set.maskLo, xh, xl) !== this.pathTables[level]) return;
    }
    const t0 = run.table0;
    let row = table === t0 ? r : run.firstRowOf(vh, vl);
    for (; row < run.n && t0.hi[row] === vh && t0.lo[row] === vl; row++) {
      if (!run.isDead(row)) this.hits.push(query, run.ids[row], d);
    }
  }
}
