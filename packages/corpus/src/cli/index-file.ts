// The file `simhash index build` writes and `index query` reads is the library's serialized index with the name of
// each document (its path, or its JSONL id) in it: SimHashIndex.serialize({ names }), which an application opens
// with SimHashIndex.deserializeWithNames(). The byte layouts are in docs/file-formats.md, the one place.
//
// Besides the library's formats this reads one legacy file: the "\x89SHNM" wrapper (header, names, the library's
// format 1, SHA-256) that `simhash index build` wrote before the library's format 2 held names. The library does not
// read it (it would need SHA-256, which a browser has only asynchronously); `--append` rewrites it in format 2.
// And the file `index build --sketches` writes: the library's file wrapped with each entry's sketch (index-sketches.ts).
import { createHash } from 'node:crypto';
import { SimHashIndex } from 'simhash-wasm';
import type { DeserializeOptions } from 'simhash-wasm';
import { SKETCH_MAGIC, unwrapSketches, wrapWithSketches } from './index-sketches.js';

const LIBRARY_MAGIC = [0x89, 0x53, 0x48, 0x49, 0x58, 0x0d, 0x0a, 0x1a];
const LEGACY_MAGIC = [0x89, 0x53, 0x48, 0x4e, 0x4d, 0x0d, 0x0a, 0x1a];
const LEGACY_FORMAT = 2;
const LEGACY_HEADER = 32;
const DIGEST = 32;
/** How the library begins every refusal of a damaged or foreign buffer (file/serialize.ts, file/load.ts there). */
const LIBRARY_REFUSAL = 'bytes is not a usable simhash-wasm index: ';

export interface IndexFileContent {
  readonly index: SimHashIndex;
  /** Names by id; an id without one is named by its number. */
  readonly names: ReadonlyMap<number, string>;
  /** Each entry's MinHash sketch, by id: present for a file written with sketches (and then for every id). */
  readonly sketches?: ReadonlyMap<number, Uint32Array>;
  /** With sketches: their bins (REFERENCE_BINS; SKETCH_BINS in a file of an older simhash). */
  readonly sketchBins?: number;
}

/** A file that is not an index file, or a damaged one: the message says which, for "simhash: FILE: message". */
export class IndexFileError extends Error {
  override name = 'IndexFileError';
}

export function nameOf(names: ReadonlyMap<number, string>, id: number): string {
  return names.get(id) ?? String(id);
}

/** With `sketches` (of `sketchBins`), the file with sketches (of the ids still in the index); without, the library's own file. */
export function encodeIndexFile(index: SimHashIndex, names: ReadonlyMap<number, string>, sketches?: ReadonlyMap<number, Uint32Array>, sketchBins?: number): Uint8Array {
  const library = index.serialize({ names });
  if (sketches === undefined) return library;
  return wrapWithSketches(library, new Map([...sketches].filter(([id]) => index.has(id))), sketchBins);
}

/** Any index file; the library's refusals become IndexFileErrors worded for a file. */
export function decodeIndexFile(bytes: Uint8Array, options: DeserializeOptions): IndexFileContent {
  try {
    if (startsWith(bytes, LEGACY_MAGIC)) return decodeLegacy(bytes, options);
    if (startsWith(bytes, SKETCH_MAGIC)) {
      const parts = unwrapSketches(bytes);
      if (typeof parts === 'string') throw new IndexFileError(parts);
      const content = SimHashIndex.deserializeWithNames(parts.library, options);
      for (const id of parts.sketches.keys()) if (!content.index.has(id)) throw new IndexFileError(`damaged index file: a sketch for id ${id}, which the index does not hold`);
      return { ...content, sketches: parts.sketches, sketchBins: parts.bins };
    }
    return SimHashIndex.deserializeWithNames(bytes, options);
  } catch (error) {
    if (error instanceof RangeError && error.message.startsWith(LIBRARY_REFUSAL)) {
      throw new IndexFileError(`not a usable index file: ${error.message.slice(LIBRARY_REFUSAL.length)}`);
    }
    throw error;
  }
}

function decodeLegacy(bytes: Uint8Array, options: DeserializeOptions): IndexFileContent {
  if (bytes.length < LEGACY_HEADER + DIGEST) throw new IndexFileError(`damaged index file: cut short (${bytes.length} bytes)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const format = view.getUint32(8, true);
  if (format !== LEGACY_FORMAT) throw new IndexFileError(`index file format ${format} in the "\\x89SHNM" wrapper, which only ever held format ${LEGACY_FORMAT}`);
  const count = view.getUint32(12, true);
  const namesBytes = view.getBigUint64(16, true);
  const libraryBytes = view.getBigUint64(24, true);
  if (BigInt(LEGACY_HEADER) + namesBytes + libraryBytes + BigInt(DIGEST) !== BigInt(bytes.length)) {
    throw new IndexFileError(`damaged index file: its sections add up to ${BigInt(LEGACY_HEADER) + namesBytes + libraryBytes + BigInt(DIGEST)} bytes, the file has ${bytes.length} (cut short, or extended)`);
  }
  const digest = createHash('sha256').update(bytes.subarray(0, bytes.length - DIGEST)).digest();
  if (!digest.every((b, i) => b === bytes[bytes.length - DIGEST + i])) throw new IndexFileError('damaged index file: checksum mismatch (it changed after it was written)');
  const namesEnd = LEGACY_HEADER + Number(namesBytes);
  const names = readLegacyNames(bytes, view, count, namesEnd);
  // The library copies a view that starts off a 4-byte boundary itself.
  const index = SimHashIndex.deserialize(bytes.subarray(namesEnd, bytes.length - DIGEST), options);
  return { index, names };
}

function readLegacyNames(bytes: Uint8Array, view: DataView, count: number, end: number): Map<number, string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const names = new Map<number, string>();
  let at = LEGACY_HEADER;
  let previous = -1;
  for (let i = 0; i < count; i++) {
    if (at + 8 > end) throw new IndexFileError('damaged index file: the names section is cut short');
    const id = view.getUint32(at, true);
    const length = view.getUint32(at + 4, true);
    if (id <= previous) throw new IndexFileError('damaged index file: names out of order');
    if (at + 8 + length > end) throw new IndexFileError('damaged index file: the names section is cut short');
    try {
      names.set(id, decoder.decode(bytes.subarray(at + 8, at + 8 + length)));
    } catch {
      throw new IndexFileError('damaged index file: a name is not valid UTF-8');
    }
    previous = id;
    at += 8 + length;
  }
  if (end - at > 3 || bytes.subarray(at, end).some((b) => b !== 0)) throw new IndexFileError('damaged index file: bytes left over after the names');
  return names;
}

/** Whether the bytes begin as some index file does (the library's, the legacy wrapper, or with sketches). */
export function looksLikeIndexFile(bytes: Uint8Array): boolean {
  return [LIBRARY_MAGIC, LEGACY_MAGIC, SKETCH_MAGIC].some((magic) => startsWith(bytes, magic));
}

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}
