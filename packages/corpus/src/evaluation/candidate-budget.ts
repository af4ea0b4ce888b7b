// The candidate distance for a verified dedupe: how far apart two fingerprints may be and still be checked by the
// second signal. Every candidate pair costs a verification, and most candidates at a wide distance are unrelated
// documents that chance put near each other, so the distance is chosen for the corpus at hand: the largest k whose
// expected chance candidates stay within a budget per document. Chance is the beta-binomial fitted to the corpus's
// own pair distances (beta-binomial.ts, as `simhash eval --corpus` fits it), so a corpus whose documents are alike
// (one language, one template) gets a smaller k than random fingerprints would. The budget keeps a large corpus
// tractable: expected chance candidates grow with N - 1 per document, so k shrinks as N grows.
//
// A second budget is on finding the candidates at all: the index's pairs() within k costs more per document as N
// grows (a 64-bit key space cut into fewer, fuller buckets), far more than verifying what it finds once sketches rule
// the chance candidates out (grouping/sketch-filter.ts, about 0.2 µs a pair). So k is also kept where the index's own
// cost model (simhash-wasm's estimatePairsNs) puts pairs() within PAIRS_NS_PER_DOCUMENT a document.
import { estimatePairsNs } from 'simhash-wasm/internal';
import { cumulative, type BetaBinomial } from './beta-binomial.js';

/**
 * Expected chance candidates per document the chosen distance may cost: a verification each, about 3 µs (two sorted
 * shingle sets compared; measured on SpamAssassin, docs/cli.md), so some 30 µs a document; and at a budget of 1
 * most documents take part in a candidate pair (and have their shingle set read) already. Below 10, small corpora
 * stop short of the distances where copies with two edits sit (17 to 20 bits on the labelled families of
 * bench/quality: BENCHMARKS.md).
 */
export const CHANCE_CANDIDATES_PER_DOCUMENT = 10;

/**
 * What the candidates' search may cost a document, by the index's cost model with the scan kernel in use (the
 * WebAssembly one wherever the corpus job runs): 5 µs, about what the engine spends fingerprinting a 1.5 KB document.
 * The model errs low by up to 2 times past 11 bits: at 1M random fingerprints on this project's 2-core machine
 * pairs() took 5 s within 11 bits, 27 s within 12 and 39 s within 14 under a load of 7 (the model: 3.9, 8.0 and 16.2
 * µs a document). Since the kernel compares two rows at a time (2026-12-05) the model says 2.6, 5.3 and 10.8 µs, and
 * pairs() within 11 took 2.1 s on one quiet thread: 1M documents still get k = 11, fewer than about 940,000 get 12.
 */
export const PAIRS_NS_PER_DOCUMENT = 5_000;

/** The widest candidate distance chosen: past it verification stops paying (copies are rarely farther). */
export const MAX_CANDIDATE_DISTANCE = 20;

/** The narrowest: a corpus so large that even k = 3 costs more than the budget still gets today's default. */
export const MIN_CANDIDATE_DISTANCE = 3;

export interface CandidateDistance {
  readonly distance: number;
  /** Expected chance candidates per document at that distance: (N - 1) · P(D ≤ k). */
  readonly chancePerDocument: number;
  readonly budget: number;
  /** The index's estimate of pairs() within that distance, nanoseconds a document. */
  readonly pairsNsPerDocument: number;
}

/**
 * The largest k in [MIN, MAX] with (documents - 1) · P(D ≤ k) ≤ budget under `model` and pairs() within k estimated
 * at most PAIRS_NS_PER_DOCUMENT a document.
 */
export function chooseCandidateDistance(model: BetaBinomial, documents: number, budget = CHANCE_CANDIDATES_PER_DOCUMENT): CandidateDistance {
  if (!Number.isSafeInteger(documents) || documents < 1) throw new RangeError(`documents must be a positive integer, got ${documents}`);
  if (!(budget > 0 && Number.isFinite(budget))) throw new RangeError(`budget must be a positive number, got ${budget}`);
  const chance = cumulative(model);
  const perDocument = (k: number) => (documents - 1) * chance[k];
  const pairsNs = (k: number) => estimatePairsNs(k, documents) / documents;
  let distance = MIN_CANDIDATE_DISTANCE;
  for (let k = MIN_CANDIDATE_DISTANCE + 1; k <= MAX_CANDIDATE_DISTANCE; k++) if (perDocument(k) <= budget && pairsNs(k) <= PAIRS_NS_PER_DOCUMENT) distance = k;
  return { distance, chancePerDocument: perDocument(distance), budget, pairsNsPerDocument: pairsNs(distance) };
}

/**
 * The widest k chooseCandidateDistance can choose for this many documents, whatever their distances: the largest in
 * [MIN, MAX] whose pairs() the index's cost model puts within PAIRS_NS_PER_DOCUMENT a document (N alone decides it).
 */
export function widestCandidateDistance(documents: number): number {
  if (!Number.isSafeInteger(documents) || documents < 1) throw new RangeError(`documents must be a positive integer, got ${documents}`);
  let distance = MIN_CANDIDATE_DISTANCE;
  for (let k = MIN_CANDIDATE_DISTANCE + 1; k <= MAX_CANDIDATE_DISTANCE; k++) if (estimatePairsNs(k, documents) / documents <= PAIRS_NS_PER_DOCUMENT) distance = k;
  return distance;
}
