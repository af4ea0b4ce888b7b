// The file `simhash index build` writes and `index query` reads: the library's index and the name of each document
// (its path, or its JSONL id), so a query answers with names rather than numbers. Little-endian:
//
//   0    8 bytes  magic 89 53 48 4e 4d 0d 0a 1a ("\x89SHNM\r\n\x1a", beside the library's "\x89SHIX\r\n\x1a")
//   8    u32      format version (2)
//   12   u32      named documents m
//   16   u64      names section bytes N, a multiple of 4
//   24   u64      index bytes L
//   32   N bytes  m × (u32 id, u32 name bytes B, B bytes of UTF-8 name), ids ascending; then zero bytes up to N, so
//                 the library's part starts on a 4-byte boundary (it reads 32-bit words in place)
//   32+N L bytes  SimHashIndex.serialize(): the fingerprints, ids, k, layout and pipeline version, with its own checks
//   end  32 bytes SHA-256 of every byte before it
//
// Format 1 is the library's bare serialization, which `simhash index build` wrote before it kept names: it is read
// with each document named by its id (the only name it has), and `--append` rewrites it as format 2.
import { createHash } from 'node:crypto';
import type { SimHashIndex } from 'simhash-wasm';

export const INDEX_FILE_FORMAT = 2;
const MAGIC = [0x89, 0x53, 0x48, 0x4e, 0x4d, 0x0d, 0x0a, 0x1a];
/** The library's own magic: a file that starts with it is format 1. */
const LIBRARY_MAGIC = [0x89, 0x53, 0x48, 0x49, 0x58, 0x0d, 0x0a, 0x1a];
const HEADER = 32;
const DIGEST = 32;

export interface IndexFileContent {
  readonly index: SimHashIndex;
  /** Names by id; an id without one is named by its number. */
  readonly names: ReadonlyMap<number, string>;
  readonly format: 1 | 2;
}

/** A file that is not an index file, or a damaged one: the message says which, for "simhash: FILE: message". */
export class IndexFileError extends Error {
  override name = 'IndexFileError';
}

export function nameOf(names: ReadonlyMap<number, string>, id: number): string {
  return names.get(id) ?? String(id);
}

export function encodeIndexFile(index: SimHashIndex, names: ReadonlyMap<number, string>): Uint8Array {
  const encoder = new TextEncoder();
  const entries = [...names].sort((a, b) => a[0] - b[0]);
  // Sized first and then written in place: no array per name (an index may name millions of documents).
  const namesBytes = pad4(entries.reduce((sum, [, name]) => sum + 8 + Buffer.byteLength(name, 'utf8'), 0));
  const library = index.serialize();
  const total = HEADER + namesBytes + library.length + DIGEST;
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  bytes.set(MAGIC, 0);
  view.setUint32(8, INDEX_FILE_FORMAT, true);
  view.setUint32(12, entries.length, true);
  view.setBigUint64(16, BigInt(namesBytes), true);
  view.setBigUint64(24, BigInt(library.length), true);
  let at = HEADER;
  for (const [id, name] of entries) {
    const { written } = encoder.encodeInto(name, bytes.subarray(at + 8));
    view.setUint32(at, id, true);
    view.setUint32(at + 4, written, true);
    at += 8 + written;
  }
  bytes.set(library, HEADER + namesBytes);
  bytes.set(sha256(bytes.subarray(0, total - DIGEST)), total - DIGEST);
  return bytes;
}

/** `load`: the library's deserialize with the caller's options; its errors (a damaged index part) pass through. */
export function decodeIndexFile(bytes: Uint8Array, load: (library: Uint8Array) => SimHashIndex): IndexFileContent {
  if (startsWith(bytes, LIBRARY_MAGIC)) return { index: load(bytes), names: new Map(), format: 1 };
  if (!startsWith(bytes, MAGIC)) throw new IndexFileError('not a simhash index file (it does not start with the index magic bytes)');
  if (bytes.length < HEADER + DIGEST) throw new IndexFileError(`damaged index file: cut short (${bytes.length} bytes)`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const format = view.getUint32(8, true);
  if (format !== INDEX_FILE_FORMAT) throw new IndexFileError(`index file format ${format}, but this simhash reads formats 1 and ${INDEX_FILE_FORMAT} (made by a newer simhash?)`);
  const count = view.getUint32(12, true);
  const namesBytes = view.getBigUint64(16, true);
  const libraryBytes = view.getBigUint64(24, true);
  if (BigInt(HEADER) + namesBytes + libraryBytes + BigInt(DIGEST) !== BigInt(bytes.length)) {
    throw new IndexFileError(`damaged index file: its sections add up to ${BigInt(HEADER) + namesBytes + libraryBytes + BigInt(DIGEST)} bytes, the file has ${bytes.length} (cut short, or extended)`);
  }
  const digest = sha256(bytes.subarray(0, bytes.length - DIGEST));
  if (!digest.every((b, i) => b === bytes[bytes.length - DIGEST + i])) throw new IndexFileError('damaged index file: checksum mismatch (it changed after it was written)');
  const namesEnd = HEADER + Number(namesBytes);
  const names = readNames(bytes, view, count, namesEnd);
  const library = bytes.subarray(namesEnd, bytes.length - DIGEST);
  // The library copies a view that starts off a 4-byte boundary itself.
  return { index: load(library), names, format: 2 };
}

function readNames(bytes: Uint8Array, view: DataView, count: number, end: number): Map<number, string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const names = new Map<number, string>();
  let at = HEADER;
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

function pad4(n: number): number {
  return (n + 3) & ~3;
}

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

function sha256(bytes: Uint8Array): Uint8Array {
  return createHash('sha256').update(bytes).digest();
}
