// Where UTF-8 goes wrong, for a message that lets the user find the byte ("not valid UTF-8 at byte 1234").
import { isUtf8 } from 'node:buffer';

/** Offset of the first byte that starts an invalid or truncated UTF-8 sequence, or -1 if `bytes` is valid UTF-8. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  if (isUtf8(bytes)) return -1; // native and fast; the scan below runs only to place the error
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    let length: number, min: number;
    if (b < 0x80) { i++; continue; }
    else if (b >= 0xc2 && b <= 0xdf) { length = 2; min = 0x80; }
    else if (b >= 0xe0 && b <= 0xef) { length = 3; min = 0x800; }
    else if (b >= 0xf0 && b <= 0xf4) { length = 4; min = 0x10000; }
    else return i;
    if (i + length > bytes.length) return i;
    let cp = b & (0xff >> (length + 1));
    for (let j = 1; j < length; j++) {
      const c = bytes[i + j];
      if ((c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += length;
  }
  return -1;
}

/**
 * The bytes as a string if they are valid UTF-8, else undefined: what a fatal TextDecoder gives (a leading BOM
 * dropped), about twice as fast on short lines (a native check, then a native decode that need not look for errors).
 */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  if (!isUtf8(bytes)) return undefined;
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const buffer = bytes instanceof Buffer ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buffer.toString('utf8', bom);
}

/** Git's test for a binary file: a NUL byte among the first 8,000. */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8000).includes(0);
}
