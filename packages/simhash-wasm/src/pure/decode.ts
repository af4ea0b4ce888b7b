// The input scanner: UTF-8 bytes decoded as WHATWG TextDecoder does, feeding a Shingler (strings come here as their
// UTF-8 bytes: encoded.ts). In the steady state the fused scanner takes over; what it leaves (and a document's first
// tokens) is done here.
import { ASCII_TOKEN_BYTE } from './fnv.js';
import { fusedBytes, isSteady } from './fused-scan.js';
import type { Shingler } from './shingler.js';

/**
 * Feeds UTF-8 bytes[from..to). Per WHATWG, a maximal invalid subsequence is one U+FFFD and the byte
 * that broke a sequence is read again; a sequence cut at `to` continues in the next call.
 */
export function feedBytes(sh: Shingler, bytes: Uint8Array, from: number, to: number): void {
  let needed = sh.utf8Needed;
  let point = sh.utf8Point;
  let lower = sh.utf8Lower;
  let upper = sh.utf8Upper;
  let i = from;
  while (i < to) {
    if (needed === 0 && isSteady(sh)) {
      i = fusedBytes(sh, bytes, i, to);
      if (i === to) break;
    }
    const b = bytes[i];
    if (needed === 0) {
      if (b < 0x80) {
        if (ASCII_TOKEN_BYTE[b] !== 0) i = sh.asciiRunBytes(bytes, i, to);
        else {
          sh.separator();
          i++;
        }
        continue;
      }
      i++;
      if (b >= 0xc2 && b <= 0xdf) {
        needed = 1;
        point = b & 0x1f;
      } else if (b >= 0xe0 && b <= 0xef) {
        if (b === 0xe0) lower = 0xa0; // no overlong 3-byte forms
        else if (b === 0xed) upper = 0x9f; // no surrogates
        needed = 2;
        point = b & 0xf;
      } else if (b >= 0xf0 && b <= 0xf4) {
        if (b === 0xf0) lower = 0x90; // no overlong 4-byte forms
        else if (b === 0xf4) upper = 0x8f; // nothing above U+10FFFF
        needed = 3;
        point = b & 0x7;
      } else {
        sh.separator(); // 80..C1, F5..FF: never a lead byte
      }
      continue;
    }
    if (b < lower || b > upper) {
      // The sequence so far is one U+FFFD; this byte is read again as a lead byte.
      needed = 0;
      lower = 0x80;
      upper = 0xbf;
      sh.separator();
      continue;
    }
    lower = 0x80;
    upper = 0xbf;
    point = (point << 6) | (b & 0x3f);
    i++;
    if (--needed === 0) sh.codePoint(point);
  }
  sh.utf8Needed = needed;
  sh.utf8Point = point;
  sh.utf8Lower = lower;
  sh.utf8Upper = upper;
}
