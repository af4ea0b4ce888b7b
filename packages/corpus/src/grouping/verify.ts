// The verification tier: a near candidate (two documents within the candidate distance k) joins a group only when
// a signal that does not use SimHash agrees: the exact Jaccard (or containment) of the two documents' sets of
// shingle hashes, with the corpus's boilerplate shingles left out. The shingles are the fingerprint's own (the
// hasher's `features()`: the same tokens and width), but the comparison is exact set arithmetic, so SimHash's
// ~±4-bit noise on unrelated texts cannot let a pair through.
//
// Sets: each document's shingle hashes, cut to their low 32 bits, sorted and unique (4 bytes a distinct shingle).
// Two different shingles share 32 bits with probability 2^-32, so a pair of 1,000-shingle sets gains a false shared
// shingle with probability ~2.3e-4: the similarity moves by at most 1/|A ∪ B| then.
//
// Boilerplate: a shingle in at least max(BOILERPLATE_MIN_DOCUMENTS, BOILERPLATE_SHARE × N) distinct texts of the
// corpus (N: the distinct texts counted) is left out of every set before the comparison. The count is over the
// whole corpus (every distinct text read in the verification pass, dedupe/verify-pass.ts), not over the documents in
// candidate pairs alone: a list footer is boilerplate because a thousand messages carry it, even when only two of them
// are near candidates. It is counted in a count-min sketch of fixed size (DocumentFrequency), which can only
// over-count; its error is measured in test/dedupe/verify.test.ts.
import { createSimHash, type SimHash, type Tokenization } from 'simhash-wasm';
import type { NearPairs } from './group.js';

export type VerifyMode = 'jaccard' | 'containment' | 'off';
export const VERIFY_MODES: readonly VerifyMode[] = ['jaccard', 'containment', 'off'];
export const DEFAULT_VERIFY_THRESHOLD = 0.5;

/** A shingle in this many distinct texts or more (and in BOILERPLATE_SHARE of them) is boilerplate. */
export const BOILERPLATE_MIN_DOCUMENTS = 8;
export const BOILERPLATE_SHARE = 0.01;

export interface VerifySettings {
  readonly mode: 'jaccard' | 'containment';
  /** A candidate pair is verified when its similarity is at least this; in (0, 1]. */
  readonly threshold: number;
}

/** What the verification did, for the summary (JSON `verification`) and the measurements in docs/cli.md. */
export interface VerificationStats {
  readonly mode: 'jaccard' | 'containment';
  readonly threshold: number;
  /** Pairs of representatives within the candidate distance. */
  readonly candidatePairs: number;
  /** Candidate pairs whose similarity reached the threshold: the only edges that join groups. */
  readonly verifiedPairs: number;
  /** Documents in at least one candidate pair: those whose sets were held. */
  readonly documentsCompared: number;
  /** Distinct texts counted for the boilerplate threshold. */
  readonly textsCounted: number;
  /** A shingle in this many distinct texts or more was left out. */
  readonly boilerplateThreshold: number;
  /** Bytes of the held sets (before boilerplate was taken out). */
  readonly setBytes: number;
  /** The whole verification: reading the texts again, shingling and counting them, comparing the pairs. */
  readonly seconds: number;
  /** Of which shingling and counting the texts (the rest of the time outside the comparisons is reading). */
  readonly shingleSeconds: number;
  /** Of which comparing the candidate pairs. */
  readonly pairSeconds: number;
}

export function boilerplateThreshold(texts: number): number {
  return Math.max(BOILERPLATE_MIN_DOCUMENTS, Math.ceil(BOILERPLATE_SHARE * texts));
}

/** The hasher whose features() are the first pass's shingles (term weights change their counts, not the set). */
export function shingleHasher(settings: { shingle: number; tokens?: Tokenization }): SimHash {
  return createSimHash({ engine: 'auto', shingle: settings.shingle, tokens: settings.tokens });
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** A text's shingle hashes (the hasher's features), low 32 bits, sorted ascending, each once. */
export function shingleHashes(hasher: SimHash, text: string): Uint32Array {
  const features = hasher.features(text);
  const halves = new Uint32Array(features.buffer, features.byteOffset, features.length * 2);
  const low = LITTLE_ENDIAN ? 0 : 1;
  const hashes = new Uint32Array(features.length);
  for (let i = 0; i < features.length; i++) hashes[i] = halves[2 * i + low];
  return sortedUnique(hashes);
}

