// The bytes of a serialized index: the byte layout of format versions 1 and 2, what a reader accepts and the
// compatibility rules are specified in docs/file-formats.md, the one place; this file implements them.
//
// Only table 0 (the fingerprints in order, with ids) is stored: the other tables are derived from it on load, so a
// file is 12 bytes per fingerprint and a corrupted one cannot hold tables that disagree with each other. Format 2
// is format 1 with a names section before the checksum; an index serialized without names is written as format 1,
// so every version of the library reads it.
import { checksum64 } from './checksum.js';
import { isSketchWrapper, wrappedIndex } from './sketch-wrapper.js';
import { LITTLE_ENDIAN } from '../../core/halves.js';
import type { LayoutShape } from '../types.js';

/** The newest format version this library reads and writes. */
export const FORMAT_VERSION = 2;
const MAGIC = [0x89, 0x53, 0x48, 0x49, 0x58, 0x0d, 0x0a, 0x1a];
/** "\x89SHNM\r\n\x1a": the wrapper `simhash index build` wrote around format 1 to keep names before format 2 held them. */
const CLI_WRAPPER_MAGIC = [0x89, 0x53, 0x48, 0x4e, 0x4d, 0x0d, 0x0a, 0x1a];
const HEADER = 28;
const FLAG_AUTO = 1;
const FLAG_IDS_EXHAUSTED = 2;
/** Format 2's names section starts with two u32: the named entries m and the bytes N of their records. */
const NAMES_HEADER = 8;
const MAX_NAMES_BYTES = 0xfffffffc;

export interface IndexImage {
  readonly k: number;
  readonly shape: LayoutShape;
  readonly auto: boolean;
  readonly pipelineVersion: string;
  /** 0 .. 2^32 */
  readonly nextId: number;
  readonly n: number;
  readonly hi: Uint32Array;
  readonly lo: Uint32Array;
  readonly ids: Uint32Array;
  /** Names by id, each id one of `ids`; empty for format 1. Written as format 2 when not empty. */
  readonly names: ReadonlyMap<number, string>;
}

/** What decodeIndex made: the names a fresh Map, for the caller to keep. */
export interface DecodedImage extends IndexImage {
  readonly names: Map<number, string>;
}

export function encodeIndex(image: IndexImage): Uint8Array {
  const version = new TextEncoder().encode(image.pipelineVersion);
  if (version.length > 0xffff) throw new RangeError(`pipelineVersion must be at most 65535 UTF-8 bytes, got ${version.length}`);
  const dataStart = HEADER + pad4(version.length);
  const n = image.n;
  const named = image.names.size > 0;
  // Written in ascending id order; a Map filled in that order (as `simhash index build` fills it) is not sorted again.
  let entries: Iterable<[number, string]> = image.names;
  let previous = -1;
  for (const id of image.names.keys()) {
    if (id < previous) {
      entries = [...image.names].sort((a, b) => a[0] - b[0]);
      break;
    }
    previous = id;
  }
  // Sized first and then written in place: no array per name (an index may name millions of documents).
  let recordBytes = 0;
  for (const name of image.names.values()) recordBytes += 8 + utf8Length(name);
  const namesBytes = pad4(recordBytes);
  if (namesBytes > MAX_NAMES_BYTES) throw new RangeError(`options.names must take at most ${MAX_NAMES_BYTES} bytes, got ${namesBytes}`);
  const namesStart = dataStart + 12 * n;
  const total = namesStart + (named ? NAMES_HEADER + namesBytes : 0) + 8;
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  bytes.set(MAGIC, 0);
  view.setUint32(8, named ? 2 : 1, true);
  view.setUint8(12, image.k);
  const shape = image.shape;
  view.setUint8(13, shape === 'scan' ? 0 : typeof shape === 'number' ? 1 : 2);
  view.setUint8(14, shape === 'scan' ? 1 : typeof shape === 'number' ? shape : shape.substrings);
  view.setUint8(15, (image.auto ? FLAG_AUTO : 0) | (image.nextId > 0xffffffff ? FLAG_IDS_EXHAUSTED : 0));
  view.setUint32(16, n, true);
  view.setUint32(20, image.nextId > 0xffffffff ? 0 : image.nextId, true);
  view.setUint16(24, version.length, true);
  bytes.set(version, HEADER);
  writeWords(bytes, dataStart, image.hi, n);
  writeWords(bytes, dataStart + 4 * n, image.lo, n);
  writeWords(bytes, dataStart + 8 * n, image.ids, n);
  if (named) {
    view.setUint32(namesStart, image.names.size, true);
    view.setUint32(namesStart + 4, namesBytes, true);
    const encoder = new TextEncoder();
    const recordsEnd = namesStart + NAMES_HEADER + recordBytes;
    let at = namesStart + NAMES_HEADER;
    for (const [id, name] of entries) {
      // Bounded by the records' end: utf8Length sized them, so each name fits and no name can spill past it.
      const { written } = encoder.encodeInto(name, bytes.subarray(at + 8, recordsEnd));
      view.setUint32(at, id, true);
      view.setUint32(at + 4, written, true);
      at += 8 + written;
    }
    if (at !== recordsEnd) throw new Error(`internal error: names sized as ${recordBytes} bytes, written as ${at - namesStart - NAMES_HEADER}`);
  }
  const [a, b] = checksum64(new Uint32Array(bytes.buffer, 0, (total - 8) / 4));
  view.setUint32(total - 8, a, true);
  view.setUint32(total - 4, b, true);
  return bytes;
}

