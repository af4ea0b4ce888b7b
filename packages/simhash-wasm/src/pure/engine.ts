// The pure-TypeScript engine: the fingerprint definition (docs/fingerprint.md) bit for bit, the
// same bits as the WASM engine, with no WebAssembly and no BigInt on the per-byte or per-feature path (only the
// function-weights path makes one bigint per feature).
import type { Engine, HasherConfig, Text, Tokenization } from '../core/types.js';
import { collectFeatures } from './feature-list.js';
import { Fingerprinter } from './fingerprinter.js';
import { absorbBytes, OFFSET_HI, OFFSET_LO, splitmixBlock } from './fnv.js';
import { PureStream } from './stream.js';
import { hashBigInt, LOW_WORD } from './weight-sinks.js';

/** One reusable Fingerprinter per hasher config, so a fingerprint call allocates nothing. */
const cached = new WeakMap<HasherConfig, Fingerprinter>();

function fingerprinterFor(config: HasherConfig): Fingerprinter {
  let fingerprinter = cached.get(config);
  if (fingerprinter === undefined) {
    fingerprinter = new Fingerprinter(config);
    cached.set(config, fingerprinter);
  }
  // A weight function may call back into the same hasher: that call gets a fresh one.
  return fingerprinter.busy ? new Fingerprinter(config) : fingerprinter;
}

function fingerprintInto(texts: readonly Text[], config: HasherConfig, out: Int32Array): void {
  const fingerprinter = fingerprinterFor(config);
  fingerprinter.busy = true;
  try {
    for (let i = 0; i < texts.length; i++) fingerprinter.whole(texts[i], out, 2 * i, LOW_WORD);
  } finally {
    fingerprinter.busy = false;
  }
}

const encoder = new TextEncoder();

export const pureEngine: Engine = {
  name: 'pure',

  fingerprint(text: Text, config: HasherConfig): bigint {
    const out = new Int32Array(2);
    fingerprintInto([text], config, out);
    return hashBigInt(out[LOW_WORD], out[1 - LOW_WORD]);
  },

  fingerprintMany(texts: readonly Text[], config: HasherConfig): BigUint64Array {
    const result = new BigUint64Array(texts.length);
    fingerprintInto(texts, config, new Int32Array(result.buffer));
    return result;
  },

  features(text: Text, shingle: number, tokens: Tokenization): BigUint64Array {
    return collectFeatures(text, shingle, tokens);
  },

  openStream(config: HasherConfig): PureStream {
    return new PureStream(config);
  },

  featureHash(shingleText: string): bigint {
    const bytes = encoder.encode(shingleText);
    const lo = new Int32Array([OFFSET_LO]);
    const hi = new Int32Array([OFFSET_HI]);
    absorbBytes(lo, hi, 1, bytes, 0, bytes.length);
    splitmixBlock(lo, hi, 1);
    return hashBigInt(lo[0], hi[0]);
  },
};
