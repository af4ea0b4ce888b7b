// Turning a search's hits into answers: sorted by distance, then id.
import type { HitList } from './hit-list.js';
import type { IndexMatch, QueryManyResult } from '../types.js';

export function collectOne(hits: HitList): IndexMatch[] {
  if (hits.length === 0) return [];
  const out: IndexMatch[] = new Array(hits.length);
  for (let i = 0; i < hits.length; i++) out[i] = { id: hits.ids[i], distance: hits.distances[i] };
  if (out.length > 1) out.sort((x, y) => x.distance - y.distance || x.id - y.id);
  return out;
}

/** Groups the hits by query (a counting sort), then sorts each group in place. */
export function collectMany(hits: HitList, queries: number): QueryManyResult {
  const m = hits.length;
  const offsets = new Uint32Array(queries + 1);
  for (let i = 0; i < m; i++) offsets[hits.queries[i] + 1]++;
  for (let q = 0; q < queries; q++) offsets[q + 1] += offsets[q];
  const ids = new Uint32Array(m);
  const distances = new Uint8Array(m);
  const next = offsets.slice(0, queries);
  for (let i = 0; i < m; i++) {
    const at = next[hits.queries[i]]++;
    ids[at] = hits.ids[i];
    distances[at] = hits.distances[i];
  }
  for (let q = 0; q < queries; q++) {
    const start = offsets[q], end = offsets[q + 1];
    if (end - start > 1) sortGroup(ids, distances, start, end);
  }
  return { offsets, ids, distances };
}

/** Insertion sort by (distance, id): groups are small, and large ones are rare enough for O(m²) not to matter... */
function sortGroup(ids: Uint32Array, distances: Uint8Array, start: number, end: number): void {
  if (end - start > 64) {
    // ... except that clustered data can give one query thousands of matches.
    const order = Array.from({ length: end - start }, (_, i) => start + i);
    order.sort((x, y) => distances[x] - distances[y] || ids[x] - ids[y]);
    const i2 = order.map((i) => ids[i]);
    const d2 = order.map((i) => distances[i]);
    ids.set(i2, start);
    distances.set(d2, start);
    return;
  }
  for (let i = start + 1; i < end; i++) {
    const id = ids[i], d = distances[i];
    let j = i - 1;
    while (j >= start && (distances[j] > d || (distances[j] === d && ids[j] > id))) {
      ids[j + 1] = ids[j];
      distances[j + 1] = distances[j];
      j--;
    }
    ids[j + 1] = id;
    distances[j + 1] = d;
  }
}
