// Document names in line-per-document output: a name holding a newline or a tab would break the line format, so such
// a name is quoted as git quotes paths (core.quotePath, C style): in double quotes, with \n \t \" \\ and the like,
// and other control characters as octal escapes of their UTF-8 bytes. Names without them are printed as they are,
// non-ASCII letters included (git's core.quotePath=false). unquoteName reads such a name back (a list of names to
// remove from an index, made from what the commands printed).

const NEEDS_QUOTES = /[\u0000-\u001f\u007f-\u009f"\\]/;
const SHORT: Record<string, string> = { '\x07': '\\a', '\b': '\\b', '\t': '\\t', '\n': '\\n', '\v': '\\v', '\f': '\\f', '\r': '\\r', '"': '\\"', '\\': '\\\\' };
const encoder = new TextEncoder();

export function quoteName(name: string): string {
  if (!NEEDS_QUOTES.test(name)) return name;
  let out = '"';
  for (const char of name) {
    if (SHORT[char] !== undefined) out += SHORT[char];
    else if (NEEDS_QUOTES.test(char)) for (const byte of encoder.encode(char)) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += char;
  }
  return `${out}"`;
}

const UNSHORT: Record<string, number> = Object.fromEntries(Object.entries(SHORT).map(([char, escape]) => [escape[1], char.charCodeAt(0)]));

/**
 * The name a line holds: quoteName's quoted form read back (a line in double quotes), any other line as it is.
 * undefined for a line that opens a quote it does not close properly (a bad escape, an unescaped quote, bytes that
 * are not UTF-8).
 */
export function unquoteName(line: string): string | undefined {
  if (!line.startsWith('"')) return line;
  const body = /^"((?:[^"\\]|\\.)*)"$/su.exec(line)?.[1];
  if (body === undefined) return undefined;
  const bytes: number[] = [];
  for (const [whole, escape] of body.matchAll(/\\([0-3][0-7]{2}|.)|[^\\]+/gsu)) {
    if (escape === undefined) bytes.push(...encoder.encode(whole));
    else if (escape.length === 3) bytes.push(parseInt(escape, 8));
    else if (UNSHORT[escape] !== undefined) bytes.push(UNSHORT[escape]);
    else return undefined;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(Uint8Array.from(bytes)); // a name may start with U+FEFF
  } catch {
    return undefined; // octal escapes that make no UTF-8
  }
}
