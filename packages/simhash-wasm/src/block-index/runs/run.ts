// A run: an immutable batch of fingerprints in the layout's tables (LSM-style; run-stack.ts decides when runs are
// merged, merge.ts merges them). Table 0 keys on the top bits with the identity permutation, so it is the run's
// fingerprints in plain ascending order, and the ids sit beside it; the other tables hold fingerprints only (8
// bytes each, as Manku et al.) and resolve a hit to ids through table 0. Removal marks a row of table 0 dead (a
// tombstone bitmap).
import { orderByU32 } from '../tables/radix-sort.js';
import { bucketOf } from '../tables/table.js';
import { HALF_HI, HALF_LO, halvesView } from '../../core/halves.js';
import { assembleTableSet, buildTableSet } from '../tables/table-set.js';
import { NO_SUB_INDEXES } from '../tables/sub-index.js';
import type { Layout, Table, TableSet, TableSpec } from '../types.js';

export class Run {
  readonly set: TableSet;
  /** ids[row]: the id of table 0's row. */
  readonly ids: Uint32Array;
  readonly n: number;
  /** Rows ordered by id, for id lookups (remove, duplicate checks); made on first use, as many runs never need it. */
  private byIdOrder: Uint32Array | null = null;
  private dead: Uint32Array | null = null;
  /** Table 0's fingerprints as one array, for the scan kernels; made on first scan. */
  private fingerprintArray: BigUint64Array | null = null;
  deadCount = 0;
  /** True if some table has a sub-index (searches then take the general path). */
  readonly subIndexed: boolean;

  private constructor(readonly layout: Layout, set: TableSet, ids: Uint32Array, n: number) {
    this.set = set;
    this.subIndexed = set.tables.some((t) => t.children !== null);
    this.ids = ids;
    this.n = n;
  }

  private get byId(): Uint32Array {
    return (this.byIdOrder ??= orderByU32(this.ids, this.n));
  }

  /** Builds a run from n fingerprints and their ids; takes the arrays (table 0 sorts them in place). */
  static build(layout: Layout, k: number, hi: Uint32Array, lo: Uint32Array, ids: Uint32Array, n: number, sorted = false): Run {
    return new Run(layout, buildTableSet(layoutSpecs(layout), hi, lo, n, sorted, k, topDepth(layout), ids), ids, n);
  }

  /** A run from tables made already (merge.ts), table 0 in fingerprint order with `ids` beside it. */
  static assemble(layout: Layout, k: number, tables: Table[], ids: Uint32Array, n: number): Run {
    return new Run(layout, assembleTableSet(layoutSpecs(layout), tables, n, k, topDepth(layout)), ids, n);
  }

  get table0(): Table {
    return this.set.tables[0];
  }

  /** Table 0's fingerprints (ascending, duplicates adjacent) as a BigUint64Array, what a scan kernel reads. */
  get fingerprints(): BigUint64Array {
    if (this.fingerprintArray === null) {
      const array = new BigUint64Array(this.n);
      const halves = halvesView(array);
      const { hi, lo } = this.table0;
      for (let row = 0; row < this.n; row++) {
        halves[2 * row + HALF_HI] = hi[row];
        halves[2 * row + HALF_LO] = lo[row];
      }
      this.fingerprintArray = array;
    }
    return this.fingerprintArray;
  }

  get live(): number {
    return this.n - this.deadCount;
  }

  get bytes(): number {
    return this.set.bytes + this.ids.byteLength + (this.byIdOrder ? this.byIdOrder.byteLength : 0) + (this.dead ? this.dead.byteLength : 0) + (this.fingerprintArray ? this.fingerprintArray.byteLength : 0);
  }

  isDead(row: number): boolean {
    return this.dead !== null && (this.dead[row >>> 5] & (1 << (row & 31))) !== 0;
  }

