// Analysed batches gathered and grouped: the step `simhash dedupe` (pipeline.ts) and the library's dedupe() share.
// Per document only its name, fingerprint, token count, digest and (for the verification) sketch are kept, never its
// text. With a verification, the near tier's candidates (pairs within the candidate distance) are checked
// (verify.ts), and only the pairs it verifies join groups.
import type { AnalyzedBatch } from '../analysis/analyze-document.js';
import { DocumentTable } from '../analysis/document-table.js';
import { SpilledSketches, type SketchSource } from './sketch-store.js';
import { candidatePairs, fingerprintsAt, groupDocuments, nearRepresentatives, pairsOfRepresentatives, type Grouping, type GroupingMode, type NearPairs } from './group.js';
import { searchInThread, type PairsSearch } from '../analysis/pairs-search.js';
import { verifyCandidates, type VerificationStats, type Verification } from './verify.js';
import { keepField, type KeepRule } from './keep.js';
import { matchReference, type ReferenceMatches } from './reference-match.js';
import type { ReferenceSet } from './reference-set.js';
import { joinBatchArrays } from '../analysis/batch-arrays.js';
import { exactClasses } from './exact-classes.js';

/** Without verification, leader grouping goes by pairs() up to this k (see groupBatches). */
const PAIRS_LEADER_MAX_DISTANCE = 8;

export interface GroupSettings {
  readonly maxDistance: number;
  readonly minTokens: number;
  readonly grouping: GroupingMode;
  /** Absent: SimHash distance alone decides (--verify off). */
  readonly verify?: Verification;
  /**
   * With a verifier: the candidate distance chosen for the corpus at hand, in place of maxDistance, and the pairs
   * within it (evaluation/candidate-search.ts, chooseCandidates), from the fingerprints of its distinct texts long
   * enough to compare (`ids`: their document numbers).
   */
  readonly chooseDistance?: (fingerprints: BigUint64Array, ids: Uint32Array, search: PairsSearch, meanwhile: () => void) => Promise<{ readonly choice: DistanceChoice; readonly candidates: NearPairs }>;
  /** Which member of each group stays (keep.ts); default 'first'. */
  readonly keep?: KeepRule;
  /** Documents kept before (--against): a document near one of them is dropped for it, and left out of the groups. */
  readonly reference?: ReferenceSet;
  /**
   * Where pairs() runs (the run's workers, kept after the reading: analysis/pairs-search.ts); closed once the last
   * search and the verification (which may read its sets there) are done. Default: this thread.
   */
  readonly search?: PairsSearch;
}

/** How the candidate distance was chosen, when it was (the summary's `distanceChoice`; evaluation/candidate-budget.ts). */
export interface DistanceChoice {
  readonly distance: number;
  /** Distinct texts it was chosen for. */
  readonly documents: number;
  /** Expected chance candidates per document at that distance. */
  readonly chancePerDocument: number;
  readonly budget: number;
}

export interface GroupedDocuments extends Grouping {
  readonly documents: DocumentTable;
  readonly fingerprints: BigUint64Array;
  readonly tokens: Uint32Array;
  /** What the verification did; absent without one. */
  readonly verification?: VerificationStats;
  /** The candidate distance the run used: settings.maxDistance, or the one chosen. */
  readonly maxDistance: number;
  readonly distanceChoice?: DistanceChoice;
  /** With a reference: which documents went for one of its entries (reference-match.ts). */
  readonly reference?: ReferenceMatches;
}

export async function groupBatches(batches: AsyncIterable<AnalyzedBatch>, settings: GroupSettings): Promise<GroupedDocuments> {
  // The sketches (with verification) go to their file as each batch comes (sketch-store.ts): never all in memory.
  const sketches = new SpilledSketches();
  try {
    return await groupWith(batches, sketches, settings);
  } finally {
    sketches.close();
  }
}

