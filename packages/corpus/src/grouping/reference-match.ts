// A run against a reference (reference-set.ts): which new documents are near-duplicates of a document kept before.
// Each near-tier representative of the run (the first of its exact class, long enough to compare) is looked up among
// the reference's fingerprints within the candidate distance k, and each candidate pair is verified as the run's own
// pairs are (verify.ts), with the run's boilerplate shingles left out:
// - a reference of documents: the pair's sketches rule out what is far below the threshold (sketch-filter.ts), and
//   the rest are decided by the rule (pair-rule.ts) over the two exact shingle sets, the reference's texts read again;
// - an index: there is no text, so the pair is decided by the sketch estimate of its Jaccard, matching bins / bins in
//   use, and never on fewer than MIN_SKETCH_BINS bins: the entry's stored sketch of REFERENCE_BINS (a standard error
//   of about 0.044 at a Jaccard of 0.5) against the new document's at as many, made from its set read again (its
//   first pass made SKETCH_BINS, a standard error of 0.088: half as many pairs near the threshold left to chance);
//   a sketch cannot tell containment, so 'jaccard-or-contained' is its Jaccard clause alone there;
// - without verification: SimHash distance alone.
// A document goes to the verified reference entry it is most similar to (ties: the nearest, then the earliest), and
// its exact copies in the run go with it. The groups of the run are then made without them (group-batches.ts).
import type { DocumentTable } from '../analysis/document-table.js';
import type { SketchSource } from './sketch-store.js';
import { BoilerplateFilter, sketchOfSet, withoutBoilerplate } from '../analysis/shingle-sets.js';
import { fingerprintsAt, nearRepresentatives } from './group.js';
import { binAgreement, dropLimits } from './sketch-filter.js';
import { leastJaccard, pairVerdict } from './pair-rule.js';
import { EMPTY_BIN, SKETCH_BINS } from '../analysis/minhash-sketch.js';
import type { Verification } from './verify.js';
import { referenceVerification, type ReferenceLookup, type ReferenceSet, type ReferenceVerification } from './reference-set.js';

/** Below this many bins in use (the rest empty or boilerplate), a sketch cannot tell: the pair is not verified. */
export const MIN_SKETCH_BINS = 8;

export interface ReferenceStats {
  readonly verification: ReferenceVerification;
  /** Reference entries. */
  readonly entries: number;
  /** Pairs of a new document and a reference entry within the candidate distance. */
  readonly candidatePairs: number;
  /** Of those, verified (all of them without verification). */
  readonly verifiedPairs: number;
  /** New documents dropped for a reference entry (exact copies of one included). */
  readonly documents: number;
  /** The candidate distance of the lookups: the run's k, or less where the reference answers within less. */
  readonly distance: number;
  /** Candidate pairs whose reference entry has no sketch (stored without one): not verified, so not dropped. */
  readonly unverifiable: number;
}

export interface ReferenceMatches {
  /** Per document of the run: the reference entry it went for, or -1. */
  readonly entry: Int32Array;
  readonly distance: Uint8Array;
  /** The verified similarity to that entry; NaN without verification or for no entry. */
  readonly similarity: Float64Array;
  readonly names: readonly (string | number)[];
  readonly stats: ReferenceStats;
}

export interface ReferenceInput {
  readonly fingerprints: BigUint64Array;
  readonly tokens: Uint32Array;
  /** The run's sketches (none without verification). */
  readonly sketches: SketchSource;
  readonly classOf: Int32Array;
  readonly minTokens: number;
  readonly maxDistance: number;
  readonly documents: DocumentTable;
  readonly verify?: Verification;
}

/** The candidate pairs (run document, reference entry), each with its distance, and what the lookup found. */
interface Candidates {
  readonly docs: number[];
  readonly entries: number[];
  readonly distances: number[];
  readonly found: ReferenceLookup;
}

export async function matchReference(input: ReferenceInput, reference: ReferenceSet): Promise<ReferenceMatches> {
  const n = input.fingerprints.length;
  const check = referenceVerification(reference, input.verify?.settings.mode ?? 'off');
  if (check !== 'off' && check !== 'exact' && check !== 'sketch') throw new RangeError(`the reference cannot be verified against: ${check}`);
  const how: ReferenceVerification = check;
  const candidates = await findCandidates(input, reference);
  const { similarity, passed } = how === 'off' ? { similarity: candidates.docs.map(() => NaN), passed: candidates.docs.map(() => true) } : await verifyPairs(input, reference, candidates, how === 'exact');
  const entry = new Int32Array(n).fill(-1);
  const distance = new Uint8Array(n);
  const best = new Float64Array(n).fill(NaN);
  let verifiedPairs = 0;
  candidates.docs.forEach((doc, i) => {
    const s = similarity[i];
    if (!passed[i]) return;
    verifiedPairs++;
    const e = candidates.entries[i], d = candidates.distances[i];
    const better = entry[doc] < 0 || s > best[doc] || ((s === best[doc] || how === 'off') && (d < distance[doc] || (d === distance[doc] && e < entry[doc])));
    if (better) [entry[doc], distance[doc], best[doc]] = [e, d, s];
  });
  // Exact copies go with the first of their class.
  let documents = 0;
  for (let doc = 0; doc < n; doc++) {
    const first = input.classOf[doc];
    if (first < 0 || entry[first] < 0) continue;
    [entry[doc], distance[doc], best[doc]] = [entry[first], distance[first], best[first]];
    documents++;
  }
  const unverifiable = how === 'sketch' ? candidates.entries.filter((e) => !hasSketch(candidates.found, e)).length : 0;
  const stats = { verification: how, entries: reference.size, candidatePairs: candidates.docs.length, verifiedPairs, documents, distance: candidates.found.distance ?? input.maxDistance, unverifiable };
  return { entry, distance, similarity: best, names: candidates.found.names, stats };
}