  /** Tombstones a row; returns false if it was dead already. */
  kill(row: number): boolean {
    if (this.isDead(row)) return false;
    this.dead ??= new Uint32Array((this.n + 31) >>> 5);
    this.dead[row >>> 5] |= 1 << (row & 31);
    this.deadCount++;
    return true;
  }

  /** The live row holding `id`, or -1. */
  findLive(id: number): number {
    let low = 0;
    let high = this.n;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.ids[this.byId[mid]] < id) low = mid + 1;
      else high = mid;
    }
    // A run holds each id at most once (merges drop dead rows, and an id is added only when no live row has it).
    if (low < this.n && this.ids[this.byId[low]] === id) {
      const row = this.byId[low];
      return this.isDead(row) ? -1 : row;
    }
    return -1;
  }

  /** True if two rows hold the same id (only a corrupted file can do that). */
  hasDuplicateIds(): boolean {
    for (let i = 1; i < this.n; i++) if (this.ids[this.byId[i]] === this.ids[this.byId[i - 1]]) return true;
    return false;
  }

  /** The first of the ascending `sorted` ids that has a live row here, or -1. */
  firstLiveOf(sorted: Uint32Array): number {
    const m = sorted.length;
    if (m * 20 < this.n) {
      for (let i = 0; i < m; i++) if (this.findLive(sorted[i]) >= 0) return sorted[i];
      return -1;
    }
    let j = 0;
    for (let i = 0; i < m; i++) {
      const id = sorted[i];
      while (j < this.n && this.ids[this.byId[j]] < id) j++;
      if (j < this.n && this.ids[this.byId[j]] === id && !this.isDead(this.byId[j])) return id;
    }
    return -1;
  }

  /** The first row of table 0 holding the fingerprint (hi, lo), or -1. */
  firstRowOf(hi: number, lo: number): number {
    const t0 = this.table0;
    const b = bucketOf(t0, hi, lo);
    let low = t0.offsets[b];
    let high = t0.offsets[b + 1];
    const end = high;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const h = t0.hi[mid];
      if (h < hi || (h === hi && t0.lo[mid] < lo)) low = mid + 1;
      else high = mid;
    }
    return low < end && t0.hi[low] === hi && t0.lo[low] === lo ? low : -1;
  }

  /** The fingerprints of the dead rows, ascending (null if none). */
  deadValues(): { hi: Uint32Array; lo: Uint32Array } | null {
    if (this.deadCount === 0) return null;
    const hi = new Uint32Array(this.deadCount), lo = new Uint32Array(this.deadCount);
    const t0 = this.table0;
    let at = 0;
    for (let row = 0; row < this.n; row++) {
      if (!this.isDead(row)) continue;
      hi[at] = t0.hi[row];
      lo[at++] = t0.lo[row];
    }
    return { hi, lo };
  }

  /** Appends this run's live rows (fingerprint order) to the arrays at `at`; returns the new end. */
  copyLive(hi: Uint32Array, lo: Uint32Array, ids: Uint32Array, at: number): number {
    const t0 = this.table0;
    if (this.deadCount === 0) {
      hi.set(t0.hi.subarray(0, this.n), at);
      lo.set(t0.lo.subarray(0, this.n), at);
      ids.set(this.ids.subarray(0, this.n), at);
      return at + this.n;
    }
    for (let row = 0; row < this.n; row++) {
      if (this.isDead(row)) continue;
      hi[at] = t0.hi[row];
      lo[at] = t0.lo[row];
      ids[at] = this.ids[row];
      at++;
    }
    return at;
  }
}

/** The depth a run's own table set is built at: 0, or one that gets no sub-indexes (see sub-index.ts). */
function topDepth(layout: Layout): number {
  return layout.public.kind === 'multi-index' ? NO_SUB_INDEXES : 0;
}

export function layoutSpecs(layout: Layout): TableSpec[] {
  return Array.from(layout.maskHi, (h, t) => ({ parts: [[h, layout.maskLo[t]] as const] }));
}