async function groupWith(batches: AsyncIterable<AnalyzedBatch>, sketches: SpilledSketches, settings: GroupSettings): Promise<GroupedDocuments> {
  // Batches of a range are held as their columns (document-table.ts), never as an object per document.
  const documents = new DocumentTable();
  const parts: Pick<AnalyzedBatch, 'fingerprints' | 'tokens' | 'digests'>[] = [];
  for await (const batch of batches) {
    documents.addBatch(batch);
    sketches.add(batch.sketches);
    parts.push({ fingerprints: batch.fingerprints, tokens: batch.tokens, digests: batch.digests });
  }
  const n = documents.length;
  const search = settings.search ?? searchInThread;
  // The workers stay while the grouping has seconds of work for them: a search that pays, then the verification's
  // sets; otherwise they go now, before the grouping's memory peaks (the verification then reads in this thread).
  // Their threads end while the grouping starts: waiting for them here cost 50 ms of a 3.7 s run at 1M documents.
  // Documents read back from their inputs, not by their place, are the verification's seconds of work for them
  // whatever the search (dedupe/verify-pass.ts: their texts extracted and shingled there; 19 s of pages by their
  // main content in this thread on 30,000 WARC pages).
  const verifyOnWorkers = settings.verify !== undefined && !documents.allLocated();
  const stays = (k: number) => verifyOnWorkers || search.usesWorkers(k, n);
  const closing = settings.chooseDistance === undefined && !stays(settings.maxDistance) ? search.close() : undefined;
  closing?.catch(() => {}); // awaited before the groups are given back
  const fingerprints = joinBatchArrays(parts.map((part) => part.fingerprints), (length) => new BigUint64Array(length));
  const tokens = joinBatchArrays(parts.map((part) => part.tokens), (length) => new Uint32Array(length));
  // The digests are read where they are (exact-classes.ts): joined they were 16 MB of fresh pages at 1M documents.
  const digests = parts.map((part) => part.digests);
  // The batches' other arrays are copied: let them go before the grouping's memory peaks.
  parts.length = 0;
  // The exact classes once, for every step below (the candidates, the choice of k, the groups).
  const classOf = exactClasses(digests, tokens, n);
  const base = { fingerprints, tokens, digests, classOf, maxDistance: settings.maxDistance, minTokens: settings.minTokens, mode: settings.grouping, keep: settings.keep, keepValues: keepField(settings.keep) === undefined ? undefined : documents.keepValues() };
  if (settings.verify === undefined) {
    const reference = await againstReference(base, settings, sketches, documents);
    // Leader groups from the index's pairs() (one batch search) rather than a nearest() query per document: the same
    // groups (test/dedupe/group-pairs.test.ts), in a third of the time at 1M documents and k = 3. Up to k = 8, where the
    // pairs stay few; past it a pair list could outgrow the queries.
    const nearPairs = settings.grouping === 'leader' && settings.maxDistance <= PAIRS_LEADER_MAX_DISTANCE ? await candidatePairs(base, search) : undefined;
    await (closing ?? search.close());
    return { ...groupDocuments({ ...base, ...(nearPairs === undefined ? {} : { nearPairs }) }), documents, fingerprints, tokens, maxDistance: settings.maxDistance, ...reference };
  }
  let distanceChoice: DistanceChoice | undefined, chosenCandidates: NearPairs | undefined;
  if (settings.chooseDistance !== undefined) {
    const compared = nearRepresentatives(classOf, tokens, settings.minTokens);
    // While the workers search, this thread makes the verification's boilerplate (BoilerplateSample.finish: 120 ms
    // at 1M documents, which the verification would otherwise spend while they wait).
    const boilerplate = () => void settings.verify?.sample.finish();
    ({ choice: distanceChoice, candidates: chosenCandidates } = await settings.chooseDistance(fingerprintsAt(fingerprints, compared), compared, search, boilerplate));
  }
  const input = { ...base, maxDistance: distanceChoice?.distance ?? settings.maxDistance };
  await closing;
  if (!stays(input.maxDistance)) await search.close();
  const reference = await againstReference(input, settings, sketches, documents);
  // The choice found the candidates already: those of them a reference did not take (reference-match.ts).
  const candidates = chosenCandidates === undefined ? await candidatePairs(input, search) : pairsOfRepresentatives(chosenCandidates, input.classOf);
  // The verification reads its sets on the same workers (dedupe/verify-pass.ts), then they go.
  const verified = await verifyCandidates(candidates, documents, sketches, tokens, settings.verify);
  await search.close();
  const grouping = groupDocuments({ ...input, nearPairs: verified.pairs, similarity: verified.similarity, similarityThreshold: verified.stats.threshold, memberSimilarity: verified.between });
  return { ...grouping, documents, fingerprints, tokens, verification: verified.stats, maxDistance: input.maxDistance, ...(distanceChoice === undefined ? {} : { distanceChoice }), ...reference };
}

/**
 * With a reference: the documents near one of its entries, matched at the run's candidate distance, and taken out of
 * the run's own tiers (their exact classes marked as having nothing to compare, as exactClasses marks a text without
 * tokens), so the rest are grouped among themselves as without a reference.
 */
async function againstReference(input: { fingerprints: BigUint64Array; tokens: Uint32Array; classOf: Int32Array; maxDistance: number; minTokens: number }, settings: GroupSettings, sketches: SketchSource, documents: DocumentTable): Promise<{ reference?: ReferenceMatches }> {
  if (settings.reference === undefined) return {};
  const reference = await matchReference({ ...input, sketches, documents, verify: settings.verify }, settings.reference);
  for (let doc = 0; doc < input.classOf.length; doc++) if (reference.entry[doc] >= 0) input.classOf[doc] = -1;
  return { reference };
}
