// The two tiers. Exact: documents whose normalised texts (token sequences) are equal, by digest. Near: one
// representative per exact class, long enough to compare, matched by SimHash distance through SimHashIndex; with
// verification (verify.ts), candidatePairs lists the pairs within k and only the verified ones come back as
// nearPairs to join groups.
import { hamming } from 'simhash-wasm';
import { SimHashIndex } from 'simhash-wasm';
import { exactClasses } from './exact-classes.js';
import { searchInThread, type PairsSearch } from '../analysis/pairs-search.js';
import { chooseRepresentative, type KeepRule } from './keep.js';
import { leaderGroupsFromPairs } from './leader-pairs.js';
import { keepPairs, nearPairsOf, type NearPairs } from './near-pairs.js';

export type { NearPairs } from './near-pairs.js';

/**
 * 'leader' (default): in input order, a document joins the group of the nearest earlier group leader within k, or
 * leads a new group: every member is within k of its group's leader. With verification only verified pairs join, and
 * the documents verified against the most others are taken first (leader-pairs.ts). 'connected': groups are
 * connected components of the within-k graph (SimHashIndex.clusters()), so chains of small edits form one group.
 */
export type GroupingMode = 'leader' | 'connected';

export interface GroupingInput {
  readonly fingerprints: BigUint64Array;
  readonly tokens: Uint32Array;
  /** The documents' digests end to end: one array, or the batches' own in order (exact-classes.ts). */
  readonly digests: Uint8Array | readonly Uint8Array[];
  readonly maxDistance: number;
  readonly minTokens: number;
  readonly mode: GroupingMode;
  /** exactClasses(digests, tokens, n), when the caller has made it already (it is the same for every step of a run). */
  readonly classOf?: Int32Array;
  /**
   * The within-k pairs, when they were found elsewhere (the shards of a distributed run, each querying a shared
   * index): every pair of representatives within maxDistance must be among them, each once, earlier document
   * first. Without them, an in-memory index finds them. Both ways give the same groups.
   */
  readonly nearPairs?: NearPairs;
  /**
   * With verified nearPairs (grouping/verify.ts): each pair's similarity. Leader grouping then takes the documents
   * verified against the most others first, and joins each to the verified leader it is most similar to (ties: the
   * nearest, then the earliest; leader-pairs.ts).
   */
  readonly similarity?: Float64Array;
  /** With verification: its threshold; the partners a document has at or above it count first in leader grouping's order. */
  readonly similarityThreshold?: number;
  /** With verification: the similarity of two documents, for each near member against its group's representative. */
  readonly memberSimilarity?: (representative: number, member: number) => number;
  /** Which member of each group stays (keep.ts); default 'first'. The groups are the same whatever it is. */
  readonly keep?: KeepRule;
  /** For a rule by field: each document's value, NaN where it has none (keep.ts, keepValues). */
  readonly keepValues?: Float64Array;
}


export type MemberTier = 'first' | 'exact' | 'near';

export interface Member {
  /** Document number (input order). */
  readonly doc: number;
  /** Hamming distance of its fingerprint to the group's representative's. */
  readonly distance: number;
  /**
   * How it joined the group, in input order: 'first' for members[0]; 'exact': same normalised text as member
   * `copyOf` of this group; 'near': matched by SimHash distance.
   */
  readonly tier: MemberTier;
  /** For an exact copy: the position in `members` of the first member with the same normalised text. */
  readonly copyOf?: number;
  /**
   * With verification: its shingle similarity to the group's representative (1 for the representative and for exact
   * copies of it; an exact copy of another member has that member's). Absent without verification.
   */
  readonly similarity?: number;
}

export interface Group {
  /** 'exact' if every member has the same normalised text; 'near' if SimHash joined different texts. */
  readonly tier: 'exact' | 'near';
  /** In input order; the first is the earliest document. */
  readonly members: readonly Member[];
  /** The position in `members` of the one the kept corpus holds (keep.ts; 0 under keep 'first'). */
  readonly representative: number;
}

export interface Grouping {
  /** Ordered by their first member. */
  readonly groups: readonly Group[];
  /** Documents with fewer than minTokens tokens: left out of the near tier (those with tokens still match exact copies). */
  readonly tooShort: readonly number[];
}

