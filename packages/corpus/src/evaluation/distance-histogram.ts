// How far apart a corpus's documents are: how many of its N(N-1)/2 document pairs lie at each Hamming distance.
// This is the corpus-scale side of the threshold: labelled pairs say how far a copy moves, but only the corpus
// says how many unrelated pairs a k lets in, because their number grows with N², not N.
import { SimHashIndex, type PairsResult } from 'simhash-wasm';
import { HALF_HI, HALF_LO, halvesView, PairSampler, popcount32 } from 'simhash-wasm/internal';

export interface DistanceHistogram {
  /** counts[d]: document pairs at distance d, d = 0..64 (estimated above `exactUpTo` when sampled). */
  readonly counts: Float64Array;
  /** N(N-1)/2. */
  readonly pairs: number;
  /** 'exact': every pair counted. 'sampled': pairs at distance <= exactUpTo counted exactly, the rest from sampledPairs uniform random pairs, scaled. */
  readonly method: 'exact' | 'sampled';
  readonly exactUpTo: number;
  readonly sampledPairs: number;
}

/** Up to this many pairs (about 20,000 documents) every pair is counted: about a second on one core. */
export const EXACT_PAIRS_LIMIT = 200_000_000;
/** Above it, this many random pairs give the bulk of the distribution (its shape, not its rare left tail)... */
export const SAMPLED_PAIRS = 20_000_000;
/** ...and the index counts the left tail exactly up to here, where thresholds are chosen (k = 8: seconds at 1M). */
export const EXACT_TAIL_DISTANCE = 8;

export function distanceHistogram(fingerprints: BigUint64Array, seed = 1): DistanceHistogram {
  if (countsEveryPair(fingerprints.length)) return exactHistogram(fingerprints);
  return withTail(sampledHistogram(fingerprints, seed), tailIndex(fingerprints).pairs(EXACT_TAIL_DISTANCE));
}

/** Whether distanceHistogram counts every pair of n fingerprints (else it samples, and needs the tail searched). */
export const countsEveryPair = (n: number): boolean => pairCount(n) <= EXACT_PAIRS_LIMIT;

/**
 * The rest of `sample` counted, with the exact tail from `tail`: pairs of the same fingerprints within at least
 * EXACT_TAIL_DISTANCE (their ids do not matter, only their distances), being searched meanwhile. The search's
 * messages (the index's tables to each worker, then its parts) are sent as this thread's event loop turns, so the
 * sample is counted a stretch at a time with a turn between: counted whole in JavaScript, it kept the workers waiting
 * for its 0.8 s at 1M documents (in WebAssembly, about 0.45 s while they search). `meanwhile` runs once the sample is
 * counted.
 */
export async function sampledWithTail(sample: PairSample, tail: Promise<PairsResult>, meanwhile?: () => void): Promise<DistanceHistogram> {
  while (!sample.done) {
    sample.count(SAMPLE_STRETCH);
    await new Promise((turned) => setImmediate(turned));
  }
  meanwhile?.(); // the caller's work while the tail is still being searched
  return withTail(sample.histogram(), await tail);
}

/** Pairs of the sample counted between two turns of the event loop: about 6 ms alone, 25 while the workers search. */
export const SAMPLE_STRETCH = 1_000_000;

/** N(N - 1) / 2. */
export const pairCount = (n: number): number => (n * (n - 1)) / 2;

/** Every pair counted. */
function exactHistogram(fingerprints: BigUint64Array): DistanceHistogram {
  const n = fingerprints.length;
  // Read through a view of the words, not a BigInt per fingerprint (55 ms at 1M on the grouping's serial path).
  const words = halvesView(fingerprints);
  const counts = new Float64Array(65);
  for (let i = 1; i < n; i++) {
    const l = words[2 * i + HALF_LO], h = words[2 * i + HALF_HI];
    for (let j = 0; j < i; j++) counts[popcount32(l ^ words[2 * j + HALF_LO]) + popcount32(h ^ words[2 * j + HALF_HI])]++;
  }
  return { counts, pairs: pairCount(n), method: 'exact', exactUpTo: 64, sampledPairs: 0 };
}

/** SAMPLED_PAIRS uniform random pairs counted and scaled: the bulk of the distribution, its left tail still to count. */
function sampledHistogram(fingerprints: BigUint64Array, seed: number): DistanceHistogram {
  const sample = new PairSample(fingerprints, seed);
  sample.count(SAMPLED_PAIRS);
  return sample.histogram();
}

/**
 * The sample's pairs, counted a stretch at a time: the same pairs in the same order however it is cut. Counted in
 * WebAssembly (simhash-wasm's PairSampler: 20M pairs at 1M documents 0.6 to 0.8 s in JavaScript, where it competed
 * with the search's workers for the cores), with the generator of this package's Random, draw for draw.
 */
export class PairSample {
  readonly #n: number;
  readonly #sampler: PairSampler;

  constructor(fingerprints: BigUint64Array, seed: number) {
    this.#n = fingerprints.length;
    this.#sampler = new PairSampler(fingerprints, seed);
  }

  get done(): boolean {
    return this.#sampler.counted === SAMPLED_PAIRS;
  }

  /** Up to `pairs` more pairs of the sample. */
  count(pairs: number): void {
    this.#sampler.count(Math.min(pairs, SAMPLED_PAIRS - this.#sampler.counted));
  }

  /** The share of the pairs counted so far that lie within k. */
  shareWithin(k: number): number {
    const counts = this.#sampler.counts;
    let within = 0;
    for (let d = 0; d <= k; d++) within += counts[d];
    const counted = this.#sampler.counted;
    return counted === 0 ? 0 : within / counted;
  }

  /** Pairs counted so far. */
  get counted(): number {
    return this.#sampler.counted;
  }

  histogram(): DistanceHistogram {
    const pairs = pairCount(this.#n);
    const counts = Float64Array.from(this.#sampler.counts, (count) => count * (pairs / SAMPLED_PAIRS));
    return { counts, pairs, method: 'sampled', exactUpTo: EXACT_TAIL_DISTANCE, sampledPairs: SAMPLED_PAIRS };
  }
}

/** The sample cannot see a left tail of a few thousand pairs among billions: an index to count it exactly. */
function tailIndex(fingerprints: BigUint64Array): SimHashIndex {
  const tail = new SimHashIndex({ maxDistance: EXACT_TAIL_DISTANCE });
  tail.addMany(fingerprints);
  return tail;
}

/** The sampled histogram with its counts up to EXACT_TAIL_DISTANCE replaced by the tail's exact ones. */
function withTail(histogram: DistanceHistogram, tail: PairsResult): DistanceHistogram {
  const { counts } = histogram;
  counts.fill(0, 0, EXACT_TAIL_DISTANCE + 1);
  for (let p = 0; p < tail.length; p++) if (tail.distances[p] <= EXACT_TAIL_DISTANCE) counts[tail.distances[p]]++;
  return histogram;
}
