// Splits a byte stream into lines without decoding it: JSONL is read a line at a time, so a file of any size needs
// only a chunk and a line in memory, and a bad line is reported by its number.

export interface Line {
  readonly line: Uint8Array;
  /** From 1. */
  readonly number: number;
}

/** Lines on LF, a CR before the LF dropped; a last line without LF counts. */
export async function* lines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Line> {
  for await (const batch of lineBatches(chunks)) yield* batch;
}

/**
 * The same lines, as the lines each chunk completes: one step of the async machinery per chunk (a megabyte) rather
 * than per line, which for short JSONL records is most of the cost of reading them.
 */
export async function* lineBatches(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Line[]> {
  let pending: Uint8Array[] = [];
  let number = 0;
  for await (const chunk of chunks) {
    const batch: Line[] = [];
    let start = 0;
    for (let lf = chunk.indexOf(0x0a); lf !== -1; lf = chunk.indexOf(0x0a, start)) {
      pending.push(chunk.subarray(start, lf));
      batch.push({ line: withoutCr(concatBytes(pending)), number: ++number });
      pending = [];
      start = lf + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
    if (batch.length > 0) yield batch;
  }
  if (pending.length > 0) yield [{ line: withoutCr(concatBytes(pending)), number: ++number }];
}

/** One array of the parts' bytes (the part itself when there is one). */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The line without the CR of a CRLF ending. */
export function withoutCr(line: Uint8Array): Uint8Array {
  return line.length > 0 && line[line.length - 1] === 0x0d ? line.subarray(0, line.length - 1) : line;
}
