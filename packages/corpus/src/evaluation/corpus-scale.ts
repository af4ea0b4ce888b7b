// The threshold at the corpus's own scale. For every k: the pairs of this corpus within k, how many of them chance
// alone gives (the beta-binomial fitted to the corpus's pair distances, times the number of pairs), and so the
// precision to expect from deduplicating this corpus at k. A k that looks fine on balanced labelled pairs (as many
// copies as non-copies) can let in millions of unrelated pairs in a corpus, whose pairs grow with N².
//
// Chance is not the only way a pair within k can be wrong: related texts (one spam campaign's template with other
// words, one site's pages) sit closer than chance and are still not copies. No model of unrelated pairs sees them,
// so when the texts are at hand a sample of the pairs at each distance is checked by a judge that does not use
// SimHash (verify), and the recommendation must hold for both estimates.
import { SimHashIndex } from 'simhash-wasm';
import { cumulative, fitBetaBinomial, type BetaBinomial } from './beta-binomial.js';
import { Random } from './random.js';
import { distanceHistogram, type DistanceHistogram } from './distance-histogram.js';
import type { Evaluation } from './metrics.js';

export interface CorpusScaleRow {
  readonly k: number;
  /** Pairs of the corpus's documents at distance <= k (estimated above the histogram's exactUpTo when sampled). */
  readonly pairsWithin: number;
  /** Of them, how many unrelated pairs chance alone would put there. */
  readonly chancePairsWithin: number;
  /** 1 - chance / within, at least 0; null when no pair is within k. */
  readonly expectedPrecision: number | null;
  /** Share of the pairs within k the judge calls copies, from a sample of each distance; absent without a judge. */
  readonly verifiedPrecision?: number | null;
}

export interface Recommendation {
  readonly distance: number;
  readonly target: number;
  readonly expectedPrecision: number | null;
  readonly pairsWithin: number;
  readonly chancePairsWithin: number;
  readonly verifiedPrecision?: number | null;
  /** Precision and recall of the labelled pairs at this k, when there were labelled pairs. */
  readonly labelledPrecision?: number | null;
  readonly labelledRecall?: number | null;
  readonly reason: string;
}

export interface CorpusScale {
  /** Documents compared (long enough to compare). */
  readonly documents: number;
  readonly pairs: number;
  readonly method: DistanceHistogram['method'];
  readonly exactUpTo: number;
  readonly sampledPairs: number;
  readonly fit: BetaBinomial;
  /** Pairs checked by the judge at each distance (at most), and up to which k; absent without a judge. */
  readonly verification?: { readonly perDistance: number; readonly upTo: number; readonly checked: number };
  readonly rows: readonly CorpusScaleRow[];
  readonly recommended: Recommendation;
}

/** Default target: the expected share of right pairs among those called near-duplicates. */
export const DEFAULT_TARGET_PRECISION = 0.9;
const MAX_K = 32;
/** Pairs the judge checks per distance: a share known to about ±7 points at 95% confidence, in well under a second. */
export const VERIFY_PER_DISTANCE = 200;
/** Pairs within k are listed for the sample only up to the k where they stop fitting in memory comfortably. */
const VERIFY_MAX_PAIRS = 2_000_000;

export const RECOMMENDATION_RULE = 'the largest k whose expected corpus-scale precision (from chance, and from the judged sample when there is one) is at least the target';

export interface CorpusScaleOptions {
  /** The expected precision the recommended k must reach; default 0.9. */
  readonly target?: number;
  /** The labelled-pair evaluation of the same pipeline, reported beside the recommendation. */
  readonly labelled?: Evaluation;
  /**
   * Is the pair (documents a, b: positions in fingerprints) a copy, by a judge that does not use SimHash? Give the
   * fingerprints of distinct texts only (as dedupe's near tier compares them): exact copies are not k's to find.
   */
  readonly verify?: (a: number, b: number) => boolean;
}

