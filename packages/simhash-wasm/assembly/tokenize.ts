// One pass over UTF-8 bytes: WHATWG decoding (a maximal invalid subsequence is one U+FFFD, which
// separates tokens like any non-alphanumeric), tokens of alphanumeric code points, lowercased into
// the token buffer (Final_Sigma as String.prototype.toLowerCase on the token alone). Most text goes
// through the fast paths (fast-*.ts); this general path takes whatever they hand back.
import { endToken, emitShortShingle, flushTokenBuffer, resolveSigma, startToken } from './features';
import { ASCII_CLASS, NON_ASCII, classify, isCjk } from './lookup';
import { seqAt } from './multibyte';
import { asciiFast } from './fast-ascii';
import { mixedFast } from './fast-mixed';
import { wideFast } from './fast-wide';
import { consume } from './counters';
import { TB, TB_CAP, cjkChars, cp, fbCap, fbLen, hi, inTok, lo, need, ntok, pending, pendPos, prevCased, tbLen, w } from './state';
import { FLAG_ALNUM, FLAG_CASED, FLAG_CASE_IGNORABLE } from './unicode';

const CAPITAL_SIGMA: u32 = 0x3a3;
const CAPITAL_I_DOT: u32 = 0x130;

@inline function separator(): void {
  if (inTok) endToken();
}

/**
 * Tokenizes the bytes [p, end), continuing whatever token and UTF-8 sequence came before. The byte
 * at end (SENTINEL_BYTES in abi.ts) must be writable: it holds a sentinel meanwhile, so the fast
 * paths' inner loops need no bounds check.
 */
export function scan(p: usize, end: usize): void {
  const saved = load<u8>(end);
  store<u8>(end, 0xff);
  while (p < end) {
    if (need == 0) {
      const c = <u32>load<u8>(ASCII_CLASS + <usize>load<u8>(p));
      // Fast paths, once w tokens are open (they never start a sigma, so none may be pending).
      if (ntok == w && !pending && (c != NON_ASCII || (w <= 4 && seqAt(p) != 0))) {
        if (tbLen != 0) flushTokenBuffer();
        if (w > 4) p = wideFast(p);
        else p = c != NON_ASCII ? asciiFast(p, w) : mixedFast(p, w, load<u8>(p) >= 0xe0, cjkChars);
        if (fbLen == fbCap) consume();
        continue;
      }
      if (c - 1 < 0x7f) { p = asciiRun(p, end); continue; }
      if (c == 0) { p++; separator(); continue; }
      const seq = wholeSequence(p, end);
      if (seq != 0) { p += seq >> 21; codePoint(seq & 0x1fffff); continue; }
      p++;
      leadByte(<u32>load<u8>(p - 1));
    } else {
      const b = <u32>load<u8>(p);
      const inRange = b >= lo && b <= hi;
      lo = 0x80;
      hi = 0xbf;
      if (!inRange) {
        // This byte ends an invalid sequence (one U+FFFD) and is read again on its own.
        need = 0;
        separator();
        continue;
      }
      cp = (cp << 6) | (b & 0x3f);
      p++;
      if (--need == 0) codePoint(cp);
    }
  }
  store<u8>(end, saved);
}

/**
 * A valid multi-byte sequence wholly inside [p, end), decoded at once: (length << 21) | code point;
 * 0 for anything else, which goes byte by byte through the decoder state (leadByte and scan).
 */
@inline function wholeSequence(p: usize, end: usize): u32 {
  const b0 = <u32>load<u8>(p);
  if (b0 >= 0xe0 && b0 <= 0xef && p + 2 < end) {
    const b1 = <u32>load<u8>(p, 1), b2 = <u32>load<u8>(p, 2);
    const low: u32 = b0 == 0xe0 ? 0xa0 : 0x80, high: u32 = b0 == 0xed ? 0x9f : 0xbf;
    if (b1 >= low && b1 <= high && (b2 & 0xc0) == 0x80) return (3 << 21) | ((b0 & 0x0f) << 12) | ((b1 & 0x3f) << 6) | (b2 & 0x3f);
  } else if (b0 >= 0xc2 && b0 <= 0xdf && p + 1 < end) {
    const b1 = <u32>load<u8>(p, 1);
    if ((b1 & 0xc0) == 0x80) return (2 << 21) | ((b0 & 0x1f) << 6) | (b1 & 0x3f);
  } else if (b0 >= 0xf0 && b0 <= 0xf4 && p + 3 < end) {
    const b1 = <u32>load<u8>(p, 1), b2 = <u32>load<u8>(p, 2), b3 = <u32>load<u8>(p, 3);
    const low: u32 = b0 == 0xf0 ? 0x90 : 0x80, high: u32 = b0 == 0xf4 ? 0x8f : 0xbf;
    if (b1 >= low && b1 <= high && (b2 & 0xc0) == 0x80 && (b3 & 0xc0) == 0x80) {
      return (4 << 21) | ((b0 & 0x07) << 18) | ((b1 & 0x3f) << 12) | ((b2 & 0x3f) << 6) | (b3 & 0x3f);
    }
  }
  return 0;
}