export function groupDocuments(input: GroupingInput): Grouping {
  const n = input.fingerprints.length;
  const { tokens, fingerprints } = input;
  const classOf = input.classOf ?? exactClasses(input.digests, tokens, n);
  const tooShort: number[] = [];
  for (let d = 0; d < n; d++) if (tokens[d] < input.minTokens) tooShort.push(d);
  const representatives = nearRepresentatives(classOf, tokens, input.minTokens);
  // Union of exact classes into groups: root[c] is the group a class representative belongs to.
  const root = new Int32Array(n).fill(-1);
  for (let d = 0; d < n; d++) if (classOf[d] === d) root[d] = d;
  if (input.nearPairs) {
    // With verification the documents verified against the most others lead first (leader-pairs.ts says why).
    if (input.mode === 'leader') leaderGroupsFromPairs(flagsOf(representatives, n), input.nearPairs, root, input.similarity === undefined ? 'input' : 'most-partners', input.similarity, input.similarityThreshold);
    else connectedGroupsFromPairs(representatives, input.nearPairs, root);
  } else {
    const join = input.mode === 'leader' ? leaderGroups : connectedGroups;
    join(representatives, fingerprints, input.maxDistance, root);
  }
  const groups: Group[] = [];
  for (const docs of membersByGroup(classOf, root)) {
    const representative = chooseRepresentative(docs, input.keep ?? 'first', tokens, input.keepValues);
    groups.push(describeGroup(docs, representative, classOf, fingerprints, input.memberSimilarity));
  }
  groups.sort((a, b) => a.members[0].doc - b.members[0].doc);
  return { groups, tooShort };
}

/**
 * The documents of each group of two or more, in input order. Sizes are counted first so that only those groups get
 * an array: a million documents that stay alone cost two typed arrays, not a million small arrays and map entries
 * (the grouping's memory peak at 1M documents before).
 */
function membersByGroup(classOf: Int32Array, root: Int32Array): number[][] {
  const n = classOf.length;
  const groupOf = new Int32Array(n);
  const size = new Int32Array(n);
  for (let d = 0; d < n; d++) {
    groupOf[d] = classOf[d] < 0 ? -1 : rootOf(root, classOf[d]);
    if (groupOf[d] >= 0) size[groupOf[d]]++;
  }
  const members = new Map<number, number[]>();
  for (let d = 0; d < n; d++) {
    const g = groupOf[d];
    if (g < 0 || size[g] < 2) continue;
    let docs = members.get(g);
    if (docs === undefined) members.set(g, (docs = []));
    docs.push(d);
  }
  return [...members.values()];
}

/**
 * The candidates of the verification tier: every pair of near-tier representatives (the first document of each
 * exact class, with at least minTokens tokens) within maxDistance, each once, earlier document first. `search`: where
 * pairs() runs (the run's workers when that pays: analysis/pairs-search.ts).
 */
export async function candidatePairs(input: Omit<GroupingInput, 'mode' | 'nearPairs'>, search: PairsSearch = searchInThread): Promise<NearPairs> {
  return nearPairsOf(await search.pairs(candidateIndex(input), input.maxDistance));
}

/** The pairs of `pairs` whose documents both still lead their exact class (classOf[d] === d), in its order. */
export function pairsOfRepresentatives(pairs: NearPairs, classOf: Int32Array): NearPairs {
  return keepPairs(pairs, (p) => classOf[pairs.earlier[p]] === pairs.earlier[p] && classOf[pairs.later[p]] === pairs.later[p]);
}

/** The near-tier representatives' fingerprints, indexed by document number within maxDistance. */
function candidateIndex(input: Omit<GroupingInput, 'mode' | 'nearPairs'>): SimHashIndex {
  const n = input.fingerprints.length;
  const classOf = input.classOf ?? exactClasses(input.digests, input.tokens, n);
  const representatives = nearRepresentatives(classOf, input.tokens, input.minTokens);
  const index = new SimHashIndex({ maxDistance: input.maxDistance });
  index.addMany(fingerprintsAt(input.fingerprints, representatives), representatives);
  return index;
}

/**
 * The fingerprints of `docs`, in their order. A loop, not BigUint64Array.from with a function: that makes a BigInt
 * per element, about 60 ms at 1M documents on the grouping's serial path, against 5.
 */
export function fingerprintsAt(fingerprints: BigUint64Array, docs: ArrayLike<number>): BigUint64Array {
  const out = new BigUint64Array(docs.length);
  for (let i = 0; i < docs.length; i++) out[i] = fingerprints[docs[i]];
  return out;
}

