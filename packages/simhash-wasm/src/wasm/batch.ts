// fingerprintMany: one WASM call per document, each text copied to the start of the input buffer
// (still in L1 when the module reads it; no subarray per document) and its fingerprint written to
// an output slot; the slots are copied out every MAX_BATCH documents. No BigInt per document.
// A document too big for the input buffer goes through the slice path.
import type { Text } from '../core/types.js';
import { INPUT_CAP, MAX_BATCH, SLICE_UNITS, type WasmInterface } from './wasm-interface.js';

/** The module must be configured for the batch already (LiveState.takeForOneShot). */
export function fingerprintBatched(wasm: WasmInterface, texts: readonly Text[]): BigUint64Array {
  const result = new BigUint64Array(texts.length);
  for (let first = 0; first < texts.length; first += MAX_BATCH) {
    const count = Math.min(MAX_BATCH, texts.length - first);
    for (let k = 0; k < count; k++) {
      const text = texts[first + k];
      if (typeof text === 'string' && text.length <= SLICE_UNITS) {
        wasm.fingerprintInput(wasm.encodeInput(text), k);
      } else if (typeof text !== 'string' && text.length <= INPUT_CAP) {
        wasm.copyInput(text);
        wasm.fingerprintInput(text.length, k);
      } else {
        wasm.reset();
        wasm.feed(text);
        wasm.digestToSlot(k);
      }
    }
    result.set(wasm.outputSlots(count), first);
  }
  return result;
}
