// A file that is one document: read, decompressed if its magic bytes say so, then the whole-document rules (or the
// e-mail ones under --mail).
// Synchronous on purpose: for many small files the promise API costs ten times more per file.
import { readFileSync } from 'node:fs';
import { decompressWhole, detectCompression, withoutCompressionSuffix } from './compression.js';
import type { InputDocument } from './input-document.js';
import { describeReadError } from './read-error.js';
import type { DocumentOptions } from './read-options.js';
import { mailDocument } from './mail.js';
import { wholeDocument } from './whole-document.js';

export interface FileDocument {
  /** Bytes read from the disk (before decompression), for progress. */
  readonly read: number;
  readonly result: InputDocument | { readonly reason: string };
}

/** A file that is one document, not an e-mail message (those need the asynchronous mail.ts: see readFileMessage). */
export function readFileDocument(path: string, options: DocumentOptions): FileDocument {
  const file = readFileBytes(path);
  return 'reason' in file.result ? { read: file.read, result: file.result } : { read: file.read, result: wholeDocument(path, file.result, withoutCompressionSuffix(path), options) };
}

/** A file that is one e-mail message (--mail). */
export async function readFileMessage(path: string, options: DocumentOptions): Promise<FileDocument> {
  const file = readFileBytes(path);
  return 'reason' in file.result ? { read: file.read, result: file.result } : { read: file.read, result: await mailDocument(path, file.result, options) };
}

/** A file's bytes, decompressed if its magic bytes say so; `read`: bytes read from the disk. */
function readFileBytes(path: string): { read: number; result: Uint8Array | { readonly reason: string } } {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    return { read: 0, result: { reason: describeReadError(error) } };
  }
  const read = bytes.length;
  const compression = detectCompression(bytes);
  try {
    return { read, result: compression === undefined ? bytes : decompressWhole(compression, bytes) };
  } catch (error) {
    return { read, result: { reason: describeReadError(error) } };
  }
}
