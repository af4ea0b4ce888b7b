// The verification's first step: every candidate pair is looked at through the two documents' MinHash sketches
// (analysis/minhash-sketch.ts), and the pairs the sketches show to be far below the threshold are dropped without
// their texts being read again. At a wide candidate distance most candidates are unrelated documents that chance
// put near each other (their Jaccard near 0), so this leaves the exact comparison (verify.ts) the few that may pass.
//
// The test: of the bins whose union minimum is not boilerplate (`used`), `matches` agree. For a pair whose true
// similarity p is the least that could pass, matches is about Binomial(used, p); the pair is dropped only when
// P(Binomial(used, p) ≤ matches) ≤ FALSE_DROP, so a pair that would have verified is dropped with probability at
// most FALSE_DROP (1e-6: one in a million of the pairs that pass; none expected below a million true pairs).
// With fewer bins in use than that allows (short texts, or texts mostly boilerplate), the pair goes to the exact
// comparison whatever its sketch says.
import type { Boilerplate } from '../analysis/boilerplate-sample.js';
import { BoilerplateFilter } from '../analysis/shingle-sets.js';
import { EMPTY_BIN, SKETCH_BINS } from '../analysis/minhash-sketch.js';
import type { NearPairs } from './group.js';
import { leastJaccard, type PairRule } from './pair-rule.js';
import type { Sketches } from './sketch-store.js';

export const FALSE_DROP = 1e-6;

/** For each number of bins in use, the most matches that still drop a pair at least `least` similar (-1: none). */
export function dropLimits(least: number): Int8Array {
  const limits = new Int8Array(SKETCH_BINS + 1).fill(-1);
  if (!(least > 0)) return limits; // nothing can be ruled out
  // Identical sets are the only ones that pass: one bin that differs rules a pair out.
  if (least >= 1) return limits.map((_, used) => used - 1);
  for (let used = 1; used <= SKETCH_BINS; used++) {
    // P(X ≤ c) for X ~ Binomial(used, least), summed term by term.
    let term = (1 - least) ** used, cdf = term;
    for (let c = 0; c <= used && cdf <= FALSE_DROP; c++) {
      limits[used] = c;
      term *= ((used - c) / (c + 1)) * (least / (1 - least));
      cdf += term;
    }
  }
  return limits;
}

/**
 * How two sketches of `bins` bins agree: of the bins whose union minimum is not boilerplate (`used`), how many hold
 * the same value (`matches`). The sketch at word `a` of `pieceA` against the one at word `b` of `pieceB` (a run's, or
 * a reference's).
 */
export function binAgreement(pieceA: Uint32Array, a: number, pieceB: Uint32Array, b: number, filter: BoilerplateFilter, bins = SKETCH_BINS): { used: number; matches: number } {
  let used = 0, matches = 0;
  for (let bin = 0; bin < bins; bin++) {
    const x = pieceA[a + bin], y = pieceB[b + bin];
    const least = x < y ? x : y;
    if (least === EMPTY_BIN || filter.has(least)) continue;
    used++;
    if (x === y) matches++;
  }
  return { used, matches };
}

export interface SketchFilterResult {
  /** The candidate pairs the sketches could not rule out, in their order. */
  readonly pairs: NearPairs;
  readonly dropped: number;
}

export function sketchFilter(candidates: NearPairs, sketches: Sketches, sizes: Uint32Array, boilerplate: Boilerplate, rule: PairRule): SketchFilterResult {
  const filter = new BoilerplateFilter(boilerplate.shingles);
  // The least Jaccard that can pass (pair-rule.ts) varies by pair but for 'jaccard': rounded down to 1/256 (a looser
  // test, never a stricter one), each step's limits made once. Containment's (a third at t = 0.5, less for sets of
  // unlike sizes) is too low for 32 bins to rule out many pairs at FALSE_DROP.
  const limitsByStep = new Map<number, Int8Array>();
  const limitsFor = (least: number) => {
    const step = Math.floor(least * 256);
    let limits = limitsByStep.get(step);
    if (limits === undefined) limitsByStep.set(step, limits = dropLimits(step / 256));
    return limits;
  };
  const jaccardLimits = rule.mode === 'jaccard' ? dropLimits(rule.threshold) : undefined;
  const keep: number[] = [];
  const { words } = sketches;
  for (let i = 0; i < candidates.earlier.length; i++) {
    const { used, matches } = binAgreement(words, sketches.offsetOf(candidates.earlier[i]), words, sketches.offsetOf(candidates.later[i]), filter);
    const limits = jaccardLimits ?? limitsFor(leastJaccard(rule, sizes[candidates.earlier[i]], sizes[candidates.later[i]]));
    if (matches > limits[used]) keep.push(i);
  }
  return {
    pairs: {
      earlier: Uint32Array.from(keep, (i) => candidates.earlier[i]),
      later: Uint32Array.from(keep, (i) => candidates.later[i]),
      distance: Uint8Array.from(keep, (i) => candidates.distance[i]),
    },
    dropped: candidates.earlier.length - keep.length,
  };
}
