// Putting the shares of a threaded search back together: queryMany's by concatenation (each share is a stretch of
// consecutive queries), pairs()'s by merging (each share is sorted by a, then b, and no pair is in two shares).
import type { PairsResult, QueryManyResult } from '../types.js';
import { noPairs } from '../pairs/pairs.js';

/** queryMany's answers for consecutive shares of the queries, as one answer. */
export function mergeQueryResults(parts: readonly QueryManyResult[]): QueryManyResult {
  let queries = 0, matches = 0;
  for (const p of parts) {
    queries += p.offsets.length - 1;
    matches += p.ids.length;
  }
  const offsets = new Uint32Array(queries + 1), ids = new Uint32Array(matches), distances = new Uint8Array(matches);
  let q = 0, at = 0;
  for (const p of parts) {
    const count = p.offsets.length - 1;
    for (let i = 1; i <= count; i++) offsets[q + i] = at + p.offsets[i];
    ids.set(p.ids, at);
    distances.set(p.distances, at);
    q += count;
    at += p.ids.length;
  }
  return { offsets, ids, distances };
}

/** Sorted shares of pairs() (no pair in two of them) as one list ordered by a, then b: pairwise merges. */
export function mergePairs(parts: readonly PairsResult[]): PairsResult {
  let list = parts.filter((p) => p.length > 0);
  if (list.length === 0) return noPairs();
  while (list.length > 1) {
    const next: PairsResult[] = [];
    for (let i = 0; i + 1 < list.length; i += 2) next.push(mergeTwo(list[i], list[i + 1]));
    if (list.length % 2 === 1) next.push(list[list.length - 1]);
    list = next;
  }
  return list[0];
}

function mergeTwo(x: PairsResult, y: PairsResult): PairsResult {
  const n = x.length + y.length;
  const a = new Uint32Array(n), b = new Uint32Array(n), distances = new Uint8Array(n);
  let i = 0, j = 0, o = 0;
  while (i < x.length && j < y.length) {
    if (x.a[i] < y.a[j] || (x.a[i] === y.a[j] && x.b[i] < y.b[j])) {
      a[o] = x.a[i];
      b[o] = x.b[i];
      distances[o++] = x.distances[i++];
    } else {
      a[o] = y.a[j];
      b[o] = y.b[j];
      distances[o++] = y.distances[j++];
    }
  }
  a.set(x.a.subarray(i, x.length), o);
  b.set(x.b.subarray(i, x.length), o);
  distances.set(x.distances.subarray(i, x.length), o);
  o += x.length - i;
  a.set(y.a.subarray(j, y.length), o);
  b.set(y.b.subarray(j, y.length), o);
  distances.set(y.distances.subarray(j, y.length), o);
  return { length: n, a, b, distances };
}