export function corpusScale(fingerprints: BigUint64Array, options: CorpusScaleOptions = {}): CorpusScale {
  const target = options.target ?? DEFAULT_TARGET_PRECISION;
  if (!(target > 0 && target < 1)) throw new RangeError(`options.target must be between 0 and 1 (exclusive), got ${target}`);
  if (fingerprints.length < 2) throw new RangeError(`fingerprints must hold at least 2 documents, got ${fingerprints.length}`);
  const histogram = distanceHistogram(fingerprints);
  const fit = fitBetaBinomial(histogram.counts);
  const chance = cumulative(fit);
  const rows: CorpusScaleRow[] = [];
  let within = 0;
  for (let k = 0; k <= MAX_K; k++) {
    within += histogram.counts[k];
    const chancePairsWithin = chance[k] * histogram.pairs;
    const expectedPrecision = within === 0 ? null : Math.max(0, 1 - chancePairsWithin / within);
    rows.push({ k, pairsWithin: Math.round(within), chancePairsWithin, expectedPrecision });
  }
  const verification = options.verify === undefined ? undefined : verifyRings(fingerprints, histogram.counts, rows, options.verify);
  return {
    documents: fingerprints.length,
    pairs: histogram.pairs,
    method: histogram.method,
    exactUpTo: histogram.exactUpTo,
    sampledPairs: histogram.sampledPairs,
    fit,
    ...(verification === undefined ? {} : { verification }),
    rows,
    recommended: recommend(rows, target, options.labelled),
  };
}

function recommend(rows: readonly CorpusScaleRow[], target: number, labelled: Evaluation | undefined): Recommendation {
  // Both estimates are of the pairs within k taken together, which is what deduplicating at k gets; the
  // judged one can dip at small k (a few unrelated texts with the same fingerprint) and recover, so no early stop.
  const meets = (row: CorpusScaleRow) => row.expectedPrecision !== null && row.expectedPrecision >= target
    && (row.verifiedPrecision === undefined || (row.verifiedPrecision !== null && row.verifiedPrecision >= target));
  let chosen = rows[0];
  for (const row of rows) if (meets(row)) chosen = row;
  const atK = labelled?.rows.find((r) => r.k === chosen.k);
  const percent = (x: number | null) => (x === null ? '-' : `${(100 * x).toFixed(1)}%`);
  return {
    distance: chosen.k,
    target,
    expectedPrecision: chosen.expectedPrecision,
    pairsWithin: chosen.pairsWithin,
    chancePairsWithin: chosen.chancePairsWithin,
    ...(chosen.verifiedPrecision === undefined ? {} : { verifiedPrecision: chosen.verifiedPrecision }),
    ...(atK === undefined ? {} : { labelledPrecision: atK.precision, labelledRecall: atK.recall }),
    reason: `${RECOMMENDATION_RULE} (${percent(target)}): at k = ${chosen.k}, ${chosen.pairsWithin} pairs within, ${chosen.chancePairsWithin.toFixed(1)} of them expected by chance, expected precision ${percent(chosen.expectedPrecision)}${chosen.verifiedPrecision === undefined ? '' : `, judged on a sample ${percent(chosen.verifiedPrecision)}`}`,
  };
}

/**
 * Fills rows[k].verifiedPrecision: the pairs at each distance d are listed (through the index, up to the largest k
 * whose pairs fit VERIFY_MAX_PAIRS), VERIFY_PER_DISTANCE of them drawn at random and judged; the share right at d
 * weighs the count at d. Past that k the rows get null (unknown), which stops the recommendation there.
 */
function verifyRings(fingerprints: BigUint64Array, counts: Float64Array, rows: CorpusScaleRow[], verify: (a: number, b: number) => boolean) {
  let upTo = -1;
  while (upTo < MAX_K && rows[upTo + 1].pairsWithin <= VERIFY_MAX_PAIRS) upTo++;
  if (upTo < 0) return { perDistance: VERIFY_PER_DISTANCE, upTo, checked: 0 };
  const index = new SimHashIndex({ maxDistance: upTo });
  index.addMany(fingerprints);
  const pairs = index.pairs(upTo);
  const rings: number[][] = Array.from({ length: upTo + 1 }, () => []);
  for (let p = 0; p < pairs.length; p++) rings[pairs.distances[p]].push(p);
  const random = new Random(1);
  let checked = 0, right = 0, weight = 0;
  for (let k = 0; k <= MAX_K; k++) {
    if (k > upTo) {
      rows[k] = { ...rows[k], verifiedPrecision: null };
      continue;
    }
    const ring = random.shuffle(rings[k]).slice(0, VERIFY_PER_DISTANCE);
    const good = ring.filter((p) => verify(pairs.a[p], pairs.b[p])).length;
    checked += ring.length;
    if (ring.length > 0) {
      right += (counts[k] * good) / ring.length;
      weight += counts[k];
    }
    rows[k] = { ...rows[k], verifiedPrecision: weight === 0 ? null : right / weight };
  }
  return { perDistance: VERIFY_PER_DISTANCE, upTo, checked };
}
