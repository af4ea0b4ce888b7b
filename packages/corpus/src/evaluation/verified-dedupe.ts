// What `simhash dedupe` with no -k does to this corpus, and the precision and recall to expect from it: the
// candidate distance it would choose and its candidates (candidate-search.ts's chooseCandidates, as dedupe calls it) and its verification
// (grouping/verify.ts's verifyCandidates over the first pass's sketches and boilerplate sample, as dedupe runs it),
// run here on the corpus; the labelled pairs are compared by verify.ts's own functions (shingleHashes,
// withoutBoilerplate with the corpus's boilerplate, pairPasses). Each number says how it was had:
// - counted: the corpus's candidate pairs within k and those that pass verification, as dedupe would count them;
// - measured: precision and recall on the labelled pairs, each pair called a duplicate as dedupe would call it (one
//   normalised text; or within k and verified, with the corpus's boilerplate left out of its shingle sets; exactly,
//   where dedupe first lets the sketches rule out pairs far below the threshold, which loses a pair that would pass
//   with probability at most FALSE_DROP);
// - estimated, at the corpus's scale, where there are no labels: precision by chance (random pairs of the corpus
//   verified as dedupe verifies, their pass rate times the chance pairs within k: random pairs stand for the
//   unrelated pairs that chance puts within k) and judged (a sample of the verified pairs checked by the judge that
//   does not use SimHash nor the boilerplate rule: raw word 3-shingle Jaccard >= 0.5). Recall has no corpus-scale
//   estimate (the copies beyond k are not listed): the labelled pairs' is the one expected.
import type { Tokenization } from 'simhash-wasm';
import type { BoilerplateSample } from '../analysis/boilerplate-sample.js';
import { fingerprintsAt, nearRepresentatives } from '../grouping/group.js';
import { FALSE_DROP } from '../grouping/sketch-filter.js';
import { pairPasses } from '../grouping/pair-rule.js';
import { shingleHasher, shingleHashes, verifyCandidates, withoutBoilerplate, type Verification, type VerifiedPairs, type VerifySettings } from '../grouping/verify.js';
import { MAX_CANDIDATE_DISTANCE, MIN_CANDIDATE_DISTANCE, PAIRS_NS_PER_DOCUMENT } from './candidate-budget.js';
import { chooseCandidates, type CorpusCandidateDistance } from './candidate-search.js';
import type { MeasuredPair, PairTexts } from './labelled-pairs.js';
import { Random } from './random.js';
import { jaccard, JUDGE_JACCARD, shingleSet } from './shingle-jaccard.js';
import { DocumentTable } from '../analysis/document-table.js';
import { leavingOut } from '../analysis/shingle-sets.js';
import { sketchesInMemory } from '../grouping/sketch-store.js';

/** Random pairs of the corpus verified for the chance estimate: a pass rate of 1 in 1,000 is seen about twice. */
export const CHANCE_SAMPLE_PAIRS = 2000;
/** Verified pairs the judge checks: a share known to about ±7 points at 95% confidence (as corpus-scale.ts's rings). */
export const JUDGED_SAMPLE_PAIRS = 200;

export interface AnalysedCorpus {
  /** Each document's text as dedupe's verification reads it (HTML already reduced to text). */
  readonly texts: readonly string[];
  readonly fingerprints: BigUint64Array;
  readonly tokens: Uint32Array;
  readonly digests: Uint8Array;
  /** What dedupe's first pass gathers for the verification: each text's MinHash sketch, and the boilerplate sample. */
  readonly sketches: Uint32Array;
  readonly sample: BoilerplateSample;
  /** classOf[d]: the first document with d's normalised text (grouping/exact-classes.ts). */
  readonly classOf: Int32Array;
}

export interface VerifiedDedupeOptions {
  readonly minTokens: number;
  readonly shingle: number;
  readonly tokens?: Tokenization;
  readonly verify: VerifySettings;
  /** The labelled pairs, those measured (both sides long enough) and where they came from. */
  readonly pairs: readonly PairTexts[];
  readonly measured: readonly MeasuredPair[];
  readonly pairsSource: 'given' | 'made';
}

