// The feature kernels (assembly/features/): the engine's pass over a document's text, and the corpus's per-document
// content digest, MinHash sketch and exact shingle set over its shingle hashes, in WebAssembly, in the features'
// module (corpus-module.ts), which holds the engine's sources.
//
// The features are read where they already are. textFeatures() runs the engine's pass in this module's memory: the
// text copied in once, its features written where the digest, sketch and set read them, nothing copied out of one
// module into another (a worker's JSONL range 1.04× as fast as through the engine's own module, 7.02 -> 6.74 µs a
// document: bench/range-direct.ts).
// `sink` is a FeatureSink whose buffer is a view of the same place, for the engine's fingerprintWithFeatures(text,
// config, sink) where the fingerprint is not the features' votes alone (weights). Features that arrive elsewhere (a
// document that outgrew the sink, an engine that makes its own array) are copied in first, and the sink grows to
// hold such a document next time.
import type { FeatureSink, FingerprintWithFeatures, Text, Tokenization } from '../core/types.js';
import { instantiateFeatureKernels, type FeatureExports } from './corpus-module.js';
import { tokensCode } from './tokens-code.js';

/** Bytes of a digest. */
export const DIGEST_BYTES = 16;
/** The most sketch bins the output area holds. */
export const MAX_SKETCH_BINS = 1024;
/**
 * Where results are written (a digest, then a fingerprint, then a sketch), then where the features start: offsets
 * from the first byte past the module's static data (featuresHeapBase, 64-aligned).
 */
const OUT = 0, FINGERPRINT_OUT = 16, SKETCH_OUT = 64, FEATURES = SKETCH_OUT + 4 * MAX_SKETCH_BINS;
const PAGE = 65536;
/** The shingle set's counters (assembly/features/shingle-set.ts: at most 2^16 buckets). */
const SET_COUNTERS = 1 << 16;
/** Features the sink holds before it first grows: a document of 4,096 shingles (about 25 KB of text). */
const FIRST_CAPACITY = 4096;
/** Bytes of text textFeatures() places before its area first grows. */
const FIRST_TEXT_ROOM = 64 * 1024;

/**
 * The longest text textFeatures() takes, in bytes of UTF-8 (3 a UTF-16 unit for a string, as room to encode it): its
 * features need 8 bytes a byte of text while the pass runs, where the engine's own module slices a text. Longer
 * ones are the caller's to give the engine (textFeatures says so by giving back undefined).
 */
export const TEXT_FEATURES_MAX_BYTES = 1 << 20;

export class FeatureKernels {
  readonly #ex: FeatureExports;
  /** Where this side's areas start: past the module's static data. */
  readonly #base: number;
  readonly #encoder = new TextEncoder();
  /** A view of the module's memory: features land here. Replaced (never grown in place) when memory grows. */
  readonly sink: FeatureSink;
  /** The features' place in memory; the sink's buffer unless the engine grew the sink into an array of its own. */
  #view = new BigUint64Array(0);
  #digestOut = new Uint8Array(0);
  #fingerprintOut = new BigUint64Array(0);
  #sketchOut = new Uint32Array(0);
  /** All of memory as u32, for the sets, and as bytes, for the texts. */
  #words = new Uint32Array(0);
  #bytes = new Uint8Array(0);
  /** The texts' area, past the features, their set and its counters: where, and how many bytes it holds. */
  #textAt = 0;
  #textRoom = 0;
  /** The last bin count asked for, checked, with its shift and its view of the sketch output (a call per document). */
  #bins = -1;
  #shift = 0;
  #binsOut = new Uint32Array(0);

  constructor(exports: FeatureExports) {
    this.#ex = exports;
    this.#base = Math.ceil(exports.featuresHeapBase() / 64) * 64;
    this.sink = { buffer: new BigUint64Array(0), length: 0 };
    this.#grow(FIRST_CAPACITY, FIRST_TEXT_ROOM);
  }

