// What the HTML report embeds: the run's settings and counts, the near members' distances (the histogram), the
// chosen and recommended k with the precision the corpus evaluation expects, every group (ids, distances, tiers;
// largest first), and word diffs for a bounded sample: the members of the largest groups, as many as
// `sampleGroups` says. Everything else a million-document run has stays out of the page.
import type { ClusterRow, KeepCounts, RowTier } from '../grouping/cluster-rows.js';
import { giantGroupWarning } from '../grouping/warnings.js';
import { wordDiff, type DiffOp } from './word-diff.js';
import { DEFAULT_SAMPLE_GROUPS, DEFAULT_SAMPLE_MEMBERS } from './sample-size.js';

export interface ReportEvaluation {
  /** The k the corpus evaluation recommends, and the precision it expects there. */
  readonly recommended?: { readonly distance: number; readonly expectedPrecision: number | null; readonly verifiedPrecision?: number | null };
  /** Its rows: the expected precision at each k. */
  readonly rows?: readonly { readonly k: number; readonly expectedPrecision: number | null; readonly verifiedPrecision?: number | null }[];
}

export interface ReportOptions {
  /** The k the run used (the histogram marks it). */
  readonly maxDistance: number;
  /**
   * A document's text by its number (its row's index: input order), for the diffs of the sampled groups
   * (sampledDocuments says which); without it the page has no diffs.
   */
  readonly texts?: (doc: number) => string | undefined;
  /** Groups (largest first) whose members get diffs; default 200. */
  readonly sampleGroups?: number;
  /** Members per sampled group that get a diff; default 20. */
  readonly sampleMembers?: number;
  /** `simhash eval --corpus --format json`'s output (its `recommended` and `corpus.rows`), for the chosen-k marks. */
  readonly evaluation?: ReportEvaluation;
  /** Shown as they are: the run's settings (shingle, html, ...), its time. */
  readonly settings?: Readonly<Record<string, unknown>>;
  readonly seconds?: number;
  readonly title?: string;
}

export interface ReportInput {
  readonly rows: readonly ClusterRow[];
  readonly summary: KeepCounts;
  readonly pipelineVersion: string;
}

/**
 * A group as the page has it: tier, then members as [id, distance, tier, diff index or -1, similarity to the
 * representative or null (no verification)].
 */
export type ReportGroup = readonly [tier: 'exact' | 'near', members: readonly (readonly [id: string | number, distance: number, tier: RowTier | 'kept', diff: number, similarity: number | null])[]];

export interface ReportData {
  readonly title: string;
  readonly pipelineVersion: string;
  readonly settings: Readonly<Record<string, unknown>>;
  readonly summary: KeepCounts;
  readonly seconds: number | null;
  readonly maxDistance: number;
  /** Near members (not representatives) by distance to their representative: histogram[d]. */
  readonly histogram: readonly number[];
  readonly recommended: number | null;
  readonly precisionAtK: number | null;
  readonly groups: readonly ReportGroup[];
  readonly sample: { readonly groups: number; readonly members: number; readonly withTexts: boolean };
  readonly diffs: readonly (readonly DiffOp[])[];
  /** A group far larger than the rest (grouping/warnings.ts), as the run's summary flags it. */
  readonly warnings: readonly string[];
}

/** Characters of a text a diff uses: a sample stays small however long the documents are. */
const TEXT_LIMIT = 5_000;

/** The groups, largest first (equal sizes by group number), each as its members' row indexes in input order. */
function groupsBySize(rows: readonly ClusterRow[]): number[][] {
  const byCluster = new Map<number, number[]>();
  rows.forEach((row, doc) => {
    if (row.cluster === null) return;
    let members = byCluster.get(row.cluster);
    if (!members) byCluster.set(row.cluster, (members = []));
    members.push(doc);
  });
  return [...byCluster].sort((a, b) => b[1].length - a[1].length || a[0] - b[0]).map(([, members]) => members);
}

