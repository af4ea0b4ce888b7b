// A file that is one document: read, decompressed if its magic bytes say so, then the whole-document rules (or the
// e-mail ones under --mail). Synchronous on purpose: for many small files the promise API costs ten times more per file. A file whose first
// bytes show a container of many documents (Parquet, WARC) is not read whole: its reader takes it from there.
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { decompressWhole, detectCompression, withoutCompressionSuffix } from '../compression/compression.js';
import type { InputDocument } from '../input-document.js';
import { formatByMagic, SNIFF_BYTES, startsAsWarc } from './input-format.js';
import { describeReadError } from '../read-error.js';
import type { DocumentOptions } from '../read-options.js';
import { mailDocument } from './mail.js';
import { wholeDocument } from './whole-document.js';

export interface FileDocument {
  /** Bytes read from the disk (before decompression), for progress. */
  readonly read: number;
  readonly result: InputDocument | { readonly reason: string };
}

/** A file found by its content to hold many documents. */
export interface ContainerFile {
  readonly container: 'parquet' | 'warc';
}

/** The file as one document; a Parquet or WARC file is no one document, and says so as its reason. */
export function readFileDocument(path: string, options: DocumentOptions): FileDocument {
  const input = readFileInput(path, options);
  if ('result' in input) return input;
  return { read: 0, result: { reason: `a ${input.container === 'parquet' ? 'Parquet' : 'WARC'} file (many documents), not one document` } };
}

/** The file as one document, or the container its first bytes show (for the caller to read with its reader). */
export function readFileInput(path: string, options: DocumentOptions): FileDocument | ContainerFile {
  const file = readFileBytes(path);
  if ('container' in file || 'reason' in file.result) return file as FileDocument | ContainerFile;
  return { read: file.read, result: wholeDocument(path, file.result, withoutCompressionSuffix(path), options) };
}

/** The same for a file that is one e-mail message (--mail), decoded by the asynchronous mail.ts. */
export async function readMessageInput(path: string, options: DocumentOptions): Promise<FileDocument | ContainerFile> {
  const file = readFileBytes(path);
  if ('container' in file || 'reason' in file.result) return file as FileDocument | ContainerFile;
  return { read: file.read, result: await mailDocument(path, file.result, options) };
}

/** The file as one document, an e-mail message with --mail, or the container its first bytes show. */
export function readWholeFile(path: string, options: DocumentOptions): Promise<FileDocument | ContainerFile> | FileDocument | ContainerFile {
  return options.mail ? readMessageInput(path, options) : readFileInput(path, options);
}

/** The file's bytes, decompressed if its magic bytes say so, or the container it is; `read`: bytes read from the disk. */
function readFileBytes(path: string): { read: number; result: Uint8Array | { readonly reason: string } } | ContainerFile {
  let bytes: Uint8Array;
  try {
    const whole = readWholeUnlessContainer(path);
    if (!(whole instanceof Uint8Array)) return whole;
    bytes = whole;
  } catch (error) {
    return { read: 0, result: { reason: describeReadError(error) } };
  }
  const read = bytes.length;
  if (formatByMagic(bytes.subarray(0, 4)) === 'parquet') return { container: 'parquet' };
  const compression = detectCompression(bytes);
  try {
    if (compression !== undefined) bytes = decompressWhole(compression, bytes);
  } catch (error) {
    return { read, result: { reason: describeReadError(error) } };
  }
  if (startsAsWarc(bytes)) return { container: 'warc' };
  return { read, result: bytes };
}

/**
 * The file's bytes, as readFileSync reads them (open, size, read, close). A file larger than the sniffing window is
 * looked at first, so a large Parquet or WARC file under another name is never read whole.
 */
function readWholeUnlessContainer(path: string): Uint8Array | ContainerFile {
  const fd = openSync(path, 'r');
  try {
    const stats = fstatSync(fd);
    // A pipe (`<(zcat ...)`) or a file that reports no size is read to its end, as it comes.
    if (!stats.isFile() || stats.size === 0) return readFileSync(fd);
    const size = stats.size;
    if (size > SNIFF_BYTES) {
      const head = new Uint8Array(SNIFF_BYTES);
      const container = formatByMagic(head.subarray(0, readFully(fd, head, 0)));
      if (container !== undefined) return { container };
    }
    const bytes = Buffer.allocUnsafe(size);
    return bytes.subarray(0, readFully(fd, bytes, 0));
  } finally {
    closeSync(fd);
  }
}

/** Reads into `bytes` from `position` until it is full or the file ends; the count read. */
function readFully(fd: number, bytes: Uint8Array, position: number): number {
  let at = 0;
  while (at < bytes.length) {
    const read = readSync(fd, bytes, at, bytes.length - at, position + at);
    if (read === 0) break;
    at += read;
  }
  return at;
}
