// fingerprintMany: documents packed back to back into the input buffer with an offsets array,
// one WASM call per batch; a document too big for the buffer goes alone through the slice path.
import type { HasherConfig, Text } from '../core/types.js';
import { INPUT_CAP, MAX_BATCH, SLICE_UNITS, type WasmCore } from './core.js';

export function fingerprintBatched(core: WasmCore, texts: readonly Text[], config: HasherConfig): BigUint64Array {
  const { ex } = core;
  const result = new BigUint64Array(texts.length);
  core.takeForOneShot(config);
  let offsets = new Uint32Array(ex.memory.buffer, core.offsets, MAX_BATCH + 1);
  let first = 0; // index of the batch's first document
  let count = 0;
  let used = 0;

  const flush = () => {
    if (count > 0) {
      offsets[count] = used;
      ex.fingerprintBatch(core.input, core.offsets, count, core.out);
      result.set(new BigUint64Array(ex.memory.buffer, core.out, count), first);
    }
    first += count;
    count = 0;
    used = 0;
  };

  for (let i = 0; i < texts.length; i++) {
    const text = texts[i];
    if (text.length > (typeof text === 'string' ? SLICE_UNITS : INPUT_CAP)) {
      flush();
      ex.reset();
      core.feed(text);
      result[i] = BigInt.asUintN(64, ex.digest());
      first = i + 1;
      continue;
    }
    if (text.length > INPUT_CAP - used) flush(); // cannot fit even at one byte per unit
    let written: number;
    if (typeof text === 'string') {
      let r = core.encodeAt(text, used);
      if (r.read < text.length) {
        flush();
        r = core.encodeAt(text, 0);
      }
      written = r.written;
    } else {
      core.bytes().set(text, core.input + used);
      written = text.length;
    }
    if (offsets.buffer !== ex.memory.buffer) offsets = new Uint32Array(ex.memory.buffer, core.offsets, MAX_BATCH + 1);
    offsets[count++] = used;
    used += written;
    if (count === MAX_BATCH) flush();
  }
  flush();
  return result;
}