function hasSketch({ sketches, bins }: ReferenceLookup, entry: number): boolean {
  for (let bin = 0; bin < bins; bin++) if (sketches[entry * bins + bin] !== EMPTY_BIN) return true;
  return false;
}

async function findCandidates(input: ReferenceInput, reference: ReferenceSet): Promise<Candidates> {
  const docs = nearRepresentatives(input.classOf, input.tokens, input.minTokens);
  const found = await reference.lookup(fingerprintsAt(input.fingerprints, docs), input.maxDistance, input.minTokens);
  const candidates: Candidates = { docs: [], entries: [], distances: [], found };
  docs.forEach((doc, q) => {
    for (let h = found.offsets[q]; h < found.offsets[q + 1]; h++) {
      candidates.docs.push(doc);
      candidates.entries.push(found.entries[h]);
      candidates.distances.push(found.distances[h]);
    }
  });
  return candidates;
}

/**
 * Each candidate pair's similarity and whether it passed: by the rule over the exact sets where the reference's texts
 * can be read, else by the sketch estimate of the Jaccard against the threshold (NaN, not passed: cannot tell).
 */
async function verifyPairs(input: ReferenceInput, reference: ReferenceSet, candidates: Candidates, exact: boolean): Promise<{ similarity: number[]; passed: boolean[] }> {
  const verify = input.verify!;
  const boilerplate = verify.sample.finish();
  const filter = new BoilerplateFilter(boilerplate.shingles);
  const { sketches, bins } = candidates.found;
  const agreement = bins === SKETCH_BINS ? await firstPassAgreement(input, candidates, filter) : await rereadAgreement(input, candidates, filter);
  if (!exact) {
    const similarity = agreement.map(({ used, matches }) => (used >= MIN_SKETCH_BINS ? matches / used : NaN));
    return { similarity, passed: similarity.map((s) => s >= verify.settings.threshold) };
  }
  // The sketches rule out the pairs far below the least Jaccard that can pass whatever the sizes (pair-rule.ts; none
  // for containment), when both have one.
  const limits = sketches.length > 0 && input.sketches.documents > 0 ? dropLimits(leastJaccard(verify.settings)) : undefined;
  const left = candidates.docs.map((_, i) => limits === undefined || agreement[i].matches > limits[agreement[i].used]);
  const wantDocs = new Set<number>(), wantEntries = new Set<number>();
  candidates.docs.forEach((doc, i) => {
    if (!left[i]) return;
    wantDocs.add(doc);
    wantEntries.add(candidates.entries[i]);
  });
  const docSets = new Map<number, Uint32Array>(), entrySets = new Map<number, Uint32Array>();
  for await (const { doc, set } of verify.sets((d) => wantDocs.has(d), input.documents, boilerplate.shingles)) docSets.set(doc, set);
  for await (const { doc, set } of reference.sets!((e) => wantEntries.has(e))) entrySets.set(doc, withoutBoilerplate(set, filter));
  const empty = new Uint32Array(0);
  const pairSets = candidates.docs.map((doc, i) => [docSets.get(doc) ?? empty, entrySets.get(candidates.entries[i]) ?? empty] as const);
  const verdicts = pairSets.map(([a, b], i) => (left[i] ? pairVerdict(a, b, verify.settings) : { passes: false, similarity: 0 }));
  return { similarity: verdicts.map((v) => v.similarity), passed: verdicts.map((v) => v.passes) };
}

/** Each candidate pair's bins in agreement, by the run's sketches of the candidates' documents, read back from where the first pass put them. */
async function firstPassAgreement(input: ReferenceInput, candidates: Candidates, filter: BoilerplateFilter): Promise<{ used: number; matches: number }[]> {
  const own = input.sketches.select(Uint32Array.from(new Set(candidates.docs)).sort());
  return candidates.docs.map((doc, i) => binAgreement(own.words, own.offsetOf(doc), candidates.found.sketches, candidates.entries[i] * SKETCH_BINS, filter));
}

/** The same at the reference's bins (more than the first pass made): the candidates' documents read again and sketched. */
async function rereadAgreement(input: ReferenceInput, candidates: Candidates, filter: BoilerplateFilter): Promise<{ used: number; matches: number }[]> {
  const { sketches, bins } = candidates.found;
  const wanted = new Set(candidates.docs);
  if (wanted.size === 0) return []; // no input read again for nothing
  const own = new Map<number, Uint32Array>();
  for await (const { doc, set } of input.verify!.sets((d) => wanted.has(d), input.documents)) own.set(doc, sketchOfSet(set, bins));
  const empty = new Uint32Array(bins).fill(EMPTY_BIN);
  return candidates.docs.map((doc, i) => binAgreement(own.get(doc) ?? empty, 0, sketches, candidates.entries[i] * bins, filter, bins));
}
