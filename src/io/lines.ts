// Splits a byte stream into lines without decoding it: JSONL is read a line at a time, so a file of any size needs
// only a chunk and a line in memory, and a bad line is reported by its number.

/** Lines on LF, numbered from 1, a CR before the LF dropped; a last line without LF counts. */
export async function* lines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<{ line: Uint8Array; number: number }> {
  let pending: Uint8Array[] = [];
  let number = 0;
  for await (const chunk of chunks) {
    let start = 0;
    for (let lf = chunk.indexOf(0x0a); lf !== -1; lf = chunk.indexOf(0x0a, start)) {
      pending.push(chunk.subarray(start, lf));
      yield { line: withoutCr(concatBytes(pending)), number: ++number };
      pending = [];
      start = lf + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) yield { line: withoutCr(concatBytes(pending)), number: ++number };
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

function withoutCr(line: Uint8Array): Uint8Array {
  return line.length > 0 && line[line.length - 1] === 0x0d ? line.subarray(0, line.length - 1) : line;
}
