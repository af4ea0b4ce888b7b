// The verification tier: a near candidate (two documents within the candidate distance k) joins a group only when
// a signal that does not use SimHash agrees: the exact Jaccard (or containment) of the two documents' sets of
// shingle hashes (analysis/shingle-sets.ts), with the corpus's boilerplate shingles left out
// (analysis/boilerplate-sample.ts). The comparison is exact set arithmetic, so SimHash's ~±4-bit noise on unrelated
// texts cannot let a pair through.
//
// In two steps, so that a wide candidate distance stays affordable on a large corpus: the MinHash sketches made in
// the first pass rule out the candidates that are far below the threshold (sketch-filter.ts: most of them, when k is
// wide), and only the documents of the pairs left have their exact sets made, from their texts read again (the
// command line's dedupe/verify-pass.ts) or kept from the first pass (the library's dedupe() over a stream).
import type { DocumentTable } from '../analysis/document-table.js';
import type { Boilerplate, BoilerplateSample } from '../analysis/boilerplate-sample.js';
import type { SimilarityMode } from '../analysis/shingle-sets.js';
import type { NearPairs } from './group.js';
import { pairedDocuments, PairComparison, type ComparedPairs } from './pair-comparison.js';
import { sketchFilter } from './sketch-filter.js';
import type { SketchSource } from './sketch-store.js';

export { boilerplateThreshold, BOILERPLATE_MIN_DOCUMENTS, BOILERPLATE_SHARE } from '../analysis/boilerplate-sample.js';
export { intersectionSize, setSimilarity, shingleHasher, shingleHashes, sortedUnique, withoutBoilerplate } from '../analysis/shingle-sets.js';
export { comparePairs } from './pair-comparison.js';

export type { SimilarityMode } from '../analysis/shingle-sets.js';
export type VerifyMode = SimilarityMode | 'off';
export const SIMILARITY_MODES: readonly SimilarityMode[] = ['jaccard-or-contained', 'jaccard', 'containment'];
export const VERIFY_MODES: readonly VerifyMode[] = [...SIMILARITY_MODES, 'off'];
/** Why this default: pair-rule.ts. */
export const DEFAULT_VERIFY_MODE: SimilarityMode = 'jaccard-or-contained';
export const DEFAULT_VERIFY_THRESHOLD = 0.5;

export interface VerifySettings {
  readonly mode: SimilarityMode;
  /** A candidate pair is verified when it passes the mode's rule at this threshold (pair-rule.ts); in (0, 1]. */
  readonly threshold: number;
}

/** A verification as the grouping runs it: its settings, the first pass's sample, and where exact sets come from. */
export interface Verification {
  readonly settings: VerifySettings;
  /** The boilerplate sample the first pass gathered. */
  readonly sample: BoilerplateSample;
  /**
   * The shingle sets (analysis/shingle-sets.ts) of the documents `want` asks for, each once, in any order;
   * `documents`: what the first pass read, in order (a second reading checks it reads the same). With `without`,
   * each set comes without those shingles (the boilerplate), left out where the set is made: on the workers, for
   * the records they read back.
   */
  sets(want: (doc: number) => boolean, documents: DocumentTable, without?: ReadonlySet<number>): AsyncIterable<{ readonly doc: number; readonly set: Uint32Array }>;
}

/** What the verification did, for the summary (JSON `verification`) and the measurements in docs/cli.md. */
export interface VerificationStats {
  readonly mode: SimilarityMode;
  readonly threshold: number;
  /** Pairs of representatives within the candidate distance. */
  readonly candidatePairs: number;
  /** Of those, ruled out by their sketches without their texts being read again. */
  readonly sketchDropped: number;
  /** Candidate pairs that passed the rule by their exact sets: the only edges that join groups. */
  readonly verifiedPairs: number;
  /** Documents whose exact sets were made: those in a candidate pair the sketches did not rule out. */
  readonly documentsCompared: number;
  /** Distinct texts the boilerplate was counted on (every one up to 16,384; a sample past that). */
  readonly textsCounted: number;
  /** The share of the distinct texts that is (1: every one). */
  readonly sampleShare: number;
  /** A shingle in this many of the counted texts or more was left out. */
  readonly boilerplateThreshold: number;
  /** How many shingles that made boilerplate. */
  readonly boilerplateShingles: number;
  /** Bytes of the exact sets held. */
  readonly setBytes: number;
  /** The whole verification after the first pass: sketches, reading texts again, the exact comparisons. */
  readonly seconds: number;
  /** Of which making the exact sets (reading texts again and shingling them). */
  readonly shingleSeconds: number;
  /** Of which the sketches' test and the exact comparisons. */
  readonly pairSeconds: number;
}

export interface VerifiedPairs extends ComparedPairs {
  readonly stats: VerificationStats;
}

/**
 * The candidates verified: `sketches` (SKETCH_BINS a document; empty: none, every candidate is compared exactly) and
 * `sizes` (shingle counts a document, for containment's test) from the first pass.
 */
export async function verifyCandidates(candidates: NearPairs, documents: DocumentTable, sketches: SketchSource, sizes: Uint32Array, verification: Verification): Promise<VerifiedPairs> {
  const started = performance.now();
  const { settings } = verification;
  const boilerplate = verification.sample.finish();
  const filtered = sketches.documents === 0 ? { pairs: candidates, dropped: 0 } : sketchFilter(candidates, sketches.select(pairedDocuments(candidates)), sizes, boilerplate, settings);
  const sketchSeconds = (performance.now() - started) / 1000;
  const wanted = new Set<number>();
  for (let i = 0; i < filtered.pairs.earlier.length; i++) wanted.add(filtered.pairs.earlier[i]).add(filtered.pairs.later[i]);
  const setsStarted = performance.now();
  // Each pair compared as its second set comes (pair-comparison.ts).
  const comparison = new PairComparison(filtered.pairs, settings);
  let setBytes = 0;
  for await (const { doc, set } of verification.sets((doc) => wanted.has(doc), documents, boilerplate.shingles)) {
    comparison.add(doc, set);
    setBytes += set.byteLength;
  }
  const { sets, seconds: compareSeconds, ...compared } = comparison.finish();
  const shingleSeconds = (performance.now() - setsStarted) / 1000 - compareSeconds;
  return {
    ...compared,
    stats: {
      mode: settings.mode,
      threshold: settings.threshold,
      candidatePairs: candidates.earlier.length,
      sketchDropped: filtered.dropped,
      verifiedPairs: compared.pairs.earlier.length,
      documentsCompared: sets.size,
      ...boilerplateStats(boilerplate),
      setBytes,
      seconds: (performance.now() - started) / 1000,
      shingleSeconds,
      pairSeconds: sketchSeconds + compareSeconds,
    },
  };
}

function boilerplateStats(boilerplate: Boilerplate) {
  return { textsCounted: boilerplate.texts, sampleShare: boilerplate.share, boilerplateThreshold: boilerplate.threshold, boilerplateShingles: boilerplate.shingles.size };
}

