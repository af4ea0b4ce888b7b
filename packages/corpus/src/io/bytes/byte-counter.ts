// Progress of a streamed input: its bytes counted as they are read from the source (before decompression, so
// progress follows the file sizes), and handed on as 'progress' events a batch at a time.
import type { DocumentEvent } from '../input-document.js';

export interface ByteCounter {
  /** Bytes read so far. */
  bytes: number;
  /** Bytes already reported in a progress event. */
  reported: number;
}

export function byteCounter(): ByteCounter {
  return { bytes: 0, reported: 0 };
}

/** The chunks as they are, each counted as it passes. */
export async function* counting(chunks: AsyncIterable<Uint8Array>, counter: ByteCounter): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    counter.bytes += chunk.length;
    yield chunk;
  }
}

/** The bytes read since the last call, as an event, if any. */
export function progressEvent(counter: ByteCounter): DocumentEvent | undefined {
  const bytes = counter.bytes - counter.reported;
  counter.reported = counter.bytes;
  return bytes > 0 ? { kind: 'progress', bytes } : undefined;
}

/** `events` led by the progress since the last call, if any. */
export function withProgress(counter: ByteCounter, events: DocumentEvent[]): DocumentEvent[] {
  const read = progressEvent(counter);
  return read === undefined ? events : [read, ...events];
}