  /**
   * The engine's one pass over `text` with unit weights (shingle width and tokens as a hasher's): its fingerprint and
   * its features, a view of the sink's place, good until the next call. The same bits as the engine's
   * fingerprintWithFeatures with those settings. Undefined for a text over TEXT_FEATURES_MAX_BYTES.
   */
  textFeatures(text: Text, shingle: number, tokens: Tokenization): FingerprintWithFeatures | undefined {
    const room = typeof text === 'string' ? 3 * text.length : text.length;
    if (room > TEXT_FEATURES_MAX_BYTES) return undefined;
    // A text of n bytes ends at most n tokens, and the document's end adds one feature; one byte past the text is
    // the engine's sentinel.
    if (room + 2 > this.#view.length || room + 1 > this.#textRoom) this.#grow(Math.max(room + 2, this.#view.length), Math.max(room + 1, this.#textRoom));
    let length = text.length;
    if (typeof text === 'string') length = this.#encoder.encodeInto(text, this.#bytes.subarray(this.#textAt, this.#textAt + room)).written;
    else this.#bytes.set(text, this.#textAt);
    const features = this.#base + FEATURES;
    this.sink.buffer = this.#view; // the features are written there: the sink's next user finds them in memory
    const count = this.#ex.textFeatures(this.#textAt, length, shingle, tokensCode(tokens), features, this.#base + FINGERPRINT_OUT);
    return { fingerprint: this.#fingerprintOut[0], features: this.#view.subarray(0, count) };
  }

  /** The 128-bit digest of the features' 32-bit words (MurmurHash3 x86_128, seed 0), at out[at .. at + 16). */
  digest(features: BigUint64Array, out: Uint8Array, at: number): void {
    this.#ex.digestWords(this.#place(features), 2 * features.length, this.#base + OUT);
    out.set(this.#digestOut, at);
  }

  /** The one-permutation MinHash sketch of the features' low halves into `bins` (a power of two, 2 to 1024) at out[at ..). */
  sketch(features: BigUint64Array, bins: number, out: Uint32Array, at: number): void {
    this.#useBins(bins);
    this.#ex.sketchShingles(this.#place(features), features.length, 8, this.#base + SKETCH_OUT, this.#shift);
    out.set(this.#binsOut, at);
  }

  /** The same sketch of a shingle set (the values shingleSet gives), as a new array. It overwrites the sink. */
  sketchSet(set: Uint32Array, bins: number): Uint32Array {
    this.#useBins(bins);
    if (set.length > 2 * this.#view.length) this.#grow(Math.ceil(set.length / 2), this.#textRoom);
    const features = this.#base + FEATURES;
    this.#words.set(set, features / 4);
    this.#ex.sketchShingles(features, set.length, 4, this.#base + SKETCH_OUT, this.#shift);
    return this.#binsOut.slice();
  }

  /** The distinct low halves of the features, sorted ascending: the corpus's exact shingle set, a new array. */
  shingleSet(features: BigUint64Array): Uint32Array {
    const at = this.#place(features);
    // Past the features' room: the set, then the counters (#grow made room for both).
    const out = this.#base + FEATURES + 8 * this.#view.length, counters = out + 4 * this.#view.length;
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

  /** Where the features are in the module's memory: where the sink or textFeatures put them, or where they are copied now. */
  #place(features: BigUint64Array): number {
    if (features.buffer === this.#view.buffer) return features.byteOffset;
    if (features.length > this.#view.length) this.#grow(Math.max(features.length, 2 * this.#view.length), this.#textRoom);
    this.#view.set(features);
    this.sink.buffer = this.#view; // the next document's features land in memory again
    return this.#base + FEATURES;
  }

  /**
   * Memory for `capacity` features, their set and its counters, then `textRoom` bytes of text; the views made again
   * (growing detaches the old ones).
   */
  #grow(capacity: number, textRoom: number): void {
    const memory = this.#ex.memory, features = this.#base + FEATURES;
    this.#textAt = features + 12 * capacity + 4 * SET_COUNTERS;
    this.#textRoom = textRoom;
    const end = this.#textAt + textRoom;
    if (end > memory.buffer.byteLength) memory.grow(Math.ceil((end - memory.buffer.byteLength) / PAGE));
    this.#view = new BigUint64Array(memory.buffer, features, capacity);
    this.sink.buffer = this.#view;
    this.#digestOut = new Uint8Array(memory.buffer, this.#base + OUT, DIGEST_BYTES);
    this.#fingerprintOut = new BigUint64Array(memory.buffer, this.#base + FINGERPRINT_OUT, 1);
    this.#sketchOut = new Uint32Array(memory.buffer, this.#base + SKETCH_OUT, MAX_SKETCH_BINS);
    this.#words = new Uint32Array(memory.buffer);
    this.#bytes = new Uint8Array(memory.buffer);
    this.#binsOut = this.#sketchOut.subarray(0, Math.max(0, this.#bins));
  }
}

/** The kernels, in an instance of their own. */
export function createFeatureKernels(): FeatureKernels {
  return new FeatureKernels(instantiateFeatureKernels());
}
