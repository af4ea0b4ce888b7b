// `index remove --names-from FILE`: the names to remove, one a line, from a file or from standard input (`-`): a
// takedown list, or names as the commands print them (a line in double quotes is read back as they quote a name
// with a tab, a newline, a quote or a backslash in it: io/quote-name.ts). Blank lines are skipped, and a line may end
// in \r\n (a byte order mark at the start is dropped). A file that cannot be read, is not UTF-8 or has a line that opens a quote and breaks it ends the run before
// anything is removed (a usage error: exit 2).
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { describeReadError, STDIN, unquoteName } from '../io/index.js';
import { decodeUtf8 } from '../io/bytes/utf8.js';
import { UsageError } from './context.js';

export async function readNames(path: string, stdin: Readable): Promise<string[]> {
  let bytes: Uint8Array;
  try {
    bytes = path === STDIN ? Buffer.concat(await stdin.toArray()) : await readFile(path);
  } catch (error) {
    throw new UsageError(`--names-from ${path}: ${describeReadError(error)}`);
  }
  const text = decodeUtf8(bytes);
  if (text === undefined) throw new UsageError(`--names-from ${path}: not valid UTF-8`);
  const names: string[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line === '') return;
    const name = unquoteName(line);
    if (name === undefined) throw new UsageError(`--names-from ${path}:${i + 1}: a name in double quotes must be quoted as the commands print it (\\t, \\n, \\", \\\\, \\NNN)`);
    names.push(name);
  });
  return names;
}
