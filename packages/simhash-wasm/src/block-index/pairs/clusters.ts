// Connected components of the within-k graph: union-find (path halving, union by size) over table-0 rows.
import type { HitList } from '../query/hit-list.js';

/** Groups of at least minSize ids joined by pairs, each ascending, ordered by their smallest id. */
export function components(rows: number, ids: Uint32Array, pairs: HitList, minSize: number): number[][] {
  const parent = new Int32Array(rows);
  const size = new Uint32Array(rows).fill(1);
  for (let r = 0; r < rows; r++) parent[r] = r;
  const find = (r: number): number => {
    while (parent[r] !== r) {
      parent[r] = parent[parent[r]];
      r = parent[r];
    }
    return r;
  };
  for (let i = 0; i < pairs.length; i++) {
    let a = find(pairs.queries[i]);
    let b = find(pairs.ids[i]);
    if (a === b) continue;
    if (size[a] < size[b]) [a, b] = [b, a];
    parent[b] = a;
    size[a] += size[b];
  }
  const groups = new Map<number, number[]>();
  for (let r = 0; r < rows; r++) {
    const root = find(r);
    if (size[root] < minSize) continue;
    let group = groups.get(root);
    if (!group) groups.set(root, (group = []));
    group.push(ids[r]);
  }
  const out = [...groups.values()];
  for (const group of out) group.sort((x, y) => x - y);
  out.sort((x, y) => x[0] - y[0]);
  return out;
}