/** The member the kept corpus holds (by `kept`, not by id: two documents may share an id). */
function representativeOf(rows: readonly ClusterRow[], members: readonly number[]): number {
  return members.find((doc) => rows[doc].kept) ?? members[0];
}

/** The documents whose texts the page's diffs need: each sampled group's representative and first members. */
export function sampledDocuments(rows: readonly ClusterRow[], options: Pick<ReportOptions, 'sampleGroups' | 'sampleMembers'>): Set<number> {
  const out = new Set<number>();
  const sampleMembers = options.sampleMembers ?? DEFAULT_SAMPLE_MEMBERS;
  for (const members of groupsBySize(rows).slice(0, options.sampleGroups ?? DEFAULT_SAMPLE_GROUPS)) {
    const representative = representativeOf(rows, members);
    out.add(representative);
    for (const doc of members.filter((d) => d !== representative).slice(0, sampleMembers)) out.add(doc);
  }
  return out;
}

export function reportData(input: ReportInput, options: ReportOptions): ReportData {
  const { rows } = input;
  const histogram: number[] = new Array(options.maxDistance + 1).fill(0);
  const sampleGroups = options.sampleGroups ?? DEFAULT_SAMPLE_GROUPS;
  const sampleMembers = options.sampleMembers ?? DEFAULT_SAMPLE_MEMBERS;
  const diffs: DiffOp[][] = [];
  const groups = groupsBySize(rows).map((members, g): ReportGroup => {
    const representative = representativeOf(rows, members);
    const repText = g < sampleGroups ? clip(options.texts?.(representative)) : undefined;
    let diffed = 0;
    const ordered = [representative, ...members.filter((d) => d !== representative)];
    const listed = ordered.map((doc) => {
      const m = rows[doc];
      const kept = doc === representative;
      if (!kept && m.tier === 'near' && m.distance < histogram.length) histogram[m.distance]++;
      let diff = -1;
      if (!kept && repText !== undefined && diffed < sampleMembers) {
        diffed++;
        const text = clip(options.texts?.(doc));
        if (text !== undefined) {
          diffs.push(wordDiff(repText, text));
          diff = diffs.length - 1;
        }
      }
      // The representative is listed first and called what it is, the member kept (the earliest only under keep 'first').
      return [m.id, m.distance, kept ? 'kept' : m.tier, diff, numberOrNull(m.similarity)] as const;
    });
    return [rows[representative].tier === 'near' ? 'near' : 'exact', listed];
  });
  const evaluationRow = options.evaluation?.rows?.find((r) => r.k === options.maxDistance);
  // Group numbers as the rows have them (the clusters file's `cluster`), not the page's largest-first order.
  const sized = groupsBySize(rows).map((members) => ({ number: rows[members[0]].cluster ?? 0, size: members.length, near: rows[representativeOf(rows, members)].tier === 'near' }));
  const giant = giantGroupWarning(sized, input.summary.documents - input.summary.tooShort, options.maxDistance);
  return {
    title: options.title ?? 'simhash dedupe report',
    pipelineVersion: input.pipelineVersion,
    settings: options.settings ?? { maxDistance: options.maxDistance },
    summary: input.summary,
    seconds: options.seconds ?? null,
    maxDistance: options.maxDistance,
    histogram,
    // Numbers only: the page draws these into its SVG, and an evaluation file is the user's input.
    recommended: numberOrNull(options.evaluation?.recommended?.distance),
    precisionAtK: evaluationRow ? numberOrNull(evaluationRow.verifiedPrecision ?? evaluationRow.expectedPrecision) : null,
    groups,
    sample: { groups: Math.min(sampleGroups, groups.length), members: sampleMembers, withTexts: options.texts !== undefined },
    diffs,
    warnings: giant === undefined ? [] : [giant],
  };
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function clip(text: string | undefined): string | undefined {
  return text === undefined || text.length <= TEXT_LIMIT ? text : text.slice(0, TEXT_LIMIT);
}
