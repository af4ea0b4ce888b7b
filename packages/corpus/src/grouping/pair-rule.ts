// Which verified candidate pairs may join a group: the rule over the two documents' shingle sets (boilerplate left
// out), for each verification mode (--verify). 'jaccard' and 'containment' compare one number with the threshold t.
// 'jaccard-or-contained' (the default) is Jaccard ≥ t, or a copy whose end was cut or that had a paragraph appended:
// one set mostly inside the other (containment ≥ CONTAINED_SHARE) with a Jaccard not far below t (≥
// CONTAINED_JACCARD_SHARE · t). Such a copy has a low Jaccard however faithful it is, since the part cut or added
// counts against it whole: an original with a paragraph as long as itself appended has a Jaccard of at most 0.5.
// Containment alone is not enough: a short text quoted whole in a long unrelated one, or a message that contains
// another message, is contained in it; the Jaccard floor keeps what the longer adds to about the shorter's own length
// (at t = 0.5: at most 1.22× it when the shorter is wholly inside, 0.58× at the least containment). A reply that
// quotes a whole message is such a pair when its own text is no longer than that: on SpamAssassin the clause adds 35
// near-duplicates to 792, replies among them (docs/cli.md, Verification).
import { intersectionSize, similarityOfCounts, type SimilarityMode } from '../analysis/shingle-sets.js';

/**
 * The least containment of the shorter set in the longer for the second clause: at least four fifths of its shingles
 * in the other. One word replaced breaks up to w shingles (3 by default), so a cut or appended copy that also had a
 * few words replaced (up to 6% of them: 18% of the shingles) or a few typos still passes.
 */
export const CONTAINED_SHARE = 0.8;
/**
 * The second clause's least Jaccard, as a share of the threshold: 0.45 at the default 0.5, where a text with a part
 * as long as itself appended (and a few words replaced) has a Jaccard near 0.47. At 0.8 (0.4) the clause took
 * in twice as many SpamAssassin messages (66 near-duplicates against 35, many of them replies quoting the message they
 * answer) for a few more labelled copies (bench/quality/run.ts: recall +0.0014 on seed 1, +0.0040 on seed 5).
 */
export const CONTAINED_JACCARD_SHARE = 0.9;

export interface PairRule {
  readonly mode: SimilarityMode;
  /** In (0, 1]. */
  readonly threshold: number;
}

/** Whether two sets with `shared` shingles in common, of `a` and `b` shingles, pass (an empty set passes nothing). */
export function passesCounts(shared: number, a: number, b: number, rule: PairRule): boolean {
  if (a === 0 || b === 0) return false;
  const jaccard = shared / (a + b - shared);
  if (rule.mode === 'containment') return shared / Math.min(a, b) >= rule.threshold;
  if (jaccard >= rule.threshold) return true;
  return rule.mode === 'jaccard-or-contained' && jaccard >= CONTAINED_JACCARD_SHARE * rule.threshold && shared / Math.min(a, b) >= CONTAINED_SHARE;
}

/** Whether two sorted unique shingle sets pass the rule. */
export function pairPasses(a: Uint32Array, b: Uint32Array, rule: PairRule): boolean {
  return pairVerdict(a, b, rule).passes;
}

/** Whether two sorted unique shingle sets pass the rule, and their similarity in its mode: one intersection for both. */
export function pairVerdict(a: Uint32Array, b: Uint32Array, rule: PairRule): { passes: boolean; similarity: number } {
  const shared = a.length === 0 || b.length === 0 ? 0 : intersectionSize(a, b);
  return { passes: passesCounts(shared, a.length, b.length, rule), similarity: similarityOfCounts(shared, a.length, b.length, rule.mode) };
}

/**
 * The least Jaccard similarity a passing pair can have, for the sketches' test (sketch-filter.ts), given the two
 * sets' sizes `a` and `b` where known (the first pass's shingle counts, before boilerplate is left out: an estimate,
 * as for containment below), else the least over all sizes. |A ∩ B| ≥ c·min(|A|, |B|) gives a Jaccard of at least
 * c·min / (|A| + |B| − c·min), which falls towards 0 as the longer grows:
 * - 'jaccard': the threshold t;
 * - 'containment' (c = t): a third at t = 0.5 for equal sizes, and less for others;
 * - 'jaccard-or-contained': t, or for the second clause the larger of CONTAINED_JACCARD_SHARE · t and that bound at
 *   c = CONTAINED_SHARE (two thirds for equal sizes, so the pairs of like sizes are tested at t itself).
 */
export function leastJaccard(rule: PairRule, a?: number, b?: number): number {
  if (rule.mode === 'jaccard') return rule.threshold;
  const contained = (c: number) => (a === undefined || b === undefined ? 0 : (c * Math.min(a, b)) / Math.max(1, a + b - c * Math.min(a, b)));
  if (rule.mode === 'containment') return contained(rule.threshold);
  return Math.min(rule.threshold, Math.max(CONTAINED_JACCARD_SHARE * rule.threshold, contained(CONTAINED_SHARE)));
}

/** The rule in words, for the outputs: "jaccard >= 0.5 (or containment >= 0.8 with jaccard >= 0.45)". */
export function describeRule(rule: PairRule): string {
  if (rule.mode !== 'jaccard-or-contained') return `${rule.mode} >= ${rule.threshold}`;
  const floor = Number((CONTAINED_JACCARD_SHARE * rule.threshold).toPrecision(12));
  return `jaccard >= ${rule.threshold} (or containment >= ${CONTAINED_SHARE} with jaccard >= ${floor})`;
}
