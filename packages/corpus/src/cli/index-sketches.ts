// The index file with sketches that `simhash index build --sketches` writes, so that `dedupe --against` can verify a
// new document against an entry it has no text of: the library's index file (format 1 or 2, names included, complete
// with its own checksum) wrapped with each entry's MinHash sketch (analysis/minhash-sketch.ts, REFERENCE_BINS u32),
// and the same sketch as a payload beside an entry on Redis. The byte layout is in docs/file-formats.md ("The command
// line's index with sketches"). The library reads only what it wraps; `index build --append`, `index query` and
// `index remove` read and keep both. Version 1 files held sketches of SKETCH_BINS (32) bins: they are read as they
// are (a query needs no sketch; `dedupe --against` judges by them at their precision and says so; `index remove`
// writes version 1 again), and `--append` to one is refused, since a sketch cannot gain bins without its text. A
// Redis payload of version 1 (32 bins, no version number) is refused with a sentence saying to store it again.
import { createHash } from 'node:crypto';
import { SKETCH_WRAPPER } from 'simhash-wasm/internal';
import { REFERENCE_BINS, SKETCH_BINS } from '../analysis/minhash-sketch.js';

// The layout is the library's, which reads the index such a file wraps (simhash-wasm/internal, SKETCH_WRAPPER).
export const SKETCH_MAGIC: readonly number[] = SKETCH_WRAPPER.magic;
const { version: WRAPPER_VERSION, headerBytes: HEADER, digestBytes: DIGEST, recordBytes: RECORD } = SKETCH_WRAPPER;
if (RECORD !== 4 + 4 * REFERENCE_BINS) throw new Error(`internal: a sketch record of ${RECORD} bytes, but sketches of ${REFERENCE_BINS} bins`);
/** The sketches' bins by wrapper version. */
const BINS_OF_VERSION = new Map([[1, SKETCH_BINS], [WRAPPER_VERSION, REFERENCE_BINS]]);

/** A sketch of `bins` bins as stored: u32 little-endian each. */
export function sketchBytes(sketch: Uint32Array, bins = REFERENCE_BINS): Uint8Array {
  const bytes = new Uint8Array(4 * bins);
  const view = new DataView(bytes.buffer);
  for (let bin = 0; bin < bins; bin++) view.setUint32(4 * bin, sketch[bin], true);
  return bytes;
}

/** Stored bytes back into out[at .. at + bins); false (out untouched) when they are not a sketch of that many bins. */
export function readSketch(bytes: Uint8Array, out: Uint32Array, at: number, bins = REFERENCE_BINS): boolean {
  if (bytes.byteLength !== 4 * bins) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let bin = 0; bin < bins; bin++) out[at + bin] = view.getUint32(4 * bin, true);
  return true;
}

/** The payload version a sketch is stored beside an entry on Redis with; version 1 had no number (see below). */
export const PAYLOAD_VERSION = 2;

/** A sketch as stored beside an entry on Redis: u32 PAYLOAD_VERSION, then the file's bytes. */
export function sketchPayload(sketch: Uint32Array): Uint8Array {
  const bytes = new Uint8Array(4 + 4 * REFERENCE_BINS);
  new DataView(bytes.buffer).setUint32(0, PAYLOAD_VERSION, true);
  bytes.set(sketchBytes(sketch), 4);
  return bytes;
}

/**
 * A payload back into out[at .. at + REFERENCE_BINS): 'read', 'version 1' (SKETCH_BINS u32 with no version, from an
 * older simhash: out untouched) or 'not a sketch' (out untouched).
 */
export function readSketchPayload(payload: Uint8Array, out: Uint32Array, at: number): 'read' | 'version 1' | 'not a sketch' {
  if (payload.byteLength === 4 * SKETCH_BINS) return 'version 1';
  const version = payload.byteLength < 4 ? -1 : new DataView(payload.buffer, payload.byteOffset, 4).getUint32(0, true);
  return version === PAYLOAD_VERSION && readSketch(payload.subarray(4), out, at) ? 'read' : 'not a sketch';
}

/** A wrapped file's parts, or a sentence saying why the bytes are not one. */
export interface SketchedParts {
  readonly library: Uint8Array;
  readonly sketches: Map<number, Uint32Array>;
  /** The sketches' bins: REFERENCE_BINS, or SKETCH_BINS in a version 1 file. */
  readonly bins: number;
}

/** The file of version 2 (sketches of REFERENCE_BINS), or with `bins` SKETCH_BINS of version 1 (what `index remove` keeps). */
export function wrapWithSketches(library: Uint8Array, sketches: ReadonlyMap<number, Uint32Array>, bins = REFERENCE_BINS): Uint8Array {
  const version = [...BINS_OF_VERSION].find(([, b]) => b === bins)?.[0];
  if (version === undefined) throw new RangeError(`internal: no index file version holds sketches of ${bins} bins`);
  const record = 4 + 4 * bins;
  const ids = [...sketches.keys()].sort((a, b) => a - b);
  const bytes = new Uint8Array(HEADER + library.length + ids.length * record + DIGEST);
  const view = new DataView(bytes.buffer);
  bytes.set(SKETCH_MAGIC, 0);
  view.setUint32(8, version, true);
  view.setUint32(12, ids.length, true);
  view.setBigUint64(16, BigInt(library.length), true);
  bytes.set(library, HEADER);
  let at = HEADER + library.length;
  for (const id of ids) {
    view.setUint32(at, id, true);
    bytes.set(sketchBytes(sketches.get(id)!, bins), at + 4);
    at += record;
  }
  bytes.set(createHash('sha256').update(bytes.subarray(0, at)).digest(), at);
  return bytes;
}

export function unwrapSketches(bytes: Uint8Array): SketchedParts | string {
  if (bytes.length < HEADER + DIGEST) return `damaged index file: cut short (${bytes.length} bytes)`;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(8, true);
  const bins = BINS_OF_VERSION.get(version);
  if (bins === undefined) return `index file with sketches of version ${version}; this simhash reads versions 1 and ${WRAPPER_VERSION}`;
  const record = 4 + 4 * bins;
  const count = view.getUint32(12, true);
  const libraryBytes = view.getBigUint64(16, true);
  const expected = BigInt(HEADER) + libraryBytes + BigInt(count) * BigInt(record) + BigInt(DIGEST);
  if (expected !== BigInt(bytes.length)) return `damaged index file: its sections add up to ${expected} bytes, the file has ${bytes.length} (cut short, or extended)`;
  const digest = createHash('sha256').update(bytes.subarray(0, bytes.length - DIGEST)).digest();
  if (!digest.every((b, i) => b === bytes[bytes.length - DIGEST + i])) return 'damaged index file: checksum mismatch (it changed after it was written)';
  const library = bytes.subarray(HEADER, HEADER + Number(libraryBytes));
  const sketches = new Map<number, Uint32Array>();
  let at = HEADER + Number(libraryBytes);
  let previous = -1;
  for (let i = 0; i < count; i++, at += record) {
    const id = view.getUint32(at, true);
    if (id <= previous) return 'damaged index file: sketches out of order';
    const sketch = new Uint32Array(bins);
    readSketch(bytes.subarray(at + 4, at + record), sketch, 0, bins);
    sketches.set(id, sketch);
    previous = id;
  }
  return { library, sketches, bins };
}