/** The documents the near tier compares: the first of each exact class (exactClasses), with at least minTokens tokens. */
export function nearRepresentatives(classOf: Int32Array, tokens: Uint32Array, minTokens: number): Uint32Array {
  const isRepresentative = (d: number) => classOf[d] === d && tokens[d] >= minTokens;
  let count = 0;
  for (let d = 0; d < classOf.length; d++) if (isRepresentative(d)) count++;
  // Counted first: an array of exactly that many, not a list of numbers grown by copies (80 MB at 10M documents).
  const representatives = new Uint32Array(count);
  for (let d = 0, at = 0; d < classOf.length; d++) if (isRepresentative(d)) representatives[at++] = d;
  return representatives;
}

function leaderGroups(representatives: Uint32Array, fingerprints: BigUint64Array, k: number, root: Int32Array): void {
  // No expectedSize: the leaders are a fraction of the documents, and a size hint above the current size makes
  // the index re-plan its layout on every add until it reaches half the hint (SimHashIndex at a3dd170).
  const leaders = new SimHashIndex({ maxDistance: k });
  for (const d of representatives) {
    const nearest = leaders.nearest(fingerprints[d]);
    if (nearest === null) leaders.add(fingerprints[d], d);
    else root[d] = nearest.id;
  }
}

function connectedGroups(representatives: Uint32Array, fingerprints: BigUint64Array, k: number, root: Int32Array): void {
  const index = new SimHashIndex({ maxDistance: k }); // addMany plans the layout for the batch itself
  index.addMany(fingerprintsAt(fingerprints, representatives), representatives);
  for (const cluster of index.clusters()) for (const d of cluster) root[d] = cluster[0];
}

/** connectedGroups over given pairs: components of the pair graph, each rooted at its earliest document. */
function connectedGroupsFromPairs(representatives: Uint32Array, pairs: NearPairs, root: Int32Array): void {
  const isRepresentative = flagsOf(representatives, root.length);
  const parent = new Int32Array(root.length);
  for (const d of representatives) parent[d] = d;
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x];
    return x;
  };
  for (let i = 0; i < pairs.earlier.length; i++) {
    const a = pairs.earlier[i], b = pairs.later[i];
    if (isRepresentative[a] === 0 || isRepresentative[b] === 0) continue;
    const ra = find(a), rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb); // the earliest stays the root
  }
  for (const d of representatives) root[d] = find(d);
}

/**
 * A byte per document: 1 for those listed (a Set of a million numbers costs tens of megabytes). An indexed loop: a
 * for-of over the typed array ran through its iterator, 65 ms of the grouping's serial end at 1M documents.
 */
function flagsOf(docs: Uint32Array, n: number): Uint8Array {
  const flags = new Uint8Array(n);
  for (let i = 0; i < docs.length; i++) flags[docs[i]] = 1;
  return flags;
}

function rootOf(root: Int32Array, d: number): number {
  while (root[d] !== d) d = root[d];
  return d;
}

/**
 * A group's members in input order, each against the representative (`docs[representative]`): its distance, and
 * with verification its similarity. The similarity of two exact classes is that of their first documents (the ones
 * in candidate pairs, whose shingle sets were held), so an exact copy has the similarity of the text it copies.
 */
function describeGroup(docs: readonly number[], representative: number, classOf: Int32Array, fingerprints: BigUint64Array, similarityOf?: (a: number, b: number) => number): Group {
  const kept = docs[representative];
  const position = new Map<number, number>();
  const members = docs.map((doc, i): Member => {
    const distance = hamming(fingerprints[kept], fingerprints[doc]);
    const copyOf = position.get(classOf[doc]);
    if (copyOf === undefined) position.set(classOf[doc], i);
    const tier = i === 0 ? 'first' : copyOf === undefined ? 'near' : 'exact';
    const similarity = similarityOf === undefined ? {} : { similarity: classOf[doc] === classOf[kept] ? 1 : similarityOf(classOf[kept], classOf[doc]) };
    return { doc, distance, tier, ...(copyOf === undefined ? {} : { copyOf }), ...similarity };
  });
  const tier = members.every((m) => m.tier !== 'near') ? 'exact' : 'near';
  return { tier, members, representative };
}