/**
 * Reads a serialized index; throws a RangeError saying what is wrong with a foreign, truncated or altered buffer.
 * withNames false leaves a format 2 buffer's names unread (an empty Map).
 */
export function decodeIndex(input: Uint8Array, withNames = true): DecodedImage {
  const fail = (why: string): never => {
    throw new RangeError(`bytes is not a usable simhash-wasm index: ${why}`);
  };
  if (isSketchWrapper(input)) return decodeIndex(wrappedIndex(input, fail), withNames);
  if (input.length >= CLI_WRAPPER_MAGIC.length && CLI_WRAPPER_MAGIC.every((b, i) => input[i] === b)) {
    fail('it is an index file in the wrapper ("\\x89SHNM") that `simhash index build` wrote before index files held names in format 2; `simhash index query` still reads it, and `simhash index build --append` rewrites it in format 2');
  }
  for (let i = 0; i < MAGIC.length; i++) {
    if (i >= input.length) fail(`truncated at ${input.length} bytes, inside the magic number`);
    if (input[i] !== MAGIC[i]) fail('wrong magic number (not a serialized SimHashIndex)');
  }
  if (input.length < HEADER) fail(`truncated at ${input.length} bytes, inside the ${HEADER}-byte header`);
  // Aligned little-endian words, so the three arrays are plain Uint32Array copies.
  // Uint8Array's own slice: a Node Buffer's slice() is a view, not a copy, so it would stay unaligned.
  const bytes = input.byteOffset % 4 === 0 ? input : Uint8Array.prototype.slice.call(input);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const format = view.getUint32(8, true);
  if (format !== 1 && format !== 2) fail(`format version ${format}, this library reads versions 1 and ${FORMAT_VERSION}`);
  const versionBytes = view.getUint16(24, true);
  const n = view.getUint32(16, true);
  const dataStart = HEADER + pad4(versionBytes);
  const namesStart = dataStart + 12 * n;
  let total = namesStart + 8;
  let namesBytes = 0;
  if (format === 2) {
    if (bytes.length < namesStart + NAMES_HEADER + 8) fail(`truncated: the header describes at least ${namesStart + NAMES_HEADER + 8} bytes, the buffer has ${bytes.length}`);
    namesBytes = view.getUint32(namesStart + 4, true);
    total = namesStart + NAMES_HEADER + namesBytes + 8;
  }
  const described = format === 2 ? 'the header and the names section describe' : 'the header describes';
  if (bytes.length < total) fail(`truncated: ${described} ${total} bytes, the buffer has ${bytes.length}`);
  if (bytes.length > total) fail(`${bytes.length - total} bytes beyond the ${total} ${described}`);
  if (namesBytes % 4 !== 0) fail(`the names section is ${namesBytes} bytes, not a multiple of 4`);
  const words = readWords(bytes, 0, (total - 8) / 4);
  const [a, b] = checksum64(words);
  if (view.getUint32(total - 8, true) !== a || view.getUint32(total - 4, true) !== b) fail('checksum mismatch (the data was altered or corrupted)');

  const k = view.getUint8(12);
  const kind = view.getUint8(13);
  const blocks = view.getUint8(14);
  const flags = view.getUint8(15);
  if (view.getUint16(26, true) !== 0 || (flags & ~(FLAG_AUTO | FLAG_IDS_EXHAUSTED)) !== 0) fail('reserved header fields are set');
  if (kind > 2 || (kind === 0 && blocks !== 1)) fail(`unknown layout kind ${kind}`);
  for (let i = versionBytes; i < pad4(versionBytes); i++) if (bytes[HEADER + i] !== 0) fail('padding after the pipeline version is not zero');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let pipelineVersion: string;
  try {
    pipelineVersion = decoder.decode(bytes.subarray(HEADER, HEADER + versionBytes));
  } catch {
    return fail('the pipeline version is not valid UTF-8');
  }
  const nextId = flags & FLAG_IDS_EXHAUSTED ? 2 ** 32 : view.getUint32(20, true);
  const w = dataStart / 4;
  return {
    k,
    shape: kind === 0 ? 'scan' : kind === 1 ? blocks : { substrings: blocks },
    auto: (flags & FLAG_AUTO) !== 0,
    pipelineVersion,
    nextId,
    n,
    hi: words.slice(w, w + n),
    lo: words.slice(w + n, w + 2 * n),
    ids: words.slice(w + 2 * n, w + 3 * n),
    names: format === 2 && withNames ? readNames(bytes, view, namesStart, namesBytes, decoder, fail) : new Map(),
  };
}

