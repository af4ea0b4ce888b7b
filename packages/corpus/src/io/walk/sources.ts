// Where input bytes come from: a file path, or `-` for stdin, read in large chunks.
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';

export const STDIN = '-';
/** How messages and outputs name stdin. */
export const STDIN_LABEL = '(stdin)';
/** Large reads: fewer chunks means fewer crossings into the engine and the decompressor. */
const CHUNK_BYTES = 1 << 20;

export interface Source {
  /** The path as the user gave it, or `-`. */
  readonly name: string;
  /** How messages name it: the path, or `(stdin)`. */
  readonly label: string;
  chunks(): AsyncIterable<Uint8Array>;
}

export function openSource(name: string, stdin: Readable): Source {
  if (name === STDIN) return { name, label: STDIN_LABEL, chunks: () => stdin };
  return { name, label: name, chunks: () => fileChunks(name) };
}

/** A file's bytes as a stream; a missing or unreadable file throws on the first read. */
export function fileChunks(path: string): AsyncIterable<Uint8Array> {
  return createReadStream(path, { highWaterMark: CHUNK_BYTES });
}