export function sortedUnique(values: Uint32Array): Uint32Array {
  values.sort();
  let n = 0;
  for (let i = 0; i < values.length; i++) if (i === 0 || values[i] !== values[n - 1]) values[n++] = values[i];
  return n === values.length ? values : values.slice(0, n);
}

/** |A ∩ B| of two sorted unique arrays (a merge: O(|A| + |B|)). */
export function intersectionSize(a: Uint32Array, b: Uint32Array): number {
  let i = 0, j = 0, shared = 0;
  while (i < a.length && j < b.length) {
    const x = a[i], y = b[j];
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return shared;
}

/**
 * Jaccard |A ∩ B| / |A ∪ B|, or containment |A ∩ B| / min(|A|, |B|). An empty set (a text that is all boilerplate)
 * is similar to nothing: 0, so two texts that share only boilerplate never verify.
 */
export function setSimilarity(a: Uint32Array, b: Uint32Array, mode: VerifySettings['mode']): number {
  if (a.length === 0 || b.length === 0) return 0;
  const shared = intersectionSize(a, b);
  return mode === 'jaccard' ? shared / (a.length + b.length - shared) : shared / Math.min(a.length, b.length);
}

/**
 * How many distinct texts hold each shingle, as a count-min sketch: DEPTH rows of WIDTH counters (16 MB), a shingle
 * counted in one cell of each row, its count the smallest of its cells. It never under-counts, so a boilerplate
 * shingle is always found; it over-counts a rare shingle only when every one of its cells is shared with frequent
 * ones. The threshold grows with N (1%), and so does the noise per cell (N × shingles a text / WIDTH), so the ratio
 * stays near 100 × (distinct shingles a text) / WIDTH: 3% for 300-shingle texts.
 */
export class DocumentFrequency {
  static readonly DEPTH = 4;
  static readonly WIDTH_BITS = 20;
  #counts = new Uint32Array(DocumentFrequency.DEPTH << DocumentFrequency.WIDTH_BITS);
  #texts = 0;

  get texts(): number {
    return this.#texts;
  }

  /** One distinct text's set of shingle hashes (sorted unique, so each shingle counts once a text). */
  add(set: Uint32Array): void {
    this.#texts++;
    const counts = this.#counts;
    for (let i = 0; i < set.length; i++) {
      const h = set[i];
      for (let row = 0; row < DocumentFrequency.DEPTH; row++) counts[cell(h, row)]++;
    }
  }

  count(hash: number): number {
    let least = Infinity;
    for (let row = 0; row < DocumentFrequency.DEPTH; row++) least = Math.min(least, this.#counts[cell(hash, row)]);
    return least;
  }
}

const ROW_SEEDS = [0x9e3779b9, 0x85ebca6b, 0xc2b2ae35, 0x27d4eb2f];

/** A murmur3 finalizer seeded per row: rows pick cells independently of each other. */
function cell(hash: number, row: number): number {
  let x = (hash ^ ROW_SEEDS[row]) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  x ^= x >>> 16;
  return (row << DocumentFrequency.WIDTH_BITS) | (x >>> (32 - DocumentFrequency.WIDTH_BITS));
}

/** The set without the shingles at least `threshold` distinct texts hold. */
export function withoutBoilerplate(set: Uint32Array, frequency: DocumentFrequency, threshold: number): Uint32Array {
  let n = 0;
  const out = new Uint32Array(set.length);
  for (let i = 0; i < set.length; i++) if (frequency.count(set[i]) < threshold) out[n++] = set[i];
  return n === set.length ? out : out.slice(0, n);
}

/**
 * The sets of one verification: every distinct text of the corpus is counted (`count`), and the documents in
 * candidate pairs are held (`hold`); `finish` takes the boilerplate out of the held sets.
 */
export class ShingleSets {
  readonly frequency = new DocumentFrequency();
  #held = new Map<number, Uint32Array>();
  #bytes = 0;
  #threshold = Infinity;

  add(doc: number, set: Uint32Array, count: boolean, hold: boolean): void {
    if (count) this.frequency.add(set);
    if (hold) {
      this.#held.set(doc, set);
      this.#bytes += set.byteLength;
    }
  }

  get documents(): number {
    return this.#held.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get threshold(): number {
    return this.#threshold;
  }

  finish(): void {
    this.#threshold = boilerplateThreshold(this.frequency.texts);
    for (const [doc, set] of this.#held) this.#held.set(doc, withoutBoilerplate(set, this.frequency, this.#threshold));
  }

  /** The held set of a document (after finish: without boilerplate); empty when it was not held. */
  set(doc: number): Uint32Array {
    return this.#held.get(doc) ?? EMPTY;
  }
}

const EMPTY = new Uint32Array(0);

export interface VerifiedPairs {
  /** The candidate pairs that reached the threshold, in their order. */
  readonly pairs: NearPairs;
  /** Per verified pair, its similarity. */
  readonly similarity: Float64Array;
  /** The similarity of any two documents that were held (a member and its group's first). */
  between(a: number, b: number): number;
  readonly stats: VerificationStats;
}

/** The candidates checked against the finished sets: only those at or above the threshold stay. */
export function verifyPairs(candidates: NearPairs, sets: ShingleSets, settings: VerifySettings, started: number, shingleSeconds = 0): VerifiedPairs {
  const pairsStarted = performance.now();
  const keep: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < candidates.earlier.length; i++) {
    const s = setSimilarity(sets.set(candidates.earlier[i]), sets.set(candidates.later[i]), settings.mode);
    if (s >= settings.threshold) {
      keep.push(i);
      values.push(s);
    }
  }
  const pairSeconds = (performance.now() - pairsStarted) / 1000;
  const pairs: NearPairs = {
    earlier: Uint32Array.from(keep, (i) => candidates.earlier[i]),
    later: Uint32Array.from(keep, (i) => candidates.later[i]),
    distance: Uint8Array.from(keep, (i) => candidates.distance[i]),
  };
  return {
    pairs,
    similarity: Float64Array.from(values),
    between: (a, b) => setSimilarity(sets.set(a), sets.set(b), settings.mode),
    stats: {
      mode: settings.mode,
      threshold: settings.threshold,
      candidatePairs: candidates.earlier.length,
      verifiedPairs: keep.length,
      documentsCompared: sets.documents,
      textsCounted: sets.frequency.texts,
      boilerplateThreshold: sets.threshold,
      setBytes: sets.bytes,
      seconds: (performance.now() - started) / 1000,
      shingleSeconds,
      pairSeconds,
    },
  };
}

/**
 * The verification from the texts: `texts` gives documents in input order (each at most once; others may be left
 * out), every distinct text is counted for the boilerplate threshold and the documents in candidate pairs are held.
 */
export function verifyTexts(candidates: NearPairs, run: VerifyRun, texts: AsyncIterable<{ doc: number; text: string }> | Iterable<{ doc: number; text: string }>, hasher: SimHash, settings: VerifySettings): Promise<VerifiedPairs> {
  const timing = { shingleSeconds: 0 };
  async function* sets() {
    for await (const { doc, text } of texts) {
      if (!run.counted(doc) && !run.held(doc)) continue;
      const started = performance.now();
      const set = shingleHashes(hasher, text);
      timing.shingleSeconds += (performance.now() - started) / 1000;
      yield { doc, set };
    }
  }
  return verifySets(candidates, run, sets(), settings, timing);
}

/** The same from sets made already (shingleHashes of each document's text). */
export async function verifySets(candidates: NearPairs, run: VerifyRun, sets: AsyncIterable<{ doc: number; set: Uint32Array }> | Iterable<{ doc: number; set: Uint32Array }>, settings: VerifySettings, timing = { shingleSeconds: 0 }): Promise<VerifiedPairs> {
  const started = performance.now();
  const held = new ShingleSets();
  let countSeconds = 0;
  for await (const { doc, set } of sets) {
    const counted = run.counted(doc), hold = run.held(doc);
    const t = performance.now();
    if (counted || hold) held.add(doc, set, counted, hold);
    countSeconds += (performance.now() - t) / 1000;
  }
  const t = performance.now();
  held.finish();
  countSeconds += (performance.now() - t) / 1000;
  return verifyPairs(candidates, held, settings, started, timing.shingleSeconds + countSeconds);
}

/** Which documents a verification counts (the first of each distinct text) and holds (those in candidate pairs). */
export interface VerifyRun {
  counted(doc: number): boolean;
  held(doc: number): boolean;
}
