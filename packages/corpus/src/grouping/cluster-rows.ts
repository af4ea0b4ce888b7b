// Every document's place in the result, one row each in input order: the rows of `--clusters` and of the library's
// dedupe(). A group's representative (keep.ts: its first member unless --keep says otherwise) is the one document of
// the group the kept corpus holds.
import type { Group, Grouping } from './group.js';
import type { ReferenceMatches } from './reference-match.js';

export type RowTier = 'exact' | 'near' | 'unique' | 'too-short' | 'reference';

export interface ClusterRow {
  readonly id: string | number;
  /** The group's number (from 1, as in the JSON report), shared by all its members; null for a document in no group. */
  readonly cluster: number | null;
  /**
   * The id of the document kept for this one: the group's representative, or the document itself; for a document
   * dropped for a reference (--against), the reference document's name.
   */
  readonly representative: string | number;
  /** Hamming distance of its fingerprint to the representative's (0 for the representative itself). */
  readonly distance: number;
  /**
   * Why it is dropped: 'exact', an exact copy (of the representative, or of a member before it); 'near', matched
   * by SimHash distance. A representative has its group's tier. 'unique': in no group. 'too-short': in no group,
   * with fewer tokens than minTokens. 'reference': a near-duplicate (or exact copy) of a reference document.
   */
  readonly tier: RowTier;
  /** In the kept corpus: every document in no group, and each group's representative. */
  readonly kept: boolean;
  /**
   * With verification: the shingle similarity (Jaccard or containment, boilerplate left out) to the representative:
   * 1 for the representative and its exact copies. null in no group, or without verification. Always present in
   * the rows dedupe() and `--clusters` make; optional for rows made by hand for renderReport().
   */
  readonly similarity?: number | null;
  /**
   * With a reference (--against, dedupe()'s against): the name of the reference document this one was dropped for
   * (its distance and similarity are to it), null for the others. Absent from runs without a reference.
   */
  readonly reference?: string | number | null;
}

export interface KeepCounts {
  readonly documents: number;
  readonly groups: number;
  readonly exactGroups: number;
  readonly nearGroups: number;
  /** Documents with fewer tokens than minTokens (those in an exact group are dropped like any copy). */
  readonly tooShort: number;
  readonly kept: number;
  /** Documents dropped as copies: exact copies, and near-duplicates. */
  readonly dropped: number;
  readonly droppedExact: number;
  readonly droppedNear: number;
  /** Of those dropped, dropped for a reference document (keepCounts: 0 without a reference; optional in counts made by hand). */
  readonly droppedReference?: number;
}

/** Where each document stands, in flat arrays (a million documents cost a few megabytes, not a million objects). */
export interface Placement {
  /** Group number from 1; 0 for a document in no group. */
  readonly cluster: Uint32Array;
  /** The group's representative's document number (the document's own number when in no group). */
  readonly representative: Uint32Array;
  readonly distance: Uint8Array;
  readonly tier: readonly RowTier[];
  /** Similarity to the representative; NaN where there is none (no group, or no verification). */
  readonly similarity: Float64Array;
  /** With a reference: per document, the entry it was dropped for, or -1. */
  readonly reference?: ReferenceMatches;
}

export function placeDocuments(grouping: Grouping & { readonly reference?: ReferenceMatches }, documents: number): Placement {
  const cluster = new Uint32Array(documents);
  const representative = Uint32Array.from({ length: documents }, (_, d) => d);
  const distance = new Uint8Array(documents);
  const tier = new Array<RowTier>(documents).fill('unique');
  const similarity = new Float64Array(documents).fill(NaN);
  for (const d of grouping.tooShort) tier[d] = 'too-short';
  grouping.groups.forEach((group, g) => {
    const kept = group.members[group.representative].doc;
    group.members.forEach((member, i) => {
      cluster[member.doc] = g + 1;
      representative[member.doc] = kept;
      distance[member.doc] = member.distance;
      tier[member.doc] = rowTier(group, i);
      if (member.similarity !== undefined) similarity[member.doc] = member.similarity;
    });
  });
  const { reference } = grouping;
  if (reference !== undefined) {
    for (let d = 0; d < documents; d++) {
      if (reference.entry[d] < 0) continue;
      tier[d] = 'reference';
      distance[d] = reference.distance[d];
      similarity[d] = reference.similarity[d];
    }
  }
  return { cluster, representative, distance, tier, similarity, ...(reference === undefined ? {} : { reference }) };
}

/**
 * The row tier of members[i]: the representative has the group's; a member with the representative's text is an
 * exact copy; any other is dropped as its member tier says, the first member (when not kept) as near. So the counts
 * of exact and near rows are those of the member tiers (keepCounts) whichever member is kept.
 */
function rowTier(group: Group, i: number): RowTier {
  if (i === group.representative) return group.tier;
  const textOf = (j: number) => group.members[j].copyOf ?? j;
  if (textOf(i) === textOf(group.representative)) return 'exact';
  const tier = group.members[i].tier;
  return tier === 'first' ? 'near' : tier;
}

export function isKept(placement: Placement, doc: number): boolean {
  return placement.representative[doc] === doc && (placement.reference === undefined || placement.reference.entry[doc] < 0);
}

export function keepCounts(grouping: Grouping & { readonly reference?: ReferenceMatches }, documents: number): KeepCounts {
  let droppedExact = 0;
  let droppedNear = 0;
  for (const group of grouping.groups) {
    for (const member of group.members) {
      if (member.tier === 'exact') droppedExact++;
      else if (member.tier === 'near') droppedNear++;
    }
  }
  const droppedReference = grouping.reference?.stats.documents ?? 0;
  const dropped = droppedExact + droppedNear + droppedReference;
  const exactGroups = grouping.groups.filter((g) => g.tier === 'exact').length;
  return {
    documents,
    groups: grouping.groups.length,
    exactGroups,
    nearGroups: grouping.groups.length - exactGroups,
    tooShort: grouping.tooShort.length,
    kept: documents - dropped,
    dropped,
    droppedExact,
    droppedNear,
    droppedReference,
  };
}

/** The rows in input order, made as they are asked for. `idOf`: the id a row names a document by. */
export function* clusterRows(placement: Placement, idOf: (doc: number) => string | number): Generator<ClusterRow> {
  const n = placement.cluster.length;
  for (let d = 0; d < n; d++) {
    const cluster = placement.cluster[d];
    const entry = placement.reference?.entry[d] ?? -1;
    const reference = entry < 0 ? null : placement.reference!.names[entry];
    yield {
      id: idOf(d),
      cluster: cluster === 0 ? null : cluster,
      representative: reference ?? idOf(placement.representative[d]),
      distance: placement.distance[d],
      tier: placement.tier[d],
      kept: isKept(placement, d),
      similarity: roundSimilarity(placement.similarity[d]),
      ...(placement.reference === undefined ? {} : { reference }),
    };
  }
}

/** Four decimals: the similarity of sets of thousands of shingles, without the float's noise in every output. */
export function roundSimilarity(value: number | undefined): number | null {
  return value === undefined || Number.isNaN(value) ? null : Math.round(value * 1e4) / 1e4;
}