export interface VerifiedDedupe {
  /** The candidate distance dedupe would choose, and how. */
  readonly distance: number;
  readonly distanceChoice: Omit<CorpusCandidateDistance, 'fit'> & { readonly how: string };
  readonly mode: VerifySettings['mode'];
  readonly threshold: number;
  /** A shingle in this many distinct texts or more is boilerplate; of how many counted, a share of all. */
  readonly boilerplate: { readonly threshold: number; readonly textsCounted: number; readonly sampleShare: number };
  readonly corpus: { readonly candidatePairs: number; readonly verifiedPairs: number; readonly how: string };
  readonly labelled: {
    readonly source: 'given' | 'made';
    readonly pairs: number;
    readonly duplicates: number;
    readonly truePositives: number;
    readonly falsePositives: number;
    readonly falseNegatives: number;
    readonly precision: number | null;
    readonly recall: number | null;
    readonly f1: number;
    readonly how: string;
  };
  readonly chance: {
    readonly randomPairs: number;
    readonly randomVerified: number;
    readonly chancePairsWithin: number;
    readonly expectedWrong: number;
    readonly precision: number | null;
    readonly how: string;
  };
  readonly judged: { readonly sampled: number; readonly right: number; readonly precision: number | null; readonly how: string };
  /** What to expect from dedupe with these settings. */
  readonly expected: { readonly precision: number | null; readonly recall: number | null; readonly how: string };
}

export async function verifiedDedupe(corpus: AnalysedCorpus, options: VerifiedDedupeOptions): Promise<VerifiedDedupe> {
  const { fingerprints, tokens, sketches, classOf } = corpus;
  const n = fingerprints.length;
  const compared = nearRepresentatives(classOf, tokens, options.minTokens);
  const { choice, candidates } = await chooseCandidates(fingerprintsAt(fingerprints, compared), compared);
  const k = choice.distance;
  const hasher = shingleHasher(options);
  const verification: Verification = {
    settings: options.verify,
    sample: corpus.sample,
    async *sets(want, _documents, without) {
      const leftOut = leavingOut(without);
      for (let doc = 0; doc < n; doc++) if (want(doc)) yield { doc, set: leftOut(shingleHashes(hasher, corpus.texts[doc])) };
    },
  };
  // The texts are in memory, not read a second time: no first reading's documents to check them against.
  const verified = await verifyCandidates(candidates, new DocumentTable(), sketchesInMemory(sketches), tokens, verification);

  // Any two texts compared as the verification compares a pair, with the corpus's boilerplate left out.
  const boilerplate = corpus.sample.finish().shingles;
  const setOf = (text: string) => withoutBoilerplate(shingleHashes(hasher, text), boilerplate);
  const passes = (a: string, b: string) => pairPasses(setOf(a), setOf(b), options.verify);
  const random = new Random(1);
  const randomPairs = Array.from({ length: compared.length < 2 ? 0 : CHANCE_SAMPLE_PAIRS }, () => {
    const a = random.below(compared.length);
    const b = (a + 1 + random.below(compared.length - 1)) % compared.length;
    return passes(corpus.texts[compared[a]], corpus.texts[compared[b]]);
  });
  const labelled = measureLabelled(options, passes, k);
  const chance = chanceEstimate(randomPairs, verified, choice);
  const judged = judgeSample(verified, corpus.texts, random);
  const precisions = [chance.precision, judged.precision].filter((p): p is number => p !== null);
  const { mode, threshold } = options.verify;
  return {
    distance: k,
    distanceChoice: {
      distance: k, documents: choice.documents, chancePerDocument: choice.chancePerDocument, budget: choice.budget,
      pairsNsPerDocument: choice.pairsNsPerDocument,
      how: `chosen as dedupe chooses it with no -k: the largest k from ${MIN_CANDIDATE_DISTANCE} to ${MAX_CANDIDATE_DISTANCE} whose chance candidates a text, (N - 1) · P(D <= k) under the beta-binomial fitted to the pair distances, stay within ${choice.budget}, and whose search the index's cost model puts within ${PAIRS_NS_PER_DOCUMENT / 1000} µs a text (N = ${choice.documents} distinct texts: ${choice.chancePerDocument.toFixed(2)} chance candidates and ${(choice.pairsNsPerDocument / 1000).toFixed(2)} µs at k = ${k})`,
    },
    mode,
    threshold,
    boilerplate: { threshold: verified.stats.boilerplateThreshold, textsCounted: verified.stats.textsCounted, sampleShare: verified.stats.sampleShare },
    corpus: {
      candidatePairs: verified.stats.candidatePairs,
      verifiedPairs: verified.stats.verifiedPairs,
      how: 'counted: every pair of distinct texts within k verified as dedupe verifies it, sketches first',
    },
    labelled,
    chance,
    judged,
    expected: {
      precision: precisions.length === 0 ? null : Math.min(...precisions),
      recall: labelled.recall,
      how: 'precision: the lower of the two corpus-scale estimates; recall: measured on the labelled pairs',
    },
  };
}

