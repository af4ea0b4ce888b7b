// Which reader an input needs: a container of many documents (Parquet, WARC/WET, CSV/TSV) or not. First by the
// file's name, then by its first bytes, which win where they are certain: a Parquet file starts with "PAR1" and a
// WARC file (once decompressed) with "WARC/1.", whatever the file is called. CSV has no magic bytes: only its name
// (.csv, .tsv, also compressed: .csv.gz) makes a file CSV.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { constants, gunzipSync } from 'node:zlib';
import { Decompress } from 'fzstd';
import { detectCompression, MAGIC_BYTES, withoutCompressionSuffix } from '../compression/compression.js';
import { concatBytes } from '../bytes/lines.js';

export type ContainerFormat = 'parquet' | 'warc' | 'csv' | 'tsv';

/** Enough of a file's start to see the magic bytes through a compressed header (a gzip member's, a zstd frame's). */
export const SNIFF_BYTES = 1 << 16;

const PARQUET_MAGIC = [0x50, 0x41, 0x52, 0x31]; // "PAR1"
const WARC_MAGIC = [0x57, 0x41, 0x52, 0x43, 0x2f, 0x31, 0x2e]; // "WARC/1."
/** Enough decompressed bytes to tell a WARC stream. */
export const WARC_MAGIC_BYTES = WARC_MAGIC.length;

const BY_NAME: ReadonlyArray<readonly [RegExp, ContainerFormat]> = [
  [/\.parquet$/i, 'parquet'],
  [/\.(?:warc|wet)$/i, 'warc'],
  [/\.csv$/i, 'csv'],
  [/\.tsv$/i, 'tsv'],
];

/** The container a name says, looking through a compression suffix (`crawl.warc.gz`, `rows.csv.zst`). */
export function formatByName(path: string): ContainerFormat | undefined {
  const name = withoutCompressionSuffix(path);
  return BY_NAME.find(([pattern]) => pattern.test(name))?.[1];
}

/**
 * The container a file's first bytes prove, if any. `head` is the raw start of the file (at least SNIFF_BYTES of
 * it, or all of it); a compressed start is decompressed as far as it goes to look for "WARC/1.".
 */
export function formatByMagic(head: Uint8Array): 'parquet' | 'warc' | undefined {
  if (startsWith(head, PARQUET_MAGIC)) return 'parquet';
  return startsWith(decompressedStart(head), WARC_MAGIC) ? 'warc' : undefined;
}

/**
 * A file's container: its magic bytes, else (with `byName`) its name. A file that cannot be read is left to its name
 * (its reader then reports why it cannot be read).
 */
export function formatOfFile(path: string, byName = true): ContainerFormat | undefined {
  const named = byName ? formatByName(path) : undefined;
  let head: Uint8Array;
  try {
    head = readHead(path);
  } catch {
    return named;
  }
  return formatByMagic(head) ?? named;
}

/**
 * The size of a regular file whose first bytes are not compressed, which can therefore be read at any offset;
 * undefined for anything else (a pipe, a compressed file, a file that cannot be opened: read as a stream instead).
 */
export function plainFileSize(path: string): number | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return undefined;
    const head = new Uint8Array(MAGIC_BYTES);
    return detectCompression(head.subarray(0, readSync(fd, head, 0, MAGIC_BYTES, 0))) === undefined ? stats.size : undefined;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

function readHead(path: string): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const head = new Uint8Array(SNIFF_BYTES);
    return head.subarray(0, readSync(fd, head, 0, SNIFF_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

/** True when `bytes` (already decompressed) start as a WARC file does. */
export function startsAsWarc(bytes: Uint8Array): boolean {
  return startsWith(bytes, WARC_MAGIC);
}

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** As much of a possibly compressed start as decompresses; the bytes themselves when not compressed or damaged. */
function decompressedStart(head: Uint8Array): Uint8Array {
  const compression = detectCompression(head);
  if (compression === undefined) return head;
  try {
    // Z_SYNC_FLUSH: a truncated stream gives what it has instead of an error.
    if (compression === 'gzip') return gunzipSync(head, { finishFlush: constants.Z_SYNC_FLUSH });
    const parts: Uint8Array[] = [];
    new Decompress((data) => parts.push(data.slice())).push(head, false);
    return concatBytes(parts);
  } catch {
    return new Uint8Array(0);
  }
}
