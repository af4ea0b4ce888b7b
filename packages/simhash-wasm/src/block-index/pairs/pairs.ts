// Every pair of stored fingerprints within k, each once, in one batch pass: per table, each run of equal keys is
// compared within itself (oversized buckets through their sub-indexes), and a pair is kept only by the first table
// whose key it matches. Pairs are found between distinct values and expanded to ids through table 0; exact
// duplicates (distance 0) come from table 0's runs of equal fingerprints. Works on one run (the index compacts first).
// The scan layout has no keys to narrow the comparisons: its pairs come from the scan kernel instead; multi-index
// layouts compare buckets within each table's radius (multi-index-pairs.ts). When the cost model says another layout
// is much cheaper for pairs() than the index's own (past k = 12 'auto' scans, which compares every pair), the pairs
// are found on that layout's tables, built for the call (onLayout).
import { popcount32 } from '../../core/bits.js';
import { firstMatch } from '../tables/table-set.js';
import type { PairsResult, Table, TableSet } from '../types.js';
import { sortU64 } from '../tables/radix-sort.js';
import { HitList } from '../query/hit-list.js';
import { scanKernel } from '../scan/kernel-slot.js';
import type { ScanKernel, ScanMatches } from '../../core/scan-kernel.js';
import { tsScanKernel } from '../scan/ts-scan-kernel.js';
import { multiIndexPairs } from './multi-index-pairs.js';
import { bucketShare } from './bucket-share.js';
import { pairsLayout } from '../plan/cost-model.js';
import { Run } from '../runs/run.js';
import type { Layout } from '../types.js';

/**
 * Pairs of table-0 rows: hits.queries[i] and hits.ids[i] are the two rows, hits.distances[i] their distance.
 * `part` of `parts` (worker threads, src/pool): only the pairs of that share of the work, the shares together
 * giving every pair exactly once (duplicates in part 0; each table's buckets, or the kernel's tiles, dealt out).
 */
export function pairRows(run: Run, k: number, part = 0, parts = 1, layout: Layout | null = pairsLayout(k, run.live, run.layout)): HitList {
  if (layout !== null) return onLayout(run, k, layout, part, parts);
  const finder = new PairFinder(run, k, part, parts);
  if (part === 0) finder.duplicates();
  // The TypeScript kernel is no faster than the loop of inSet, which needs no copies: only a WebAssembly one helps.
  const kernel = scanKernel();
  if (run.layout.public.kind === 'scan' && kernel !== tsScanKernel) finder.byKernel(kernel);
  else if (run.layout.public.kind === 'multi-index') multiIndexPairs(run, k, (table, a, b, d) => finder.pair(table, a, b, d), part, parts);
  else finder.inSet(run.set);
  return finder.out;
}

/**
 * pairRows on `layout` instead of the run's own: the live rows of table 0 (ascending already) built into its tables
 * with their row numbers as ids, the pairs found there, and each row put back as the row of `run` it came from.
 * Exact as pairRows is on any layout; the tables last for the call (m tables of 8 bytes a row).
 */
function onLayout(run: Run, k: number, layout: Layout, part: number, parts: number): HitList {
  const t0 = run.table0, n = run.live;
  const hi = new Uint32Array(n), lo = new Uint32Array(n), rowOf = new Uint32Array(n);
  for (let row = 0, i = 0; row < run.n; row++) {
    if (run.isDead(row)) continue;
    hi[i] = t0.hi[row];
    lo[i] = t0.lo[row];
    rowOf[i++] = row;
  }
  const built = Run.build(layout, k, hi, lo, rowOf, n, true);
  const rows = pairRows(built, k, part, parts, null);
  for (let i = 0; i < rows.length; i++) {
    rows.queries[i] = rowOf[rows.queries[i]];
    rows.ids[i] = rowOf[rows.ids[i]];
  }
  return rows;
}

/** pairs()'s answer from pairRows's rows: ids (smaller first) and distances, ordered by a, then b. */
export function idPairs(run: Run, rows: HitList): PairsResult {
  const m = rows.length;
  const a = new Uint32Array(m), b = new Uint32Array(m), d = new Uint32Array(m);
  for (let i = 0; i < m; i++) {
    const x = run.ids[rows.queries[i]], y = run.ids[rows.ids[i]];
    a[i] = Math.min(x, y);
    b[i] = Math.max(x, y);
    d[i] = rows.distances[i];
  }
  sortU64(a, b, d, m);
  return { length: m, a, b, distances: Uint8Array.from(d) };
}

