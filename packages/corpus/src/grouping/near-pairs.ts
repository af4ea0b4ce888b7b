// The pairs of documents the near tier joins by: those within the candidate distance, or of them the verified ones.
// Apart from group.ts, which re-exports it, so that leader-pairs.ts (which group.ts imports) can name it too; with
// the two ways the grouping and the choice of k (evaluation/candidate-search.ts) make them.
import type { PairsResult } from 'simhash-wasm';

/** Pairs (earlier[i], later[i]) of document numbers, earlier[i] < later[i], at distance[i]. */
export interface NearPairs {
  readonly earlier: Uint32Array;
  readonly later: Uint32Array;
  readonly distance: Uint8Array;
}

/** The pairs of a pairs() answer: it orders each pair by id (the document number), so a[i] < b[i], earlier first. */
export function nearPairsOf(found: PairsResult): NearPairs {
  return { earlier: found.a.slice(), later: found.b.slice(), distance: found.distances.slice() };
}

/** The pairs `keep` takes (by their position), in their order: `pairs` itself when it takes them all. */
export function keepPairs(pairs: NearPairs, keep: (p: number) => boolean): NearPairs {
  let count = 0;
  for (let p = 0; p < pairs.earlier.length; p++) if (keep(p)) count++;
  if (count === pairs.earlier.length) return pairs;
  const earlier = new Uint32Array(count), later = new Uint32Array(count), distance = new Uint8Array(count);
  for (let p = 0, at = 0; p < pairs.earlier.length; p++) {
    if (!keep(p)) continue;
    [earlier[at], later[at], distance[at]] = [pairs.earlier[p], pairs.later[p], pairs.distance[p]];
    at++;
  }
  return { earlier, later, distance };
}
