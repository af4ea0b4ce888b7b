// Per document, what both tiers need: the fingerprint, the token count (for --min-tokens) and a digest of the
// normalised text (the exact tier). Runs in pool workers, or in-process with --threads 1: same function, same bits.
import { createHash } from 'node:crypto';
import type { SimHash } from 'simhash-wasm';
import { extractText, type HtmlExtractor } from '../html/extractor.js';

export interface AnalyzeInput {
  readonly text: string;
  /** HTML, and how to find its text first (main content or all visible text); false: plain text. */
  readonly html: false | HtmlExtractor;
}

export interface Analysis {
  readonly fingerprints: BigUint64Array;
  /** Empty when only fingerprints were asked for. */
  readonly tokens: Uint32Array;
  /** DIGEST_BYTES per document; empty when only fingerprints were asked for. */
  readonly digests: Uint8Array;
}

/** 128 bits of SHA-256: no collision among any corpus that fits in memory. */
export const DIGEST_BYTES = 16;

/**
 * The normalised text is the token sequence (maximal runs of alphanumeric code points, lowercased: the fingerprint's
 * tokens), so texts differing only in whitespace, case or punctuation share a digest. The digest is over the tokens'
 * 64-bit hashes (the engine's features of a w = 1 hasher), which stand for the tokens: two different tokens share a
 * hash with probability 2^-64.
 */
export function analyze(hasher: SimHash, tokenHasher: SimHash | undefined, inputs: readonly AnalyzeInput[], repeatedLines?: Float64Array): Analysis {
  // The corpus's repeated lines as the batch was sent (read-and-analyze.ts): main content's rule (b) and fallback.
  const repeated = repeatedLines === undefined ? undefined : new Set(repeatedLines);
  const texts = inputs.map((input) => (input.html === false ? input.text : extractText(input.text, input.html, repeated)));
  // No token hasher: the fingerprints alone, as `simhash fingerprint` and `index` print them.
  if (tokenHasher === undefined) return { fingerprints: hasher.fingerprintMany(texts), tokens: new Uint32Array(0), digests: new Uint8Array(0) };
  const n = inputs.length;
  const tokens = new Uint32Array(n);
  const digests = new Uint8Array(n * DIGEST_BYTES);
  for (let i = 0; i < n; i++) {
    const tokenHashes = tokenHasher.features(texts[i]);
    tokens[i] = tokenHashes.length;
    const digest = createHash('sha256').update(new Uint8Array(tokenHashes.buffer, tokenHashes.byteOffset, tokenHashes.byteLength)).digest();
    digests.set(digest.subarray(0, DIGEST_BYTES), i * DIGEST_BYTES);
  }
  return { fingerprints: hasher.fingerprintMany(texts), tokens, digests };
}

export interface DocumentInfo {
  readonly source: string;
  readonly id?: string | number;
  readonly bytes: number;
}

/** Analysed documents with what reports name them by: a batch of the corpus job, in input order. */
export interface AnalyzedBatch extends Analysis {
  /** One per fingerprint, in input order. */
  readonly documents: readonly DocumentInfo[];
}
