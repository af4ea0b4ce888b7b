// Inverse-document-frequency weights from a corpus (the weights of docs/fingerprint.md): integer weights so the counters
// stay exact, near 0 for shingles found in almost every document (stopwords).
import { describe } from './bits.js';
import { DEFAULT_SHINGLE, DEFAULT_TOKENS, validateShingle, validateTokens } from './options.js';
import { assertText } from './simhash.js';
import type { Engine, Text, Tokenization } from './types.js';

export interface IdfOptions {
  /** Shingle width the weights are for; must match the hasher's. Default 3. */
  shingle?: number;
  /** Tokenization the weights are for; must match the hasher's. Default 'words'. */
  tokens?: Tokenization;
  /** Weight = round(scale * ln((1 + N) / (1 + df))); default 16. */
  scale?: number;
  /** Leave out shingles seen in fewer documents (they get defaultWeight, as unseen ones do); default 2. */
  minDocumentFrequency?: number;
}

export interface IdfWeights {
  /** Feature hash to weight, for `createSimHash({ weights, defaultWeight })`. */
  weights: Map<bigint, number>;
  /** The weight of a shingle the corpus never showed (or showed too rarely to keep). */
  defaultWeight: number;
  /** Documents counted. */
  documents: number;
}

export function createIdfWeightsWith(engine: Engine, corpus: Iterable<Text>, options: IdfOptions = {}): IdfWeights {
  if (corpus === null || typeof (corpus as Iterable<Text>)?.[Symbol.iterator] !== 'function' || typeof corpus === 'string') {
    throw new TypeError(`corpus must be an iterable of strings or Uint8Arrays, got ${describe(corpus)}`);
  }
  const shingle = options.shingle === undefined ? DEFAULT_SHINGLE : validateShingle(options.shingle, 'options.shingle');
  const tokens = options.tokens === undefined ? DEFAULT_TOKENS : validateTokens(options.tokens, 'options.tokens');
  const scale = options.scale ?? 16;
  if (typeof scale !== 'number' || !(scale > 0) || scale > 1e6) throw new RangeError(`options.scale must be a number in (0, 1e6], got ${describe(scale)}`);
  const minDf = options.minDocumentFrequency ?? 2;
  if (!Number.isInteger(minDf) || minDf < 1) throw new RangeError(`options.minDocumentFrequency must be a positive integer, got ${describe(minDf)}`);

  const documentFrequency = new Map<bigint, number>();
  let documents = 0;
  for (const text of corpus) {
    assertText(text, `corpus[${documents}]`);
    documents++;
    for (const hash of new Set(engine.features(text, shingle, tokens))) {
      documentFrequency.set(hash, (documentFrequency.get(hash) ?? 0) + 1);
    }
  }
  const weightFor = (df: number) => Math.round(scale * Math.log((1 + documents) / (1 + df)));
  const weights = new Map<bigint, number>();
  for (const [hash, df] of documentFrequency) if (df >= minDf) weights.set(hash, weightFor(df));
  return { weights, defaultWeight: Math.max(1, weightFor(minDf > 1 ? minDf - 1 : 0)), documents };
}
