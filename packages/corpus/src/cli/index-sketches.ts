// The index file with sketches that `simhash index build --sketches` writes, so that `dedupe --against` can verify a
// new document against an entry it has no text of: the library's index file (format 1 or 2, names included, complete
// with its own checksum) wrapped with each entry's MinHash sketch (analysis/minhash-sketch.ts, SKETCH_BINS u32).
// The byte layout is in docs/file-formats.md ("The command line's index with sketches"). The library reads only
// what it wraps; `index build --append`, `index query` and `index remove` read and keep both.
import { createHash } from 'node:crypto';
import { SKETCH_WRAPPER } from 'simhash-wasm/internal';
import { SKETCH_BINS } from '../analysis/minhash-sketch.js';

// The layout is the library's, which reads the index such a file wraps (simhash-wasm/internal, SKETCH_WRAPPER).
export const SKETCH_MAGIC: readonly number[] = SKETCH_WRAPPER.magic;
const { version: WRAPPER_VERSION, headerBytes: HEADER, digestBytes: DIGEST, recordBytes: RECORD } = SKETCH_WRAPPER;
if (RECORD !== 4 + 4 * SKETCH_BINS) throw new Error(`internal: a sketch record of ${RECORD} bytes, but sketches of ${SKETCH_BINS} bins`);

/** A sketch as stored, in a file or beside an entry on Redis: SKETCH_BINS u32, little-endian. */
export function sketchBytes(sketch: Uint32Array): Uint8Array {
  const bytes = new Uint8Array(4 * SKETCH_BINS);
  const view = new DataView(bytes.buffer);
  for (let bin = 0; bin < SKETCH_BINS; bin++) view.setUint32(4 * bin, sketch[bin], true);
  return bytes;
}

/** The stored bytes back into out[at .. at + SKETCH_BINS); false (out untouched) when they are not a sketch's. */
export function readSketch(bytes: Uint8Array, out: Uint32Array, at: number): boolean {
  if (bytes.byteLength !== 4 * SKETCH_BINS) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let bin = 0; bin < SKETCH_BINS; bin++) out[at + bin] = view.getUint32(4 * bin, true);
  return true;
}

/** A wrapped file's parts, or a sentence saying why the bytes are not one. */
export interface SketchedParts {
  readonly library: Uint8Array;
  readonly sketches: Map<number, Uint32Array>;
}

export function wrapWithSketches(library: Uint8Array, sketches: ReadonlyMap<number, Uint32Array>): Uint8Array {
  const ids = [...sketches.keys()].sort((a, b) => a - b);
  const bytes = new Uint8Array(HEADER + library.length + ids.length * RECORD + DIGEST);
  const view = new DataView(bytes.buffer);
  bytes.set(SKETCH_MAGIC, 0);
  view.setUint32(8, WRAPPER_VERSION, true);
  view.setUint32(12, ids.length, true);
  view.setBigUint64(16, BigInt(library.length), true);
  bytes.set(library, HEADER);
  let at = HEADER + library.length;
  for (const id of ids) {
    view.setUint32(at, id, true);
    bytes.set(sketchBytes(sketches.get(id)!), at + 4);
    at += RECORD;
  }
  bytes.set(createHash('sha256').update(bytes.subarray(0, at)).digest(), at);
  return bytes;
}

export function unwrapSketches(bytes: Uint8Array): SketchedParts | string {
  if (bytes.length < HEADER + DIGEST) return `damaged index file: cut short (${bytes.length} bytes)`;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  if (version !== WRAPPER_VERSION) return `index file with sketches of version ${version}; this simhash reads version ${WRAPPER_VERSION}`;
  const count = view.getUint32(12, true);
  const libraryBytes = view.getBigUint64(16, true);
  const expected = BigInt(HEADER) + libraryBytes + BigInt(count) * BigInt(RECORD) + BigInt(DIGEST);
  if (expected !== BigInt(bytes.length)) return `damaged index file: its sections add up to ${expected} bytes, the file has ${bytes.length} (cut short, or extended)`;
  const digest = createHash('sha256').update(bytes.subarray(0, bytes.length - DIGEST)).digest();
  if (!digest.every((b, i) => b === bytes[bytes.length - DIGEST + i])) return 'damaged index file: checksum mismatch (it changed after it was written)';
  const library = bytes.subarray(HEADER, HEADER + Number(libraryBytes));
  const sketches = new Map<number, Uint32Array>();
  let at = HEADER + Number(libraryBytes);
  let previous = -1;
  for (let i = 0; i < count; i++, at += RECORD) {
    const id = view.getUint32(at, true);
    if (id <= previous) return 'damaged index file: sketches out of order';
    const sketch = new Uint32Array(SKETCH_BINS);
    readSketch(bytes.subarray(at + 4, at + RECORD), sketch, 0);
    sketches.set(id, sketch);
    previous = id;
  }
  return { library, sketches };
}
