// Where input bytes come from: a file path, or `-` for stdin, read in large chunks.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
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

/**
 * The file's bytes [start, end) (end: its length by default), in chunks that end where fileChunks's end, at
 * multiples of CHUNK_BYTES: a reader whose work depends on where its chunks fall (warcio's search for a header's
 * end) reads a part of a file exactly as it reads that part within the whole. A file that cannot be opened throws on
 * the first read.
 */
export async function* alignedFileChunks(path: string, start: number, end = Infinity): AsyncGenerator<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    for (let at = start; at < end; ) {
      const size = Math.min(CHUNK_BYTES * (Math.floor(at / CHUNK_BYTES) + 1), end) - at;
      const chunk = Buffer.allocUnsafe(size);
      // Whole chunks (a read may give fewer bytes than asked), short only at the end of the file.
      let filled = 0;
      for (let read = -1; filled < size && read !== 0; filled += read) ({ bytesRead: read } = await handle.read(chunk, filled, size - filled, at + filled));
      if (filled === 0) return;
      at += filled;
      yield chunk.subarray(0, filled);
      if (filled < size) return;
    }
  } finally {
    await handle.close();
  }
}
