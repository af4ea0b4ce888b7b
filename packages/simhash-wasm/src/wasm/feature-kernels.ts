// The feature kernels (assembly/corpus/digest.ts, sketch.ts and shingle-set.ts): the corpus's per-document content
// digest, MinHash sketch and exact shingle set, computed over a document's shingle hashes in WebAssembly, in the
// corpus kernels' module (corpus-module.ts).
//
// The features are read where they already are: `sink` is a FeatureSink whose buffer is a view of this module's
// memory, so the engine's fingerprintWithFeatures(text, config, sink) copies each document's features straight in
// (the copy it makes into any sink). Features that arrive elsewhere (a document that outgrew the sink, an engine
// that makes its own array) are copied in first, and the sink grows to hold such a document next time.
import type { FeatureSink } from '../core/types.js';
import { instantiateCorpusKernels, type CorpusExports } from './corpus-module.js';

/** Bytes of a digest. */
export const DIGEST_BYTES = 16;
/** The most sketch bins the output area holds. */
export const MAX_SKETCH_BINS = 1024;
/** Where results are written (a digest, then a sketch), then where the features start. */
const OUT = 0, SKETCH_OUT = 64, FEATURES = SKETCH_OUT + 4 * MAX_SKETCH_BINS;
const PAGE = 65536;
/** The shingle set's counters (assembly/corpus/shingle-set.ts: at most 2^16 buckets). */
const SET_COUNTERS = 1 << 16;
/** Features the sink holds before it first grows: a document of 4,096 shingles (about 25 KB of text). */
const FIRST_CAPACITY = 4096;

export class FeatureKernels {
  readonly #ex: CorpusExports;
  /** A view of the module's memory: features land here. Replaced (never grown in place) when memory grows. */
  readonly sink: FeatureSink;
  /** The features' place in memory; the sink's buffer unless the engine grew the sink into an array of its own. */
  #view = new BigUint64Array(0);
  #digestOut = new Uint8Array(0);
  #sketchOut = new Uint32Array(0);
  /** All of memory as u32, for the sets. */
  #words = new Uint32Array(0);
  /** The last bin count asked for, checked, with its shift and its view of the sketch output (a call per document). */
  #bins = -1;
  #shift = 0;
  #binsOut = new Uint32Array(0);

  constructor(exports: CorpusExports) {
    this.#ex = exports;
    this.sink = { buffer: new BigUint64Array(0), length: 0 };
    this.#grow(FIRST_CAPACITY);
  }

  /** The 128-bit digest of the features' 32-bit words (MurmurHash3 x86_128, seed 0), at out[at .. at + 16). */
  digest(features: BigUint64Array, out: Uint8Array, at: number): void {
    this.#ex.digestWords(this.#place(features), 2 * features.length, OUT);
    out.set(this.#digestOut, at);
  }

  /** The one-permutation MinHash sketch of the features' low halves into `bins` (a power of two, 2 to 1024) at out[at ..). */
  sketch(features: BigUint64Array, bins: number, out: Uint32Array, at: number): void {
    this.#useBins(bins);
    this.#ex.sketchShingles(this.#place(features), features.length, 8, SKETCH_OUT, this.#shift);
    out.set(this.#binsOut, at);
  }

  /** The same sketch of a shingle set (the values shingleSet gives), as a new array. It overwrites the sink. */
  sketchSet(set: Uint32Array, bins: number): Uint32Array {
    this.#useBins(bins);
    if (set.length > 2 * this.#view.length) this.#grow(Math.ceil(set.length / 2));
    this.#words.set(set, FEATURES / 4);
    this.#ex.sketchShingles(FEATURES, set.length, 4, SKETCH_OUT, this.#shift);
    return this.#binsOut.slice();
  }

  /** The distinct low halves of the features, sorted ascending: the corpus's exact shingle set, a new array. */
  shingleSet(features: BigUint64Array): Uint32Array {
    const at = this.#place(features);
    // Past the features' room: the set, then the counters (#grow made room for both).
    const out = FEATURES + 8 * this.#view.length, counters = out + 4 * this.#view.length;
    const size = this.#ex.shingleSet(at, features.length, out, counters);
    return this.#words.slice(out / 4, out / 4 + size);
  }

  #useBins(bins: number): void {
    if (bins === this.#bins) return;
    // From 2: one bin would shift a word by 32, which WebAssembly takes as a shift by 0.
    if (!Number.isInteger(Math.log2(bins)) || bins < 2 || bins > MAX_SKETCH_BINS) throw new RangeError(`bins must be a power of two from 2 to ${MAX_SKETCH_BINS}, got ${bins}`);
    this.#bins = bins;
    this.#shift = 32 - Math.log2(bins);
    this.#binsOut = this.#sketchOut.subarray(0, bins);
  }

  /** Where the features are in the module's memory: where the sink put them, or where they are copied now. */
  #place(features: BigUint64Array): number {
    if (features.buffer === this.#ex.memory.buffer) return features.byteOffset;
    if (features.length > this.#view.length) this.#grow(Math.max(features.length, 2 * this.#view.length));
    this.#view.set(features);
    this.sink.buffer = this.#view; // the next document's features land in memory again
    return FEATURES;
  }

  /** Memory for `capacity` features, their set and its counters; the views made again (growing detaches the old ones). */
  #grow(capacity: number): void {
    const memory = this.#ex.memory;
    const end = FEATURES + 12 * capacity + 4 * SET_COUNTERS;
    if (end > memory.buffer.byteLength) memory.grow(Math.ceil((end - memory.buffer.byteLength) / PAGE));
    this.#view = new BigUint64Array(memory.buffer, FEATURES, capacity);
    this.sink.buffer = this.#view;
    this.#digestOut = new Uint8Array(memory.buffer, OUT, DIGEST_BYTES);
    this.#sketchOut = new Uint32Array(memory.buffer, SKETCH_OUT, MAX_SKETCH_BINS);
    this.#words = new Uint32Array(memory.buffer);
    this.#binsOut = this.#sketchOut.subarray(0, Math.max(0, this.#bins));
  }
}

/** The kernels, in an instance of their own. */
export function createFeatureKernels(): FeatureKernels {
  return new FeatureKernels(instantiateCorpusKernels());
}