/** The answer with no pairs. */
export function noPairs(): PairsResult {
  return { length: 0, a: new Uint32Array(0), b: new Uint32Array(0), distances: new Uint8Array(0) };
}

/** Rows compared per scan-kernel call in byKernel: each tile of rows against every row after its start. */
const KERNEL_TILE = 1024;
/**
 * Buckets a bucketPairs call walks in inBucketsByKernel (as in multi-index-pairs.ts: the engine runs a function in
 * its baseline code until a call ends after it grew hot), and the rows from which a share of a table goes there:
 * below, placing the table in the kernel's memory costs more than its faster comparisons save.
 */
const KERNEL_BUCKETS = 4096;
const KERNEL_ROWS = 16384;
/** bucketPairs's xors for a bucket against itself. */
const SAME_BUCKET = new Uint32Array([0]);

class PairFinder {
  readonly out = new HitList();
  private readonly pathSets: TableSet[] = [];
  private readonly pathTables: number[] = [];

  constructor(private readonly run: Run, private readonly k: number, private readonly part = 0, private readonly parts = 1) {}

  /** Distance-0 pairs: all pairs of live rows within each run of equal fingerprints in table 0. */
  duplicates(): void {
    const t0 = this.run.table0;
    const n = this.run.n;
    for (let start = 0; start < n; ) {
      let end = start + 1;
      while (end < n && t0.hi[end] === t0.hi[start] && t0.lo[end] === t0.lo[start]) end++;
      for (let a = start; a < end; a++) {
        if (this.run.isDead(a)) continue;
        for (let b = a + 1; b < end; b++) if (!this.run.isDead(b)) this.out.push(a, b, 0);
      }
      start = end;
    }
  }

  /**
   * The scan layout: every row against every later one in the scan kernel (WebAssembly when the entry set it), a
   * tile of rows at a time against the rows from the tile's start on. As in inKeyRun, only the first row of a run of
   * equal fingerprints takes part, and distance 0 is left to duplicates().
   */
  byKernel(kernel: ScanKernel): void {
    const all = this.run.fingerprints, t0 = this.run.table0, n = this.run.n;
    let matches: ScanMatches | undefined;
    const repeat = (r: number) => r > 0 && t0.hi[r - 1] === t0.hi[r] && t0.lo[r - 1] === t0.lo[r];
    // Tiles dealt out in turn: the early tiles (compared with more rows) spread over the parts.
    for (let start = this.part * KERNEL_TILE; start < n; start += this.parts * KERNEL_TILE) {
      const end = Math.min(n, start + KERNEL_TILE);
      matches = kernel.scan(all.subarray(start), all.subarray(start, end), this.k, matches);
      for (let i = 0; i < matches.count; i++) {
        const a = start + matches.query[i], b = start + matches.stored[i], d = matches.distance[i];
        if (b <= a || d === 0 || repeat(a) || repeat(b)) continue;
        this.pair(t0, a, b, d);
      }
    }
  }

  inSet(set: TableSet): void {
    const top = this.pathSets.length === 0;
    const kernel = scanKernel();
    for (let t = 0; t < set.tables.length; t++) {
      const table = set.tables[t];
      this.pathSets.push(set);
      this.pathTables.push(t);
      const [first, end] = top ? bucketShare(table.offsets, t, set.tables.length, this.run.n, this.part, this.parts) : [0, table.offsets.length - 1];
      if (kernel.bucketPairs !== undefined && table.offsets[end] - table.offsets[first] >= KERNEL_ROWS) this.inBucketsByKernel(kernel, table, first, end);
      else {
        for (let b = first; b < end; b++) {
          const child = table.children === null ? undefined : table.children.get(b);
          if (child !== undefined) this.inSet(child);
          else this.inBucket(table, table.offsets[b], table.offsets[b + 1]);
        }
      }
      this.pathSets.pop();
      this.pathTables.pop();
    }
  }

