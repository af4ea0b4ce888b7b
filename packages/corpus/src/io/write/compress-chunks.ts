// Compressing an output as it is made, chunk by chunk, so a big kept corpus never waits whole in memory: gzip
// through node:zlib's stream, zstd as a sequence of frames of about FRAME_BYTES each (a zstd file may hold several
// frames; zstd, fzstd and this package's readers decode them one after the other).
import { Readable, pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import { concatBytes } from '../bytes/lines.js';
import { zstdCompressor } from '../compression/zstd-compress.js';

export type Compression = 'gzip' | 'zstd';

/** Input bytes per zstd frame: large enough that the frames compress almost as one would, small enough to hold. */
const FRAME_BYTES = 4 << 20;

export function compressChunks(compression: Compression, chunks: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  return compression === 'gzip' ? gzipChunks(chunks) : zstdChunks(chunks);
}

function gzipChunks(chunks: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  // pipeline() destroys the gzip stream with the source's error, so reading it rethrows that error: a failed
  // source can never pass for a complete output.
  return pipeline(Readable.from(chunks, { objectMode: false }), createGzip(), () => {});
}

async function* zstdChunks(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const compress = await zstdCompressor();
  let pending: Uint8Array[] = [];
  let size = 0;
  let frames = 0;
  for await (const chunk of chunks) {
    pending.push(chunk);
    size += chunk.length;
    if (size >= FRAME_BYTES) {
      yield compress(concatBytes(pending));
      frames++;
      pending = [];
      size = 0;
    }
  }
  // An empty output is still one (empty) frame, so the file is valid zstd.
  if (size > 0 || frames === 0) yield compress(concatBytes(pending.length > 0 ? pending : [new Uint8Array(0)]));
}
