// A sink that keeps every feature hash, in order, for `features()` (weights tables, idf, tests).
import type { Text, Tokenization } from '../core/types.js';
import { feedBytes } from './decode.js';
import { EncodeBuffer } from './encoded.js';
import { Shingler, type FeatureSink } from './shingler.js';
import { LOW_WORD } from './weight-sinks.js';

class FeatureList implements FeatureSink {
  words = new Int32Array(64);
  count = 0;

  consume(los: Int32Array, his: Int32Array, n: number): void {
    if (2 * (this.count + n) > this.words.length) {
      const grown = new Int32Array(Math.max(2 * this.words.length, 2 * (this.count + n)));
      grown.set(this.words);
      this.words = grown;
    }
    for (let f = 0; f < n; f++) {
      const at = 2 * (this.count + f);
      this.words[at + LOW_WORD] = los[f];
      this.words[at + 1 - LOW_WORD] = his[f];
    }
    this.count += n;
  }
}

/** Shared: collecting features calls no user code, so no call can start inside another. */
const encoded = new EncodeBuffer();

/** The feature hashes of a document, in order, repeats included. */
export function collectFeatures(text: Text, shingle: number, tokens: Tokenization): BigUint64Array {
  const list = new FeatureList();
  const shingler = new Shingler(shingle, list, tokens);
  if (typeof text === 'string') encoded.feed(shingler, text, 0, text.length);
  else feedBytes(shingler, text, 0, text.length);
  shingler.finish();
  return new BigUint64Array(list.words.buffer, 0, list.count).slice();
}