function leadByte(b: u32): void {
  if (b >= 0xc2 && b <= 0xdf) { need = 1; cp = b & 0x1f; }
  else if (b >= 0xe0 && b <= 0xef) {
    need = 2; cp = b & 0x0f;
    if (b == 0xe0) lo = 0xa0; else if (b == 0xed) hi = 0x9f;
  } else if (b >= 0xf0 && b <= 0xf4) {
    need = 3; cp = b & 0x07;
    if (b == 0xf0) lo = 0x90; else if (b == 0xf4) hi = 0x8f;
  } else separator(); // a stray continuation byte or C0, C1, F5..FF
}

// A run of ASCII letters and digits, copied lowercased into the token buffer: the general path,
// for the first w tokens of a text (the fast paths need all w states open) or a sigma pending.
function asciiRun(p: usize, end: usize): usize {
  let c = <u32>load<u8>(ASCII_CLASS + <usize>load<u8>(p));
  if (!inTok) startToken();
  else if (pending) resolveSigma(c < 0x61); // a digit is not Cased: the sigma before it is final
  let n = tbLen;
  let last = c;
  for (;;) {
    let limit = p + <usize>(TB_CAP - n);
    if (limit > end) limit = end;
    while (p < limit) {
      c = <u32>load<u8>(ASCII_CLASS + <usize>load<u8>(p));
      if (c - 1 >= 0x7f) break;
      store<u8>(TB + <usize>n, <u8>c);
      last = c;
      n++;
      p++;
    }
    if (p < limit || p == end) break;
    tbLen = n;
    flushTokenBuffer();
    n = tbLen;
  }
  tbLen = n;
  prevCased = last >= 0x61; // letters are Cased, digits are not
  return p;
}

function put(b: u32): void {
  store<u8>(TB + <usize>tbLen, <u8>b);
  tbLen++;
}

/** A decoded code point >= U+0080. */
function codePoint(c: u32): void {
  const entry = classify(c);
  const flags = entry & 7;
  if ((flags & FLAG_ALNUM) == 0) { separator(); return; }
  if (cjkChars && isCjk(c)) { cjkToken(c); return; }
  if (!inTok) startToken();
  else if (tbLen > TB_CAP - 4) flushTokenBuffer();
  if ((flags & FLAG_CASE_IGNORABLE) == 0) {
    const cased = (flags & FLAG_CASED) != 0;
    if (pending) resolveSigma(!cased);
    if (c == CAPITAL_SIGMA) {
      // Final iff a Cased code point precedes (case-ignorable ones skipped) and none follows.
      put(0xcf);
      if (prevCased) { pending = true; pendPos = tbLen; }
      put(0x83);
      prevCased = true;
      return;
    }
    prevCased = cased;
  }
  if (c == CAPITAL_I_DOT) { put(0x69); put(0xcc); put(0x87); return; }
  putUtf8(entry >> 3);
}

function putUtf8(l: u32): void {
  if (l < 0x80) put(l);
  else if (l < 0x800) { put(0xc0 | (l >> 6)); put(0x80 | (l & 0x3f)); }
  else if (l < 0x10000) { put(0xe0 | (l >> 12)); put(0x80 | ((l >> 6) & 0x3f)); put(0x80 | (l & 0x3f)); }
  else { put(0xf0 | (l >> 18)); put(0x80 | ((l >> 12) & 0x3f)); put(0x80 | ((l >> 6) & 0x3f)); put(0x80 | (l & 0x3f)); }
}

/** A CJK code point under tokens: 'cjk-chars': it ends the token before it and is a whole token (it has no case). */
function cjkToken(c: u32): void {
  separator();
  startToken();
  putUtf8(c);
  endToken();
}

/** End of input: an unfinished sequence is one U+FFFD; the last token ends; a short text's one shingle. */
export function finish(): void {
  if (need != 0) { need = 0; lo = 0x80; hi = 0xbf; }
  separator();
  emitShortShingle();
}
