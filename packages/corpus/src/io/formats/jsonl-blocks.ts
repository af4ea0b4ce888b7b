// A JSONL stream that cannot be read by byte range (compressed, or standard input) cut into blocks of whole lines, for
// the workers to parse and analyse (analysis/range-task.ts over jsonl-range.ts's readJsonlBlock) while this thread
// only decompresses: the same lines the streamed read (jsonl-documents.ts) gives, in the same order.
import { concatBytes } from '../bytes/lines.js';

const LF = 0x0a;

/**
 * Whole lines of `chunks`, about `size` bytes a block (more when a line is longer), each block a fresh array ending
 * at a newline, except the last, which ends where the stream does. When the stream fails, the whole lines before
 * the failure come out first (as a streamed read gives them), then the error.
 */
export async function* jsonlBlocks(chunks: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Uint8Array> {
  let parts: Uint8Array[] = [];
  let held = 0;
  /** The held bytes up to their last newline, fresh; the rest stays held. */
  const wholeLines = (): Uint8Array | undefined => {
    const joined = concatBytes(parts);
    const lf = joined.lastIndexOf(LF);
    parts = lf + 1 < joined.length ? [joined.subarray(lf + 1)] : [];
    held = joined.length - (lf + 1);
    return lf === -1 ? undefined : joined.slice(0, lf + 1);
  };
  try {
    for await (const chunk of chunks) {
      parts.push(chunk);
      held += chunk.length;
      if (held < size) continue;
      const block = wholeLines();
      if (block !== undefined) yield block;
    }
  } catch (error) {
    const block = wholeLines();
    if (block !== undefined) yield block;
    throw error;
  }
  if (held > 0) yield concatBytes(parts).slice();
}