function readNames(bytes: Uint8Array, view: DataView, start: number, namesBytes: number, decoder: TextDecoder, fail: (why: string) => never): Map<number, string> {
  const count = view.getUint32(start, true);
  const end = start + NAMES_HEADER + namesBytes;
  const names = new Map<number, string>();
  let at = start + NAMES_HEADER;
  let previous = -1;
  for (let i = 0; i < count; i++) {
    if (at + 8 > end) fail(`the names section ends inside name ${i} of ${count}`);
    const id = view.getUint32(at, true);
    const length = view.getUint32(at + 4, true);
    if (id <= previous) fail(`names out of order at id ${id}`);
    if (at + 8 + length > end) fail(`the names section ends inside name ${i} of ${count}`);
    try {
      names.set(id, decoder.decode(bytes.subarray(at + 8, at + 8 + length)));
    } catch {
      fail(`the name of id ${id} is not valid UTF-8`);
    }
    previous = id;
    at += 8 + length;
  }
  if (end - at > 3 || bytes.subarray(at, end).some((b) => b !== 0)) fail('bytes left over after the names');
  return names;
}

/** What TextEncoder writes for `text`: a lone surrogate becomes U+FFFD, 3 bytes. */
function utf8Length(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) length += 1;
    else if (c < 0x800) length += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      length += 4;
      i++;
    } else length += 3;
  }
  return length;
}

/** Arithmetic, not `& ~3`: a names section may pass 2^31 bytes. */
function pad4(n: number): number {
  return n + ((4 - (n % 4)) % 4);
}

function writeWords(bytes: Uint8Array, at: number, words: Uint32Array, n: number): void {
  if (LITTLE_ENDIAN) {
    new Uint32Array(bytes.buffer, at, n).set(words.subarray(0, n));
    return;
  }
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < n; i++) view.setUint32(at + 4 * i, words[i], true);
}

function readWords(bytes: Uint8Array, at: number, count: number): Uint32Array {
  if (LITTLE_ENDIAN) return new Uint32Array(bytes.buffer, bytes.byteOffset + at, count);
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const out = new Uint32Array(count);
  for (let i = 0; i < count; i++) out[i] = view.getUint32(at + 4 * i, true);
  return out;
}
