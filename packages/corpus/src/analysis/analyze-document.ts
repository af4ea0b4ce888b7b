// Per document, what both tiers need: the fingerprint, the token count (for --min-tokens), a digest of the
// normalised text (the exact tier, DIGEST_BYTES below) and, for the verification tier, a MinHash sketch of its
// shingles (minhash-sketch.ts) and, for texts in the boilerplate sample (boilerplate-sample.ts), their shingle sets.
// Runs in pool workers, or in-process with --threads 1: same function, same bits.
//
// The engine reads each text once (fingerprintWithFeatures: the fingerprint and the shingle hashes from one pass), and
// the token count, the digest, the sketch and the sample's set all come from the shingle hashes without tokenizing
// again: the digest, the sketch and the set in WebAssembly (simhash-wasm/internal's feature kernels), where the
// features already are (the kernels' own engine pass wrote them there: task.ts's featuresInto).
import type { FingerprintWithFeatures, SimHash, Text } from 'simhash-wasm';
import { DIGEST_BYTES, type FeatureKernels } from 'simhash-wasm/internal';
import { extractText, type HtmlExtractor } from '../html/extractor.js';
import { sampledAt, sampleKey } from './boilerplate-sample.js';
import { SKETCH_BINS } from './minhash-sketch.js';
import { joinSets, shingleSetOf } from './shingle-sets.js';

/** A text, with whether it is HTML and how to find its text first (main content or all visible text); UTF-8 is plain text. */
export type AnalyzeInput = { readonly text: string; readonly html: false | HtmlExtractor } | { readonly text: Uint8Array; readonly html: false };

export interface AnalyzeOptions {
  /** No token counts, digests or sketches (fingerprint and index need none of them). */
  readonly fingerprintsOnly?: boolean;
  /** The keys of the corpus's repeated lines so far (html/repeated-lines.ts), for HTML by its main content. */
  readonly repeatedLines?: Float64Array;
  /** For the verification tier: make sketches, and the sets of texts in the boilerplate sample at this level. */
  readonly sampleLevel?: number;
  /** The sketches' bins: SKETCH_BINS unless given (`index build --sketches` stores REFERENCE_BINS). */
  readonly sketchBins?: number;
}

/** Shingle sets of the batch's texts that are in the boilerplate sample, end to end. */
export interface SampledSets {
  /** Their documents' places in the batch. */
  readonly docs: Uint32Array;
  /** Where each set ends in `shingles`. */
  readonly ends: Uint32Array;
  readonly shingles: Uint32Array;
}

export interface Analysis {
  readonly fingerprints: BigUint64Array;
  /** Empty when only fingerprints were asked for. */
  readonly tokens: Uint32Array;
  /** DIGEST_BYTES per document; empty when only fingerprints were asked for. */
  readonly digests: Uint8Array;
  /** The options' sketchBins per document; empty unless a sample level was given. */
  readonly sketches: Uint32Array;
  readonly sampled: SampledSets;
}

/**
 * The exact tier's digest of a document: 128 bits (no collision among any corpus that fits in memory) over the
 * sequence of its shingle hashes, MurmurHash3 x86_128 of their 32-bit words. Two texts with the same token sequence
 * have the same shingle sequence; two different token sequences differ in some shingle, whose 64-bit hash then
 * differs but with probability 2^-64. So texts differing only in whitespace, case or punctuation share a digest, and
 * nothing else does in practice.
 */
export { DIGEST_BYTES };

const NO_SAMPLES: SampledSets = { docs: new Uint32Array(0), ends: new Uint32Array(0), shingles: new Uint32Array(0) };

/** The hashers a thread analyses with (task.ts builds them from the pool's TaskContext). */
export interface Hashers {
  readonly hasher: SimHash;
  /** Width 1, the hasher's tokenization: counts the tokens of a text with a single shingle (see analyze). */
  readonly tokenHasher: SimHash;
  /** hasher.fingerprintWithFeatures, the features in the kernels' memory (task.ts's featuresInto): no new array per document. */
  readonly featuresOf: (text: Text) => FingerprintWithFeatures;
  /** The digest, the sketch and the set, over the features where featuresOf left them (this thread's). */
  readonly kernels: FeatureKernels;
}

/**
 * `tokenHasher` (width 1, the hasher's tokenization) counts the tokens of a text with a single shingle, which holds
 * anywhere from 1 to w tokens; every other count follows from the number of shingles (n − w + 1).
 */
export function analyze({ hasher, tokenHasher, featuresOf, kernels }: Hashers, inputs: readonly AnalyzeInput[], options: AnalyzeOptions = {}): Analysis {
  // The corpus's repeated lines as the batch was sent (read-and-analyze.ts): main content's rule (b) and fallback.
  const repeated = options.repeatedLines === undefined ? undefined : new Set(options.repeatedLines);
  const texts: Text[] = inputs.map((input) => (input.html === false ? input.text : extractText(input.text, input.html, repeated)));
  // Fingerprints alone, as `simhash fingerprint` and `index` print them.
  if (options.fingerprintsOnly === true) return { fingerprints: hasher.fingerprintMany(texts), tokens: new Uint32Array(0), digests: new Uint8Array(0), sketches: new Uint32Array(0), sampled: NO_SAMPLES };
  const n = inputs.length;
  const fingerprints = new BigUint64Array(n);
  const tokens = new Uint32Array(n);
  const digests = new Uint8Array(n * DIGEST_BYTES);
  const level = options.sampleLevel;
  const bins = options.sketchBins ?? SKETCH_BINS;
  const sketches = new Uint32Array(level === undefined ? 0 : n * bins);
  const sampledDocs: number[] = [];
  const sampledSets: Uint32Array[] = [];
  for (let i = 0; i < n; i++) {
    const { fingerprint, features } = featuresOf(texts[i]);
    fingerprints[i] = fingerprint;
    const count = features.length;
    tokens[i] = count >= 2 ? count + hasher.shingle - 1 : count === 0 ? 0 : hasher.shingle === 1 ? 1 : tokenHasher.features(texts[i]).length;
    kernels.digest(features, digests, i * DIGEST_BYTES);
    if (level === undefined) continue;
    kernels.sketch(features, bins, sketches, i * bins);
    if (sampledAt(sampleKey(digests, i * DIGEST_BYTES), level)) {
      sampledDocs.push(i);
      sampledSets.push(shingleSetOf(features, kernels));
    }
  }
  return { fingerprints, tokens, digests, sketches, sampled: level === undefined ? NO_SAMPLES : concatSets(sampledDocs, sampledSets) };
}

function concatSets(docs: readonly number[], sets: readonly Uint32Array[]): SampledSets {
  return { docs: Uint32Array.from(docs), ...joinSets(sets) };
}

export interface DocumentInfo {
  readonly source: string;
  readonly id?: string | number;
  readonly bytes: number;
  /** The number of its record's --keep-max/--keep-min field (grouping/keep.ts); absent when it has none. */
  readonly keepValue?: number;
}

/** Analysed documents with what reports name them by: a batch of the corpus job, in input order. */
export interface AnalyzedBatch extends Analysis {
  /** One per fingerprint, in input order. */
  readonly documents: readonly DocumentInfo[];
}
