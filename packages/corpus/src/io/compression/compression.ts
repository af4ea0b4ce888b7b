// Compressed input, recognised by its magic bytes rather than its name (a renamed .gz still decompresses, a plain
// file named .gz is read as it is): gzip through node:zlib, zstd through fzstd. Both stream, so a compressed JSONL
// file is read line by line through the decompressor and never held whole.
import { Readable, pipeline } from 'node:stream';
import { createGunzip, gunzipSync } from 'node:zlib';
import { Decompress } from 'fzstd';
import { concatBytes } from '../bytes/lines.js';

export type Compression = 'gzip' | 'zstd';

/** Enough bytes to tell the formats apart. */
export const MAGIC_BYTES = 4;
const GZIP = [0x1f, 0x8b];
const ZSTD = [0x28, 0xb5, 0x2f, 0xfd];
const SUFFIX = /\.(?:gz|gzip|zst|zstd)$/i;

/** Damaged compressed data: reported as the input's reason for being skipped. */
export class CorruptInputError extends Error {
  override name = 'CorruptInputError';
}

export function detectCompression(head: Uint8Array): Compression | undefined {
  const starts = (magic: number[]) => head.length >= magic.length && magic.every((b, i) => head[i] === b);
  return starts(GZIP) ? 'gzip' : starts(ZSTD) ? 'zstd' : undefined;
}

/** The name without a compression suffix, so `notes.jsonl.gz` is JSONL and `page.html.zst` is HTML. */
export function withoutCompressionSuffix(name: string): string {
  return name.replace(SUFFIX, '');
}

/** A whole input, decompressed (for inputs that are one document, read in one piece anyway). */
export function decompressWhole(kind: Compression, bytes: Uint8Array): Uint8Array {
  try {
    if (kind === 'gzip') return gunzipSync(bytes);
    const parts: Uint8Array[] = [];
    // The streaming decoder with `final` set: fzstd's one-shot decompress() returns a truncated frame's prefix silently.
    new Decompress((data) => parts.push(data.slice())).push(bytes, true);
    return concatBytes(parts);
  } catch (error) {
    throw corrupt(kind, error);
  }
}

/** The decompressed stream; errors of the source (a read error) pass through as they are. */
export function decompressStream(kind: Compression, chunks: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  return kind === 'gzip' ? gunzipStream(chunks) : unzstdStream(chunks);
}

async function* gunzipStream(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const source = Readable.from(chunks, { objectMode: false });
  // pipeline: a read error destroys the gunzip stream with that error, so the loop below throws it.
  const gunzip = pipeline(source, createGunzip(), () => {});
  try {
    for await (const chunk of gunzip) yield chunk as Uint8Array;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw typeof code === 'string' && code.startsWith('Z_') ? corrupt('gzip', error) : error;
  } finally {
    source.destroy();
  }
}

async function* unzstdStream(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  // fzstd may hand out views of its window buffer: copy each piece before the window moves on.
  const decoder = new Decompress((data) => {
    if (data.length > 0) out.push(data.slice());
  });
  const push = (chunk: Uint8Array, final: boolean) => {
    try {
      decoder.push(chunk, final);
    } catch (error) {
      throw corrupt('zstd', error);
    }
  };
  for await (const chunk of chunks) {
    push(chunk, false);
    yield* out.splice(0);
  }
  push(new Uint8Array(0), true);
  yield* out.splice(0);
}

function corrupt(kind: Compression, error: unknown): CorruptInputError {
  const why = error instanceof Error ? error.message : String(error);
  return new CorruptInputError(`damaged ${kind} data (${why})`);
}
