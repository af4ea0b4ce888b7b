// Leader grouping over a list of pairs (the pairs within k, or the verified ones): the documents are taken one by one
// in an order; each joins the leader among its partners taken before it that it is most similar to (ties: the
// nearest, then the earliest), or, with no leader among them, leads. So every member is paired with its group's
// leader, and no two leaders are paired with each other.
//
// The order: input order for pairs within k (so the same groups as group.ts's leaderGroups, which queries an index of
// the leaders instead), and with verification the documents verified against the most others first (ties: the
// earliest). Verification makes a copy's partners its original and the copies close to it, not every copy of the
// original: two copies that each verify against their original but not against each other are one group only if the
// original leads, and in input order the first copy led and the other stayed out (docs/cli.md, --grouping). The
// partners counted first are those at the threshold by the mode's similarity itself; the partners a document has by
// containment alone (pair-rule.ts: an end cut, a paragraph appended) only break ties. A copy with another text's
// paragraph appended is contained-similar to both texts' families, so counting those partners alike made it lead and
// pulled the two families into one group. The degrees are the verified pairs', so the order depends on no thread
// count or shard split; on a tie, input order.
import { sortedUnique } from '../analysis/shingle-sets.js';
import type { NearPairs } from './near-pairs.js';

/** Taking order: 'input', or 'most-partners' first. */
export type LeaderOrder = 'input' | 'most-partners';

/**
 * Groups the representatives by the pairs: sets root[d] to its leader for each representative d that joins one (a
 * leader's root stays itself). Pairs with a document that is not among `isRepresentative` are ignored. `similarity`:
 * each pair's, with verification (absent: every pair is as similar, and the nearest leader is joined); `threshold`:
 * the verification's, the partners at or above which count first in the 'most-partners' order (absent: all alike).
 */
export function leaderGroupsFromPairs(isRepresentative: Uint8Array, pairs: NearPairs, root: Int32Array, order: LeaderOrder, similarity?: Float64Array, threshold?: number): void {
  const graph = pairGraph(isRepresentative, pairs);
  const leader = new Uint8Array(graph.nodes.length);
  const atThreshold = (pair: number) => threshold === undefined || similarity === undefined || similarity[pair] >= threshold;
  for (const node of takingOrder(graph, order, atThreshold)) {
    let best = -1, bestDistance = Infinity, bestSimilarity = -1;
    for (let at = graph.offsets[node]; at < graph.offsets[node + 1]; at++) {
      const partner = graph.partners[at];
      if (leader[partner] === 0) continue;
      const pair = graph.pairOf[at];
      const s = similarity?.[pair] ?? 0, distance = pairs.distance[pair];
      const better = s > bestSimilarity || (s === bestSimilarity && (distance < bestDistance || (distance === bestDistance && partner < best)));
      if (better) [best, bestDistance, bestSimilarity] = [partner, distance, s];
    }
    if (best < 0) leader[node] = 1;
    else root[graph.nodes[node]] = graph.nodes[best];
  }
}

/**
 * The documents in a pair (`nodes`, ascending: a node's number orders as its document does) and each one's partners,
 * partners[offsets[i] .. offsets[i + 1]), with the pair each came from. Sized by the pairs, not by the documents:
 * most documents of a large corpus are in no pair.
 */
interface PairGraph {
  readonly nodes: Uint32Array;
  readonly offsets: Uint32Array;
  readonly partners: Uint32Array;
  readonly pairOf: Uint32Array;
}

function pairGraph(isRepresentative: Uint8Array, pairs: NearPairs): PairGraph {
  const used: number[] = [];
  for (let i = 0; i < pairs.earlier.length; i++) if (isRepresentative[pairs.earlier[i]] === 1 && isRepresentative[pairs.later[i]] === 1) used.push(i);
  const ends = new Uint32Array(2 * used.length);
  used.forEach((pair, i) => [ends[2 * i], ends[2 * i + 1]] = [pairs.earlier[pair], pairs.later[pair]]);
  const nodes = sortedUnique(ends.slice());
  const nodeOf = (doc: number) => binarySearch(nodes, doc);
  const offsets = new Uint32Array(nodes.length + 1);
  for (const doc of ends) offsets[nodeOf(doc) + 1]++;
  for (let i = 0; i < nodes.length; i++) offsets[i + 1] += offsets[i];
  const partners = new Uint32Array(ends.length), pairOf = new Uint32Array(ends.length);
  const fill = offsets.slice(0, nodes.length);
  for (const pair of used) {
    const a = nodeOf(pairs.earlier[pair]), b = nodeOf(pairs.later[pair]);
    [partners[fill[a]], pairOf[fill[a]++]] = [b, pair];
    [partners[fill[b]], pairOf[fill[b]++]] = [a, pair];
  }
  return { nodes, offsets, partners, pairOf };
}

function takingOrder(graph: PairGraph, order: LeaderOrder, atThreshold: (pair: number) => boolean): Uint32Array {
  const nodes = Uint32Array.from(graph.nodes.keys());
  if (order === 'input') return nodes;
  const degree = (node: number) => graph.offsets[node + 1] - graph.offsets[node];
  const strong = new Uint32Array(nodes.length);
  for (const node of nodes) for (let at = graph.offsets[node]; at < graph.offsets[node + 1]; at++) if (atThreshold(graph.pairOf[at])) strong[node]++;
  return nodes.sort((a, b) => strong[b] - strong[a] || degree(b) - degree(a) || a - b);
}

function binarySearch(sorted: Uint32Array, value: number): number {
  let low = 0, high = sorted.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
