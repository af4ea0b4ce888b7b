// A file that is one document: read, decompressed if its magic bytes say so, then the whole-document rules.
// Synchronous on purpose: for many small files the promise API costs ten times more per file.
import { readFileSync } from 'node:fs';
import { decompressWhole, detectCompression, withoutCompressionSuffix } from './compression.js';
import type { InputDocument } from './input-document.js';
import { describeReadError } from './read-error.js';
import type { DocumentOptions } from './read-options.js';
import { wholeDocument } from './whole-document.js';

export interface FileDocument {
  /** Bytes read from the disk (before decompression), for progress. */
  readonly read: number;
  readonly result: InputDocument | { readonly reason: string };
}

export function readFileDocument(path: string, options: DocumentOptions): FileDocument {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    return { read: 0, result: { reason: describeReadError(error) } };
  }
  const read = bytes.length;
  const compression = detectCompression(bytes);
  try {
    if (compression !== undefined) bytes = decompressWhole(compression, bytes);
  } catch (error) {
    return { read, result: { reason: describeReadError(error) } };
  }
  return { read, result: wholeDocument(path, bytes, withoutCompressionSuffix(path), options) };
}
