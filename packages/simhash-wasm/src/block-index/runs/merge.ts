// Merging runs (run-stack.ts): every table of every run is already sorted in its table's order, so the merged
// run's tables come from linear merges, not sorts. Table 0 merges fingerprints with their ids; table t > 0 merges
// the runs' permuted fingerprints (recomputed from the stored ones: a few shifts per entry), without the dead
// rows' values, which only table 0 knows by row: they are dropped by value, as a sorted list walked alongside.
import { applyTermsAll, compilePermutation } from '../tables/permutation.js';
import { sortU64 } from '../tables/radix-sort.js';
import { layoutSpecs, Run } from './run.js';
import { buildTable, tableFromPermuted } from '../tables/table.js';
import type { Layout, Table } from '../types.js';

interface Sorted {
  hi: Uint32Array;
  lo: Uint32Array;
  payload: Uint32Array | null;
  n: number;
}

/** Merges the live rows of several runs into one run of `layout`. */
export function mergeRuns(layout: Layout, k: number, runs: readonly Run[]): Run {
  const specs = layoutSpecs(layout);
  const total = runs.reduce((n, r) => n + r.live, 0);
  const first = mergeAll(runs.map((run) => {
    const hi = new Uint32Array(run.live), lo = new Uint32Array(run.live), ids = new Uint32Array(run.live);
    run.copyLive(hi, lo, ids, 0);
    return { hi, lo, payload: ids, n: run.live };
  }));
  const tables: Table[] = [buildTable(specs[0].parts, first.hi, first.lo, total, true)];
  // Runs of another layout (the index is changing layouts) have nothing to merge from: those tables are built.
  const sameLayout = runs.every((run) => run.layout === layout);
  for (let t = 1; t < specs.length; t++) {
    if (!sameLayout) {
      tables.push(buildTable(specs[t].parts, first.hi, first.lo, total, true));
      continue;
    }
    const compiled = compilePermutation(specs[t].parts);
    const permuted = (hi: Uint32Array, lo: Uint32Array, n: number): Sorted => {
      const ph = new Uint32Array(n), pl = new Uint32Array(n);
      applyTermsAll(compiled.hiTerms, hi, lo, ph, n);
      applyTermsAll(compiled.loTerms, hi, lo, pl, n);
      return { hi: ph, lo: pl, payload: null, n };
    };
    const merged = mergeAll(runs.map((run) => {
      const table = run.set.tables[t];
      const all = permuted(table.hi, table.lo, run.n);
      const dead = run.deadValues();
      if (dead === null) return all;
      const gone = permuted(dead.hi, dead.lo, dead.hi.length);
      sortU64(gone.hi, gone.lo, null, gone.n);
      return without(all, gone);
    }));
    tables.push(tableFromPermuted(specs[t].parts, merged.hi, merged.lo, total));
  }
  return Run.assemble(layout, k, tables, first.payload!, total);
}

/** Pairwise merges until one sequence is left. */
function mergeAll(parts: Sorted[]): Sorted {
  while (parts.length > 1) {
    const next: Sorted[] = [];
    for (let p = 0; p + 1 < parts.length; p += 2) next.push(mergeTwo(parts[p], parts[p + 1]));
    if (parts.length % 2 === 1) next.push(parts[parts.length - 1]);
    parts = next;
  }
  return parts[0];
}

function mergeTwo(a: Sorted, b: Sorted): Sorted {
  const n = a.n + b.n;
  const hi = new Uint32Array(n), lo = new Uint32Array(n);
  const payload = a.payload && b.payload ? new Uint32Array(n) : null;
  const ah = a.hi, al = a.lo, bh = b.hi, bl = b.lo;
  let i = 0, j = 0, o = 0;
  while (i < a.n && j < b.n) {
    if (ah[i] < bh[j] || (ah[i] === bh[j] && al[i] <= bl[j])) {
      hi[o] = ah[i];
      lo[o] = al[i];
      if (payload) payload[o] = a.payload![i];
      i++;
    } else {
      hi[o] = bh[j];
      lo[o] = bl[j];
      if (payload) payload[o] = b.payload![j];
      j++;
    }
    o++;
  }
  hi.set(ah.subarray(i, a.n), o);
  lo.set(al.subarray(i, a.n), o);
  if (payload) payload.set(a.payload!.subarray(i, a.n), o);
  o += a.n - i;
  hi.set(bh.subarray(j, b.n), o);
  lo.set(bl.subarray(j, b.n), o);
  if (payload) payload.set(b.payload!.subarray(j, b.n), o);
  return { hi, lo, payload, n };
}

/** `all` without one occurrence per entry of `gone` (both ascending; gone's entries all occur in all). */
function without(all: Sorted, gone: Sorted): Sorted {
  const n = all.n - gone.n;
  const hi = new Uint32Array(n), lo = new Uint32Array(n);
  let g = 0, o = 0;
  for (let i = 0; i < all.n; i++) {
    if (g < gone.n && all.hi[i] === gone.hi[g] && all.lo[i] === gone.lo[g]) {
      g++;
      continue;
    }
    hi[o] = all.hi[i];
    lo[o++] = all.lo[i];
  }
  if (g !== gone.n || o !== n) throw new Error('internal error: a dead row missing from its tables');
  return { hi, lo, payload: null, n };
}
