// The file format. Little-endian throughout:
//
//   0   8 bytes  magic 89 53 48 49 58 0d 0a 1a ("\x89SHIX\r\n\x1a": binary, and mangled line ends show)
//   8   u32      format version (1)
//   12  u8       k (maxDistance)          13 u8 layout kind (0 scan, 1 blocks, 2 substrings)   14 u8 B or m   15 u8 flags
//   16  u32      n, the fingerprints      20 u32 next auto id                    24 u16 pipeline version bytes L, u16 0
//   28  L bytes  pipeline version (UTF-8), zero-padded to a multiple of 4
//   D   n × u32  fingerprint high halves, ascending by fingerprint; then n × u32 low halves; then n × u32 ids
//   end 8 bytes  checksum64 of every byte before it
//
// Only table 0 (the fingerprints in order, with ids) is stored: the other tables are derived from it on load, so a
// file is 12 bytes per fingerprint and a corrupted one cannot hold tables that disagree with each other.
import { checksum64 } from './checksum.js';
import { LITTLE_ENDIAN } from '../tables/u64.js';
import type { LayoutShape } from '../types.js';

export const FORMAT_VERSION = 1;
const MAGIC = [0x89, 0x53, 0x48, 0x49, 0x58, 0x0d, 0x0a, 0x1a];
const HEADER = 28;
const FLAG_AUTO = 1;
const FLAG_IDS_EXHAUSTED = 2;

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
}

export function encodeIndex(image: IndexImage): Uint8Array {
  const version = new TextEncoder().encode(image.pipelineVersion);
  if (version.length > 0xffff) throw new RangeError(`pipelineVersion must be at most 65535 UTF-8 bytes, got ${version.length}`);
  const dataStart = HEADER + pad4(version.length);
  const n = image.n;
  const total = dataStart + 12 * n + 8;
  const bytes = new Uint8Array(total);
  const view = new DataView(bytes.buffer);
  bytes.set(MAGIC, 0);
  view.setUint32(8, FORMAT_VERSION, true);
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
  const [a, b] = checksum64(new Uint32Array(bytes.buffer, 0, (total - 8) / 4));
  view.setUint32(total - 8, a, true);
  view.setUint32(total - 4, b, true);
  return bytes;
}

/** Reads a serialized index; throws a RangeError saying what is wrong with a foreign, truncated or altered buffer. */
export function decodeIndex(input: Uint8Array): IndexImage {
  const fail = (why: string): never => {
    throw new RangeError(`bytes is not a usable simhash-wasm index: ${why}`);
  };
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
  if (format !== FORMAT_VERSION) fail(`format version ${format}, this library reads version ${FORMAT_VERSION}`);
  const versionBytes = view.getUint16(24, true);
  const n = view.getUint32(16, true);
  const dataStart = HEADER + pad4(versionBytes);
  const total = dataStart + 12 * n + 8;
  if (bytes.length < total) fail(`truncated: the header describes ${total} bytes, the buffer has ${bytes.length}`);
  if (bytes.length > total) fail(`${bytes.length - total} bytes beyond the ${total} the header describes`);
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
  let pipelineVersion: string;
  try {
    pipelineVersion = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(HEADER, HEADER + versionBytes));
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
  };
}

function pad4(n: number): number {
  return (n + 3) & ~3;
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
