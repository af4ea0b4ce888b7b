// Which shingles are boilerplate (a mailing list's footer, a site's navigation, a shared disclaimer): those in at
// least max(BOILERPLATE_MIN_DOCUMENTS, BOILERPLATE_SHARE × N) of the corpus's N distinct texts. The verification
// (grouping/verify.ts) leaves them out of every set, so two texts that share only boilerplate are not near.
//
// Counted on a sample of the distinct texts, made in the first pass: a text is in it when the first 32 bits of its
// content digest fall below a cutoff, so every copy of a text is in or out together (each distinct text counts once)
// and the sample is the same whatever the thread count or batch order. The cutoff starts at everything and halves
// whenever more than 2 × SAMPLE_TEXTS distinct texts are in, keeping SAMPLE_TEXTS to 2 × SAMPLE_TEXTS of them: up to
// there (16,384 distinct texts) the count is exact; past it, a shingle in a share s of the texts is in s × n of the
// n sampled ones, so at the 1% threshold and n ≥ 8,192 one the binomial spread is ±9 around 82: only shingles within
// about ±0.2% of the threshold can land on the other side. Workers shingle only sampled texts (see `sampleLevel`).

import { SetArena, type HeldSet } from './set-arena.js';
import { sortUint32 } from './sort-uint32.js';

export const BOILERPLATE_MIN_DOCUMENTS = 8;
export const BOILERPLATE_SHARE = 0.01;
export const SAMPLE_TEXTS = 8192;

/** The threshold over all N distinct texts (the rule above). */
export function boilerplateThreshold(texts: number): number {
  return Math.max(BOILERPLATE_MIN_DOCUMENTS, Math.ceil(BOILERPLATE_SHARE * texts));
}

/** The 32-bit key a text is sampled by: the first 4 bytes of its content digest. */
export function sampleKey(digests: Uint8Array, at: number): number {
  return (digests[at] << 24 | digests[at + 1] << 16 | digests[at + 2] << 8 | digests[at + 3]) >>> 0;
}

/** Whether a text of this key is in the sample at this level (level 0: all; each level halves the share). */
export function sampledAt(key: number, level: number): boolean {
  return level === 0 || key >>> (32 - level) === 0;
}

export interface Boilerplate {
  /** The boilerplate shingles (32-bit shingle hashes, as in analysis/shingle-sets.ts). */
  readonly shingles: ReadonlySet<number>;
  /** A shingle in this many sampled texts or more is boilerplate. */
  readonly threshold: number;
  /** Distinct texts sampled, and the share of all distinct texts they are (1: every one). */
  readonly texts: number;
  readonly share: number;
}

export class BoilerplateSample {
  #level = 0;
  /** Distinct sampled texts by digest (hex), with their key and shingle set (held in #sets). */
  #texts = new Map<string, HeldSet & { readonly key: number }>();
  /** Where the sets are kept: copied once each, their room used again as the level rises. */
  readonly #sets = new SetArena();
  /** What finish() made of them, until another text comes. */
  #finished: Boilerplate | undefined;

  /** What the workers sample by now (it only rises: a worker on an older level sends more, never less). */
  get level(): number {
    return this.#level;
  }

  /**
   * One analysed text of the sample (`digest`: its DIGEST_BYTES); copies and texts now out of the sample are dropped.
   * The set is copied (a view of a batch's array will do).
   */
  add(digest: Uint8Array, key: number, set: Uint32Array): void {
    if (!sampledAt(key, this.#level)) return;
    const id = Buffer.from(digest.buffer, digest.byteOffset, digest.byteLength).toString('hex');
    if (this.#texts.has(id)) return;
    this.#texts.set(id, { key, set: this.#sets.hold(set) });
    this.#finished = undefined;
    if (this.#texts.size <= 2 * SAMPLE_TEXTS) return;
    while (this.#texts.size > 2 * SAMPLE_TEXTS && this.#level < 32) {
      this.#level++;
      for (const [hex, text] of this.#texts) if (!sampledAt(text.key, this.#level)) this.#texts.delete(hex);
    }
    // The Map keeps the order the texts came in, which is the arena's.
    this.#sets.compact(this.#texts.values());
  }

  /** The boilerplate shingles of the sample (commonShingles), counted once. */
  finish(): Boilerplate {
    return (this.#finished ??= this.#count());
  }

  #count(): Boilerplate {
    const texts = this.#texts.size;
    // Sampled: the threshold is the share alone (the minimum of 8 texts of the whole corpus is far below it there).
    const threshold = this.#level === 0 ? boilerplateThreshold(texts) : Math.ceil(BOILERPLATE_SHARE * texts);
    const shingles = commonShingles([...this.#texts.values()].map((text) => text.set), threshold);
    return { shingles, threshold, texts, share: 2 ** -this.#level };
  }
}

/** Buckets of the first count, by a shingle's top bits: at most 2^20 (4 MB of counts). */
const MAX_BUCKET_BITS = 20;
/**
 * Shingles a bucket holds on average, at most, as a share of the threshold: few enough that a bucket of chance
 * shingles does not reach it, few buckets enough that their counts stay in the cache (2^18 at 1M documents).
 */
const BUCKET_SHARE = 1 / 8;

/**
 * The shingles in at least `threshold` of the sets (each sorted and unique, so a shingle counts once a set), exactly.
 * Counted first by bucket (their top bits; far fewer shingles a bucket than the threshold), then one by one only in
 * the buckets the first count puts at the threshold or above: every occurrence of a shingle is in its bucket, so none
 * of theirs is missed. Sorting all of the sample's shingles (4.7M at 1M documents) took 0.33 to 0.42 s of the
 * verification's serial start.
 */
export function commonShingles(sets: readonly Uint32Array[], threshold: number): Set<number> {
  const total = sets.reduce((sum, set) => sum + set.length, 0);
  const bits = Math.min(MAX_BUCKET_BITS, Math.max(1, Math.ceil(Math.log2(total / (BUCKET_SHARE * Math.max(1, threshold)) + 1))));
  const shift = 32 - bits;
  const counts = new Uint32Array(1 << bits);
  for (const set of sets) for (let i = 0; i < set.length; i++) counts[set[i] >>> shift]++;
  let picked = 0;
  for (const set of sets) for (let i = 0; i < set.length; i++) if (counts[set[i] >>> shift] >= threshold) picked++;
  const candidates = new Uint32Array(picked);
  picked = 0;
  for (const set of sets) for (let i = 0; i < set.length; i++) if (counts[set[i] >>> shift] >= threshold) candidates[picked++] = set[i];
  sortUint32(candidates);
  const shingles = new Set<number>();
  for (let i = 0; i < candidates.length; ) {
    let j = i + 1;
    while (j < candidates.length && candidates[j] === candidates[i]) j++;
    if (j - i >= threshold) shingles.add(candidates[i]);
    i = j;
  }
  return shingles;
}
