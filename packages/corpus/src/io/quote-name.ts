// Document names in line-per-document output: a name holding a newline or a tab would break the line format, so such
// a name is quoted as git quotes paths (core.quotePath, C style): in double quotes, with \n \t \" \\ and the like,
// and other control characters as octal escapes of their UTF-8 bytes. Names without them are printed as they are,
// non-ASCII letters included (git's core.quotePath=false).

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
