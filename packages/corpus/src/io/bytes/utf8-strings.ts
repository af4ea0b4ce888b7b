// A byte stream decoded to strings as it goes, for parsers that take text (CSV). A character split between two
// chunks is joined. Invalid UTF-8 follows the run's policy: `replace` decodes it to U+FFFD; `skip` stops the stream
// with an error that says where, so nothing is read past bytes that would have been silently changed.
import type { InvalidUtf8Mode } from '../read-options.js';
import { firstInvalidUtf8 } from './utf8.js';

export class InvalidUtf8Error extends Error {
  override name = 'InvalidUtf8Error';
}

export async function* utf8Strings(chunks: AsyncIterable<Uint8Array>, mode: InvalidUtf8Mode): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: mode === 'skip' });
  let offset = 0;
  for await (const chunk of chunks) {
    const start = offset;
    offset += chunk.length;
    try {
      const text = decoder.decode(chunk, { stream: true });
      if (text.length > 0) yield text;
    } catch {
      throw invalidAt(start, chunk);
    }
  }
  let tail: string;
  try {
    tail = decoder.decode();
  } catch {
    throw new InvalidUtf8Error('not valid UTF-8 (a character cut off at the end of the file; --invalid-utf8 replace reads it anyway)');
  }
  if (tail.length > 0) yield tail;
}

function invalidAt(start: number, chunk: Uint8Array): InvalidUtf8Error {
  const bad = firstInvalidUtf8(chunk);
  // A sequence begun in the previous chunk may be what went wrong: then the chunk itself looks valid, or starts badly.
  const where = bad > 0 ? `byte ${start + bad}` : `about byte ${start}`;
  return new InvalidUtf8Error(`not valid UTF-8 at ${where} (--invalid-utf8 replace reads it anyway)`);
}
