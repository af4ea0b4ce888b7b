// Oversized buckets. Clustered fingerprints (near-duplicates of one page, boilerplate-heavy sites) share block
// values, so one bucket of a table can hold a large share of the index. Such a bucket gets its own tables: its
// entries all match the table's key M, and a fingerprint within k of the query that also matches M differs in at
// most k of the remaining bits, so splitting those into k + 1 groups G_s and keying sub-table s on M ∪ G_s finds
// it (pigeonhole again, on longer keys). Sub-tables hold distinct values only: duplicates resolve through table 0.
import { sortU64 } from './radix-sort.js';
import type { Table, TableSet, TableSpec } from '../types.js';

/** table-set.ts's buildTableSet, passed in (sub-indexes are table sets, and table sets build sub-indexes). */
export type BuildTableSet = (specs: readonly TableSpec[], hi: Uint32Array, lo: Uint32Array, n: number, sorted: boolean, k: number, depth: number) => TableSet;

/** A bucket gets a sub-index when it holds more than this many entries ... */
export const SUB_INDEX_MIN = 1024;
/** ... and more than this many times the mean bucket (uniform data never gets there). */
const SUB_INDEX_FACTOR = 16;
/** Sub-indexes of sub-indexes would multiply memory by (k + 1) per level; one level bounds it. */
const MAX_DEPTH = 1;
/**
 * The depth to build a table set at for it to get no sub-indexes: multi-index layouts, whose probes reach many
 * buckets at once (a sub-index answers for one bucket's key).
 */
export const NO_SUB_INDEXES = MAX_DEPTH;

let subIndexMin = SUB_INDEX_MIN;
/** For tests and benchmarks: the bucket size above which sub-indexes are built (Infinity turns them off). */
export function setSubIndexMin(entries: number): void {
  subIndexMin = entries;
}

export function buildSubIndexes(table: Table, n: number, k: number, depth: number, buildTableSet: BuildTableSet): Map<number, TableSet> | null {
  if (depth >= MAX_DEPTH || table.keyBits === 0) return null;
  const buckets = table.offsets.length - 1;
  const threshold = Math.max(subIndexMin, (SUB_INDEX_FACTOR * n) / buckets);
  let children: Map<number, TableSet> | null = null;
  for (let b = 0; b < buckets; b++) {
    const start = table.offsets[b];
    const size = table.offsets[b + 1] - start;
    if (size <= threshold) continue;
    children ??= new Map();
    children.set(b, buildSubIndex(table, start, size, table.keyHi, table.keyLo, k, depth + 1, buildTableSet));
  }
  return children;
}

function buildSubIndex(table: Table, start: number, size: number, keyHi: number, keyLo: number, k: number, depth: number, buildTableSet: BuildTableSet): TableSet {
  const hi = table.hi.slice(start, start + size);
  const lo = table.lo.slice(start, start + size);
  sortU64(hi, lo, null, size);
  let distinct = 0;
  for (let i = 0; i < size; i++) {
    if (distinct > 0 && hi[i] === hi[distinct - 1] && lo[i] === lo[distinct - 1]) continue;
    hi[distinct] = hi[i];
    lo[distinct] = lo[i];
    distinct++;
  }
  return buildTableSet(subIndexSpecs(keyHi, keyLo, k), hi.slice(0, distinct), lo.slice(0, distinct), distinct, true, k, depth);
}

/** Keys M ∪ G_s for the k + 1 groups G_s of the bits outside M (just M when at most k bits are left). */
export function subIndexSpecs(keyHi: number, keyLo: number, k: number): TableSpec[] {
  const free: number[] = [];
  for (let bit = 63; bit >= 0; bit--) {
    const inKey = bit >= 32 ? (keyHi >>> (bit - 32)) & 1 : (keyLo >>> bit) & 1;
    if (!inKey) free.push(bit);
  }
  if (free.length <= k) return [{ parts: [[keyHi, keyLo]] }];
  const groups = k + 1;
  const specs: TableSpec[] = [];
  let at = 0;
  for (let g = 0; g < groups; g++) {
    const take = Math.floor(free.length / groups) + (g < free.length % groups ? 1 : 0);
    let gh = 0;
    let gl = 0;
    for (const bit of free.slice(at, at + take)) {
      if (bit >= 32) gh |= 1 << (bit - 32);
      else gl |= 1 << bit;
    }
    at += take;
    // The group's bits go on top: they are what tells the bucket's entries apart (M is nearly constant there).
    specs.push({ parts: [[gh >>> 0, gl >>> 0], [keyHi, keyLo]] });
  }
  return specs;
}
