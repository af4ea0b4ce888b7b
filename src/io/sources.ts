// Reading inputs as bytes: a file path or `-` for stdin, as chunks or as numbered lines.
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';

export const STDIN = '-';
/** Large reads: fewer chunks means fewer crossings into the engine. */
const CHUNK_BYTES = 1 << 20;

export interface Source {
  /** The path as the user gave it, or `-`. */
  readonly name: string;
  /** How messages name it: the path, or `(stdin)`. */
  readonly label: string;
  chunks(): AsyncIterable<Uint8Array>;
}

export function openSource(name: string, stdin: Readable): Source {
  if (name === STDIN) return { name, label: '(stdin)', chunks: () => stdin };
  return { name, label: name, chunks: () => createReadStream(name, { highWaterMark: CHUNK_BYTES }) };
}

/** Why a source could not be read, in words, for "simhash: PATH: why". */
export function describeReadError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const words: Record<string, string> = {
    ENOENT: 'no such file or directory',
    EACCES: 'permission denied',
    EISDIR: 'is a directory',
    ENOTDIR: 'a component of the path is not a directory',
    ELOOP: 'too many symbolic links',
  };
  if (code && words[code]) return `${words[code]} (${code})`;
  return error instanceof Error ? error.message : String(error);
}

/** Splits a byte stream on LF into lines (numbered from 1, a CR before the LF dropped); a last line without LF counts. */
export async function* lines(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<{ line: Uint8Array; number: number }> {
  let pending: Uint8Array[] = [];
  let number = 0;
  for await (const chunk of chunks) {
    let start = 0;
    for (let lf = chunk.indexOf(0x0a); lf !== -1; lf = chunk.indexOf(0x0a, start)) {
      pending.push(chunk.subarray(start, lf));
      yield { line: withoutCr(join(pending)), number: ++number };
      pending = [];
      start = lf + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) yield { line: withoutCr(join(pending)), number: ++number };
}

function join(parts: Uint8Array[]): Uint8Array {
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
