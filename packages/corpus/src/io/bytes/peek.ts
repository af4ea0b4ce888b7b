// Looking at the start of a byte stream without losing it: compression and JSONL on stdin are recognised by their
// first bytes, and the stream then goes on from its first byte.
import { concatBytes } from './lines.js';

export interface Peeked {
  /** The bytes read so far: at least what `decided` needed, unless the stream was shorter. */
  readonly head: Uint8Array;
  /** The whole stream again, from its first byte. */
  readonly chunks: AsyncIterable<Uint8Array>;
}

/** Reads chunks until `decided(head)` holds or the stream ends. Errors of the stream are thrown here or later. */
export async function peek(source: AsyncIterable<Uint8Array>, decided: (head: Uint8Array) => boolean): Promise<Peeked> {
  const iterator = source[Symbol.asyncIterator]();
  const seen: Uint8Array[] = [];
  let head: Uint8Array = new Uint8Array(0);
  let ended = false;
  while (!decided(head)) {
    const next = await iterator.next();
    if (next.done === true) {
      ended = true;
      break;
    }
    seen.push(next.value);
    head = concatBytes(seen);
  }
  async function* replay(): AsyncGenerator<Uint8Array> {
    try {
      yield* seen;
      while (!ended) {
        const next = await iterator.next();
        if (next.done === true) return;
        yield next.value;
      }
    } finally {
      // A reader that stops early (an error, a closed pipe) closes the file behind it.
      if (!ended) await iterator.return?.();
    }
  }
  return { head, chunks: replay() };
}