  /**
   * inBucket over buckets first .. end - 1 in the kernel's bucketPairs (each bucket against itself: the xor 0), a
   * stretch of buckets a call as in multi-index-pairs.ts; a bucket with a sub-index is searched through it instead.
   * The kernel compares every two rows of a bucket, not only those of one key run: rows of two keys differ in the
   * table's key, so pair()'s owner rule leaves them to another table (a bucket holds one key run unless the table
   * has more key bits than bucket bits).
   */
  private inBucketsByKernel(kernel: ScanKernel, table: Table, first: number, end: number): void {
    let matches: ScanMatches | undefined;
    const emit = (from: number, to: number) => {
      if (from === to) return;
      matches = kernel.bucketPairs!(table.hi, table.lo, table.offsets, from, to, SAME_BUCKET, this.k, matches);
      for (let i = 0; i < matches.count; i++) this.pair(table, matches.query[i], matches.stored[i], matches.distance[i]);
    };
    let from = first;
    for (let b = first; b < end; b++) {
      const child = table.children === null ? undefined : table.children.get(b);
      if (child === undefined && b - from < KERNEL_BUCKETS) continue;
      emit(from, b);
      from = b;
      if (child === undefined) continue;
      this.inSet(child);
      from = b + 1;
    }
    emit(from, end);
  }

  /** Compares the distinct values within each run of equal keys of rows start..end-1. */
  private inBucket(table: Table, start: number, end: number): void {
    if (end - start < 2) return;
    const hi = table.hi, lo = table.lo, k = this.k;
    const keyHi = table.keyHi, keyLo = table.keyLo;
    for (let runStart = start; runStart < end; ) {
      const kh = hi[runStart] & keyHi, kl = lo[runStart] & keyLo;
      let runEnd = runStart + 1;
      while (runEnd < end && (hi[runEnd] & keyHi) === kh && (lo[runEnd] & keyLo) === kl) runEnd++;
      if (runEnd - runStart > 1) this.inKeyRun(table, runStart, runEnd, k);
      runStart = runEnd;
    }
  }

  /** All pairs of distinct values among rows start..end-1 (equal keys); the reject test as in query/scan.ts. */
  private inKeyRun(table: Table, start: number, end: number, k: number): void {
    const first = table.hiFirst ? table.hi : table.lo, second = table.hiFirst ? table.lo : table.hi;
    for (let a = start; a < end; a++) {
      const af = first[a], as = second[a];
      if (a > start && first[a - 1] === af && second[a - 1] === as) continue;
      for (let b = a + 1; b < end; b++) {
        let x = first[b] ^ af;
        if (k <= 3) {
          x &= (x - 1) | 0;
          x &= (x - 1) | 0;
          x &= (x - 1) | 0;
          if (x !== 0) continue;
        } else if (popcount32(x) > k) continue;
        const d = popcount32(first[b] ^ af) + popcount32(second[b] ^ as);
        if (d > k || d === 0) continue; // d = 0: a duplicate, counted by duplicates()
        if (b - 1 > a && first[b - 1] === first[b] && second[b - 1] === second[b]) continue;
        this.pair(table, a, b, d);
      }
    }
  }

  /** Reports rows a and b of `table` (distinct values at distance d) as every pair of live rows holding them. */
  pair(table: Table, a: number, b: number, d: number): void {
    const xh = table.hi[a] ^ table.hi[b];
    const xl = table.lo[a] ^ table.lo[b];
    for (let level = 0; level < this.pathSets.length; level++) {
      const set = this.pathSets[level];
      if (firstMatch(set.maskHi, set.maskLo, xh, xl) !== this.pathTables[level]) return;
    }
    const rowA = this.firstRow(table, a);
    const rowB = this.firstRow(table, b);
    const run = this.run, t0 = run.table0;
    for (let ra = rowA; ra < run.n && t0.hi[ra] === t0.hi[rowA] && t0.lo[ra] === t0.lo[rowA]; ra++) {
      if (run.isDead(ra)) continue;
      for (let rb = rowB; rb < run.n && t0.hi[rb] === t0.hi[rowB] && t0.lo[rb] === t0.lo[rowB]; rb++) {
        if (!run.isDead(rb)) this.out.push(ra, rb, d);
      }
    }
  }

  private firstRow(table: Table, r: number): number {
    return table === this.run.table0 ? r : this.run.firstRowOf(table.hi[r], table.lo[r]);
  }
}
