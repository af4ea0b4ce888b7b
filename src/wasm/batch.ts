// fingerprintMany: one WASM call per document, each text copied to the start of the input buffer
// (still in L1 when the module reads it; no subarray per document) and its fingerprint written to
// the output area, which is copied out every MAX_BATCH documents. No BigInt per document.
// A document too big for the buffer goes through the slice path.
import type { HasherConfig, Text } from '../core/types.js';
import { INPUT_CAP, MAX_BATCH, SLICE_UNITS, type WasmCore } from './core.js';

export function fingerprintBatched(core: WasmCore, texts: readonly Text[], config: HasherConfig): BigUint64Array {
  const { ex, input, out } = core;
  const result = new BigUint64Array(texts.length);
  core.takeForOneShot(config);
  for (let first = 0; first < texts.length; first += MAX_BATCH) {
    const count = Math.min(MAX_BATCH, texts.length - first);
    for (let k = 0; k < count; k++) {
      const text = texts[first + k];
      if (typeof text === 'string' && text.length <= SLICE_UNITS) {
        ex.fingerprintInto(input, core.encodeAt(text, 0).written, out + 8 * k);
      } else if (typeof text !== 'string' && text.length <= INPUT_CAP) {
        core.bytes().set(text, input);
        ex.fingerprintInto(input, text.length, out + 8 * k);
      } else {
        ex.reset();
        core.feed(text);
        ex.digestInto(out + 8 * k);
      }
    }
    result.set(new BigUint64Array(ex.memory.buffer, out, count), first);
  }
  return result;
}