/** Each labelled pair called a duplicate as dedupe would call it, against its label. */
function measureLabelled(options: VerifiedDedupeOptions, passes: (a: string, b: string) => boolean, k: number): VerifiedDedupe['labelled'] {
  let tp = 0, fp = 0, fn = 0;
  for (const m of options.measured) {
    const { a, b } = options.pairs[m.pair];
    const called = m.exact || (m.distance <= k && passes(a, b));
    if (called && m.duplicate) tp++;
    else if (called) fp++;
    else if (m.duplicate) fn++;
  }
  const precision = tp + fp === 0 ? null : tp / (tp + fp);
  const recall = tp + fn === 0 ? null : tp / (tp + fn);
  const from = options.pairsSource === 'given' ? 'given with --pairs' : 'made from the corpus by controlled edits';
  return {
    source: options.pairsSource,
    pairs: options.measured.length,
    duplicates: tp + fn,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    precision,
    recall,
    f1: precision === null || recall === null || tp === 0 ? 0 : (2 * precision * recall) / (precision + recall),
    how: `measured on the labelled pairs (${from}; balanced, not the corpus's mix): a pair is called a duplicate when its sides are one normalised text, or within k and verified as dedupe verifies, the corpus's boilerplate left out (exactly: dedupe's sketches would lose a pair that passes with probability at most ${FALSE_DROP})`,
  };
}

/** Random pairs' pass rate, times the chance pairs expected within k: the wrong pairs verification lets through. */
function chanceEstimate(randomPairs: readonly boolean[], verified: VerifiedPairs, choice: CorpusCandidateDistance): VerifiedDedupe['chance'] {
  const passed = randomPairs.filter((p) => p).length;
  const chancePairsWithin = (choice.documents * choice.chancePerDocument) / 2;
  const expectedWrong = randomPairs.length === 0 ? 0 : (chancePairsWithin * passed) / randomPairs.length;
  const count = verified.stats.verifiedPairs;
  return {
    randomPairs: randomPairs.length,
    randomVerified: passed,
    chancePairsWithin,
    expectedWrong,
    precision: count === 0 ? null : Math.max(0, 1 - expectedWrong / count),
    how: `estimated: ${passed} of ${randomPairs.length} random pairs of distinct texts verified; at that rate, ${expectedWrong.toFixed(1)} of the ${chancePairsWithin.toFixed(1)} pairs chance puts within k would pass`,
  };
}

/** A sample of the verified pairs checked by the judge that does not use SimHash. */
function judgeSample(verified: VerifiedPairs, texts: readonly string[], random: Random): VerifiedDedupe['judged'] {
  const { earlier, later } = verified.pairs;
  const sample = random.shuffle(Array.from(earlier.keys())).slice(0, JUDGED_SAMPLE_PAIRS);
  const right = sample.filter((i) => jaccard(shingleSet(texts[earlier[i]]), shingleSet(texts[later[i]])) >= JUDGE_JACCARD).length;
  return {
    sampled: sample.length,
    right,
    precision: sample.length === 0 ? null : right / sample.length,
    how: `estimated: ${right} of ${sample.length} verified pairs drawn at random have raw word 3-shingle Jaccard >= ${JUDGE_JACCARD}, a judge that uses neither SimHash nor the boilerplate rule`,
  };
}
