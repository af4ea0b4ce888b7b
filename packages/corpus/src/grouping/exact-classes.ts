// The exact tier's classes: classOf[d] is the first document with d's normalised text (its digest), or -1 for a
// document without tokens (nothing to compare). An open addressing table of document numbers beside their digests'
// first 32 bits (8 bytes a slot, at most half full), probed by those bits, which are compared before the digest:
// confirmed on all DIGEST_BYTES, and no string or object per document. 20 to 40 ms for 1M documents.
//
// Made once the reading ends, not as the batches come: with as many workers as cores (the default), this thread's
// work during the reading is taken from the workers, and built batch by batch (a growing table, rehashed) it cost
// 160 ms of it at 1M documents against 40 ms at once. The digests may stay in the batches' own arrays, in order:
// joined into one they were 16 MB of fresh pages at 1M documents, 4,000 page faults, for this step alone.
import { DIGEST_BYTES } from '../analysis/analyze-document.js';

/** `digests`: the documents' digests end to end, in one array or in consecutive parts (a run's batches). */
export function exactClasses(digests: Uint8Array | readonly Uint8Array[], tokens: Uint32Array, n: number): Int32Array {
  const parts = digests instanceof Uint8Array ? [digests] : digests;
  // starts[p]: the first document of part p; the last entry, the documents the parts cover.
  const starts = new Float64Array(parts.length + 1);
  parts.forEach((part, p) => (starts[p + 1] = starts[p] + Math.floor(part.length / DIGEST_BYTES)));
  if (starts[parts.length] < n || tokens.length < n) throw new RangeError(`digests and tokens must cover the ${n} documents, got ${starts[parts.length] * DIGEST_BYTES} bytes and ${tokens.length} counts`);
  const classOf = new Int32Array(n);
  const bits = Math.max(4, Math.ceil(Math.log2(2 * n + 1)));
  const mask = (1 << bits) - 1;
  const slots = new Int32Array(mask + 1).fill(-1);
  const keys = new Uint32Array(mask + 1);
  // Only documents whose keys match are compared whole (copies, mostly): the held one's part is looked up then, by
  // a binary search of the parts' first documents.
  const firstStep = parts.length === 0 ? 0 : 1 << Math.floor(Math.log2(parts.length));
  const same = (held: number, part: Uint8Array, at: number) => {
    let p = 0;
    for (let step = firstStep; step > 0; step >>= 1) if (p + step < parts.length && starts[p + step] <= held) p += step;
    const other = parts[p], from = (held - starts[p]) * DIGEST_BYTES;
    for (let i = 0; i < DIGEST_BYTES; i++) if (other[from + i] !== part[at + i]) return false;
    return true;
  };
  for (let p = 0, d = 0; p < parts.length && d < n; p++) {
    const part = parts[p];
    for (let at = 0; at + DIGEST_BYTES <= part.length && d < n; at += DIGEST_BYTES, d++) {
      if (tokens[d] === 0) {
        classOf[d] = -1;
        continue;
      }
      const key = (part[at] << 24 | part[at + 1] << 16 | part[at + 2] << 8 | part[at + 3]) >>> 0;
      for (let slot = key & mask; ; slot = (slot + 1) & mask) {
        const held = slots[slot];
        if (held === -1) {
          slots[slot] = d;
          keys[slot] = key;
          classOf[d] = d;
          break;
        }
        if (keys[slot] === key && same(held, part, at)) {
          classOf[d] = held;
          break;
        }
      }
    }
  }
  return classOf;
}
