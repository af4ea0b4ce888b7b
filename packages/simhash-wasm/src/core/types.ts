// The contract between the public API (src/core) and the two engines (WASM and pure).
import type { WeightTable } from './weight-table.js';

/** A document: a string (lone surrogates count as U+FFFD) or UTF-8 bytes (decoded as TextDecoder does). */
export type Text = string | Uint8Array;

/** Weight of a feature, given its 64-bit feature hash; must return an int32. */
export type WeightFunction = (featureHash: bigint) => number;

/** The two fingerprint engines by name (`--engine`, a pool's `engine`); they compute the same bits. */
export const ENGINE_NAMES = ['wasm', 'pure'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];
/** `createSimHash({ engine })`: an engine by name, or 'auto' (WASM when it loads, else pure). */
export type EngineChoice = EngineName | 'auto';

/**
 * How text is cut into tokens. 'words' (the default): maximal runs of alphanumeric code points. 'cjk-chars': the
 * same, except that every Han, Hiragana, Katakana and Hangul code point is a token of its own, for text written
 * without spaces (as BERT's basic tokenizer does for Chinese characters).
 */
export const TOKENIZATIONS = ['words', 'cjk-chars'] as const;
export type Tokenization = (typeof TOKENIZATIONS)[number];

/** 'tf': every occurrence votes (the definition in docs/fingerprint.md); 'log': 1 + ln tf per distinct shingle; 'binary': 1. */
export const TERM_WEIGHTS = ['tf', 'log', 'binary'] as const;
export type TermWeights = (typeof TERM_WEIGHTS)[number];

export interface SimHashOptions {
  /**
   * Which engine computes: 'wasm' (the default of `simhash-wasm`; needs init() or initSync()),
   * 'pure', or 'auto': the WASM engine if it is loaded or loads synchronously now, else the pure
   * engine (WebAssembly missing, or refused by a Content-Security-Policy). `SimHash.engine` says
   * which it took. `simhash-wasm/pure` has the pure engine only.
   */
  engine?: EngineChoice;
  /** Shingle width w: tokens per feature. Integer from 1 to MAX_SHINGLE; default 3. */
  shingle?: number;
  /** Per-feature weights: a Map keyed by shingle text or feature hash, or a function of the feature hash. */
  weights?: ReadonlyMap<string | bigint, number> | WeightFunction;
  /** Weight of a feature missing from a `weights` Map; default 1. */
  defaultWeight?: number;
  /** How text is cut into tokens: 'words' (default) or 'cjk-chars' (see Tokenization). */
  tokens?: Tokenization;
  /**
   * How a shingle's count in the document weighs: 'tf' (default, every occurrence votes), 'log' (1 + ln tf per
   * distinct shingle) or 'binary' (each distinct shingle once). Multiplies `weights`. Non-default adds `;terms=`.
   */
  termWeights?: TermWeights;
}

/** Validated weighting, as the engines consume it. */
export type Weighting =
  | { readonly kind: 'unit' }
  | { readonly kind: 'table'; readonly table: WeightTable }
  | { readonly kind: 'function'; readonly weightOf: WeightFunction };

/** Validated hasher settings. `weightOf` of a function weighting already throws RangeError on a non-int32. */
export interface HasherConfig {
  readonly shingle: number;
  readonly weighting: Weighting;
  readonly tokens: Tokenization;
  /** Applied by src/core over Engine.features; engines see only 'tf' configs. */
  readonly termWeights?: TermWeights;
}

export interface EngineStream {
  /** Feeds the next chunk; chunks may be cut anywhere (inside a token, a UTF-8 sequence or a surrogate pair). */
  update(chunk: Text): void;
  /** Fingerprint of everything fed so far; ends the stream. */
  digest(): bigint;
}

/** A document's fingerprint and its feature hashes (SimHash's fingerprintWithFeatures). */
export interface FingerprintWithFeatures {
  readonly fingerprint: bigint;
  readonly features: BigUint64Array;
}

/**
 * Where fingerprintWithFeatures may put a document's features instead of a new array: `buffer` (grown as needed,
 * reused for the next document) holds them in its first `length` slots. A new ArrayBuffer per document costs more
 * than the copy into it (about a microsecond each, and garbage): callers that take the features of millions of
 * documents one at a time and keep none of them pass one (simhash-wasm/internal's fingerprintWithFeaturesInto).
 */
export interface FeatureSink {
  buffer: BigUint64Array;
  length: number;
}

/** One fingerprint engine. Inputs reach it already validated (strings or Uint8Arrays). */
export interface Engine {
  readonly name: EngineName;
  fingerprint(text: Text, config: HasherConfig): bigint;
  fingerprintMany(texts: readonly Text[], config: HasherConfig): BigUint64Array;
  /** The feature hashes of a document, in order, repeats included (as the counters see them). */
  features(text: Text, shingle: number, tokens: Tokenization): BigUint64Array;
  /** Both in one pass over the text where the engine can; absent or undefined: src/core calls features() and fingerprint(). */
  fingerprintWithFeatures?(text: Text, config: HasherConfig, sink?: FeatureSink): FingerprintWithFeatures | undefined;
  openStream(config: HasherConfig): EngineStream;
  /** FNV-1a 64 + splitmix64 of the UTF-8 bytes of `shingleText`, exactly as given. */
  featureHash(shingleText: string): bigint;
}
