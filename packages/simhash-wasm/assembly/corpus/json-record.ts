// The corpus's JSONL record scanner: one line, a JSON object, checked whole and its text field's string decoded to
// UTF-8, so a worker fingerprints a record's bytes without building its JSON object and strings in JavaScript
// (JSON.parse, the UTF-8 decode before it and the encode after it were a fifth of a worker's time at 1M documents).
//
// It answers only when sure: a line it accepts is one JSON.parse accepts, and what it reports (the text's bytes and
// UTF-16 length, where the id and keep values are) is what the JavaScript reader would make of it. Anything else
// (a line JSON.parse would refuse, a text field that is not a string, an escaped key, nesting past MAX_DEPTH) it
// hands back, and the JavaScript reader reads that line as before, errors and all. The JS side
// (src/wasm/record-scanner.ts) places the line, the output and the keys in memory.

const QUOTE: u32 = 0x22, BACKSLASH: u32 = 0x5c, COMMA: u32 = 0x2c, COLON: u32 = 0x3a, LESS: u32 = 0x3c;
const OPEN_OBJECT: u32 = 0x7b, CLOSE_OBJECT: u32 = 0x7d, OPEN_ARRAY: u32 = 0x5b, CLOSE_ARRAY: u32 = 0x5d;
const IN_OBJECT: u8 = 1, IN_ARRAY: u8 = 2;
/** Containers nested deeper than this are handed back (JSON.parse takes them; real records do not nest so). */
const MAX_DEPTH: i32 = 256;
const ONES: u64 = 0x0101010101010101, HIGHS: u64 = 0x8080808080808080;

// The keys (set once a run) and the stack of open containers, where the JS side put them.
let textKey: usize = 0, textKeyLength: i32 = -1;
let idKey: usize = 0, idKeyLength: i32 = -1;
let keepKey: usize = 0, keepKeyLength: i32 = -1;
let stack: usize = 0;

// What the last scan found, read back through recordResult().
let textUnits: i32 = 0, textBytes: i32 = -1, textLess: i32 = -1;
let idStart: i32 = -1, idEnd: i32 = -1, keepStart: i32 = -1, keepEnd: i32 = -1;

/** The top-level keys looked for (a length of -1: none) and room for MAX_DEPTH bytes of stack. */
export function setRecordKeys(text: usize, textLength: i32, id: usize, idLength: i32, keep: usize, keepLength: i32, stackAt: usize): void {
  textKey = text; textKeyLength = textLength;
  idKey = id; idKeyLength = idLength;
  keepKey = keep; keepKeyLength = keepLength;
  stack = stackAt;
}

/**
 * 0: the text's UTF-16 length; 1, 2: the id value's [start, end) in the line, -1 without one; 3, 4: the keep
 * value's; 5: the byte offset of the text's first `<` in its UTF-8, -1 without one (a text without one is never HTML
 * to the JS side's sniff, which then need not look at its bytes).
 */
export function recordResult(which: i32): i32 {
  switch (which) {
    case 0: return textUnits;
    case 1: return idStart;
    case 2: return idEnd;
    case 3: return keepStart;
    case 4: return keepEnd;
    default: return textLess;
  }
}

/**
 * Scans the line of `length` bytes at `line`; writes its text's UTF-8 at `out` (at most `length` bytes: decoding
 * never lengthens). Returns the text's byte length, or -1 for a line to hand back.
 */
export function scanRecord(line: usize, length: i32, out: usize): i32 {
  const end = line + <usize>length;
  textBytes = -1; idStart = -1; idEnd = -1; keepStart = -1; keepEnd = -1;
  let p = skipSpace(line, end);
  if (p >= end || load<u8>(p) != OPEN_OBJECT) return -1;
  p = skipSpace(p + 1, end);
  if (p < end && load<u8>(p) == CLOSE_OBJECT) return -1; // {}: no text
  for (;;) {
    if (p >= end || load<u8>(p) != QUOTE) return -1;
    const keyEnd = skipString(p + 1, end);
    if (keyEnd == 0) return -1;
    const which = keyOf(p + 1, <i32>(keyEnd - 1 - (p + 1)));
    if (which < 0) return -1;
    p = skipSpace(keyEnd, end);
    if (p >= end || load<u8>(p) != COLON) return -1;
    p = skipSpace(p + 1, end);
    if (p >= end) return -1;
    const value = p;
    if (which == 1) {
      if (load<u8>(p) != QUOTE) return -1; // not a string: the JS reader says so
      p = readText(p + 1, end, out); // a repeated key: the last one counts, as in JSON.parse
    } else {
      p = skipValue(p, end);
    }
    if (p == 0) return -1;
    if (which == 2) { idStart = <i32>(value - line); idEnd = <i32>(p - line); }
    if (which == 3) { keepStart = <i32>(value - line); keepEnd = <i32>(p - line); }
    p = skipSpace(p, end);
    if (p >= end) return -1;
    const c = <u32>load<u8>(p);
    if (c == CLOSE_OBJECT) break;
    if (c != COMMA) return -1;
    p = skipSpace(p + 1, end);
  }
  if (skipSpace(p + 1, end) != end) return -1;
  return textBytes;
}

/** JSON's whitespace: space, tab, line feed, carriage return (JSON.parse takes no other). */
@inline function isSpace(c: u32): bool {
  return c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0d;
}

function skipSpace(p: usize, end: usize): usize {
  while (p < end && isSpace(load<u8>(p))) p++;
  return p;
}

@inline function equalBytes(a: usize, b: usize, n: i32): bool {
  return memory.compare(a, b, <usize>n) == 0;
}

/** 1 text, 2 id, 3 keep, 0 another key, -1 a key with an escape (it might spell one of them). */
function keyOf(key: usize, length: i32): i32 {
  for (let i = 0; i < length; i++) if (<u32>load<u8>(key + <usize>i) == BACKSLASH) return -1;
  if (length == textKeyLength && equalBytes(key, textKey, length)) return 1;
  if (length == idKeyLength && equalBytes(key, idKey, length)) return 2;
  if (length == keepKeyLength && equalBytes(key, keepKey, length)) return 3;
  return 0;
}

/** True when some byte of the 8 needs a look: a quote, a backslash, a control character or a non-ASCII byte. */
@inline function needsLook(v: u64): bool {
  const quote = v ^ (ONES * QUOTE), backslash = v ^ (ONES * BACKSLASH);
  const zeroQuote = (quote - ONES) & ~quote, zeroBackslash = (backslash - ONES) & ~backslash;
  const control = (v - ONES * 0x20) & ~v; // a byte below 0x20 borrows into its high bit
  return ((zeroQuote | zeroBackslash | control | v) & HIGHS) != 0;
}

/** needsLook, or a `<` among the 8: the text's first `<` is noted on the way. */
@inline function needsLookInText(v: u64): bool {
  const less = v ^ (ONES * LESS);
  return needsLook(v) || ((less - ONES) & ~less & HIGHS) != 0;
}

/** The length of the valid UTF-8 sequence starting with `c` (at least 0x80) at p, or 0 if it is not one. */
function utf8Length(p: usize, end: usize, c: u32): i32 {
  if (c < 0xc2 || c > 0xf4) return 0;
  if (c < 0xe0) return p + 1 < end && (<u32>load<u8>(p + 1) & 0xc0) == 0x80 ? 2 : 0;
  if (c < 0xf0) {
    if (p + 2 >= end) return 0;
    const c1 = <u32>load<u8>(p + 1);
    if ((<u32>load<u8>(p + 2) & 0xc0) != 0x80) return 0;
    if (c == 0xe0) return c1 >= 0xa0 && c1 <= 0xbf ? 3 : 0; // no overlong form
    if (c == 0xed) return c1 >= 0x80 && c1 <= 0x9f ? 3 : 0; // no surrogate
    return (c1 & 0xc0) == 0x80 ? 3 : 0;
  }
  if (p + 3 >= end) return 0;
  const c1 = <u32>load<u8>(p + 1);
  if ((<u32>load<u8>(p + 2) & 0xc0) != 0x80 || (<u32>load<u8>(p + 3) & 0xc0) != 0x80) return 0;
  if (c == 0xf0) return c1 >= 0x90 && c1 <= 0xbf ? 4 : 0;
  if (c == 0xf4) return c1 >= 0x80 && c1 <= 0x8f ? 4 : 0; // nothing past U+10FFFF
  return (c1 & 0xc0) == 0x80 ? 4 : 0;
}

@inline function hexDigit(c: u32): i32 {
  if (c - 0x30 < 10) return <i32>(c - 0x30);
  const lower = c | 0x20;
  if (lower - 0x61 < 6) return <i32>(lower - 0x61 + 10);
  return -1;
}

/** The code unit of the four hex digits at p, or -1. */
function hex4(p: usize): i32 {
  const a = hexDigit(load<u8>(p)), b = hexDigit(load<u8>(p + 1)), c = hexDigit(load<u8>(p + 2)), d = hexDigit(load<u8>(p + 3));
  if ((a | b | c | d) < 0) return -1;
  return (a << 12) | (b << 8) | (c << 4) | d;
}

/** The byte an escape `\e` stands for (not \u), or -1 if JSON has no such escape. */
function simpleEscape(e: u32): i32 {
  switch (e) {
    case QUOTE: return 0x22;
    case BACKSLASH: return 0x5c;
    case 0x2f: return 0x2f; // \/
    case 0x62: return 0x08; // \b
    case 0x66: return 0x0c; // \f
    case 0x6e: return 0x0a; // \n
    case 0x72: return 0x0d; // \r
    case 0x74: return 0x09; // \t
    default: return -1;
  }
}

/** Past the string whose opening quote is before p (0 if it is not a valid JSON string). */
function skipString(p: usize, end: usize): usize {
  for (;;) {
    while (p + 8 <= end && !needsLook(load<u64>(p))) p += 8;
    if (p >= end) return 0;
    const c = <u32>load<u8>(p);
    if (c == QUOTE) return p + 1;
    if (c == BACKSLASH) {
      if (p + 1 >= end) return 0;
      const e = <u32>load<u8>(p + 1);
      if (e == 0x75) {
        if (p + 5 >= end || hex4(p + 2) < 0) return 0;
        p += 6;
      } else {
        if (simpleEscape(e) < 0) return 0;
        p += 2;
      }
    } else if (c < 0x20) {
      return 0;
    } else if (c < 0x80) {
      p++;
    } else {
      const n = utf8Length(p, end, c);
      if (n == 0) return 0;
      p += <usize>n;
    }
  }
  return 0; // not reached: the loop above returns (asc wants a return it can see)
}

@inline function putUtf8(o: usize, u: u32): usize {
  if (u < 0x80) { store<u8>(o, u); return o + 1; }
  if (u < 0x800) { store<u8>(o, 0xc0 | (u >> 6)); store<u8>(o + 1, 0x80 | (u & 0x3f)); return o + 2; }
  if (u < 0x10000) {
    store<u8>(o, 0xe0 | (u >> 12)); store<u8>(o + 1, 0x80 | ((u >> 6) & 0x3f)); store<u8>(o + 2, 0x80 | (u & 0x3f));
    return o + 3;
  }
  store<u8>(o, 0xf0 | (u >> 18)); store<u8>(o + 1, 0x80 | ((u >> 12) & 0x3f));
  store<u8>(o + 2, 0x80 | ((u >> 6) & 0x3f)); store<u8>(o + 3, 0x80 | (u & 0x3f));
  return o + 4;
}

/**
 * The text string whose opening quote is before p, decoded to UTF-8 at out (textBytes, textUnits); past its closing
 * quote, or 0. A JS string holds a lone surrogate escape as it is, and the engine reads it as U+FFFD (what
 * TextEncoder writes for it), so U+FFFD is written here; its length in UTF-16 stays 1.
 */
function readText(p: usize, end: usize, out: usize): usize {
  let o = out, units = 0;
  textLess = -1;
  for (;;) {
    while (p + 8 <= end) {
      const v = load<u64>(p);
      if (needsLookInText(v)) break;
      store<u64>(o, v);
      p += 8; o += 8; units += 8;
    }
    if (p >= end) return 0;
    const c = <u32>load<u8>(p);
    if (c == QUOTE) {
      textBytes = <i32>(o - out);
      textUnits = units;
      return p + 1;
    }
    if (c == BACKSLASH) {
      if (p + 1 >= end) return 0;
      const e = <u32>load<u8>(p + 1);
      if (e != 0x75) {
        const b = simpleEscape(e);
        if (b < 0) return 0;
        store<u8>(o++, b);
        units++;
        p += 2;
        continue;
      }
      if (p + 5 >= end) return 0;
      let u = hex4(p + 2);
      if (u < 0) return 0;
      p += 6;
      if (u >= 0xd800 && u <= 0xdbff && p + 5 < end && <u32>load<u8>(p) == BACKSLASH && <u32>load<u8>(p + 1) == 0x75) {
        const low = hex4(p + 2);
        if (low >= 0xdc00 && low <= 0xdfff) {
          o = putUtf8(o, 0x10000 + ((<u32>u - 0xd800) << 10) + (<u32>low - 0xdc00));
          units += 2;
          p += 6;
          continue;
        }
      }
      if (u >= 0xd800 && u <= 0xdfff) u = 0xfffd;
      if (<u32>u == LESS && textLess < 0) textLess = <i32>(o - out);
      o = putUtf8(o, <u32>u);
      units++;
    } else if (c < 0x20) {
      return 0;
    } else if (c < 0x80) {
      if (c == LESS && textLess < 0) textLess = <i32>(o - out);
      store<u8>(o++, c);
      units++;
      p++;
    } else {
      const n = utf8Length(p, end, c);
      if (n == 0) return 0;
      memory.copy(o, p, <usize>n);
      o += <usize>n;
      p += <usize>n;
      units += n == 4 ? 2 : 1;
    }
  }
  return 0; // not reached: the loop above returns (asc wants a return it can see)
}

@inline function isDigit(c: u32): bool {
  return c - 0x30 < 10;
}

/** Past the number at p (JSON's grammar: no leading zeros, no bare dot, no plus sign), or 0. */
function skipNumber(p: usize, end: usize): usize {
  if (<u32>load<u8>(p) == 0x2d) p++; // -
  if (p >= end) return 0;
  const first = <u32>load<u8>(p);
  if (first == 0x30) p++;
  else if (first - 0x31 < 9) { p++; while (p < end && isDigit(load<u8>(p))) p++; }
  else return 0;
  if (p < end && <u32>load<u8>(p) == 0x2e) { // .
    const digits = ++p;
    while (p < end && isDigit(load<u8>(p))) p++;
    if (p == digits) return 0;
  }
  if (p < end && (<u32>load<u8>(p) | 0x20) == 0x65) { // e or E
    p++;
    if (p < end && (<u32>load<u8>(p) == 0x2b || <u32>load<u8>(p) == 0x2d)) p++;
    const digits = p;
    while (p < end && isDigit(load<u8>(p))) p++;
    if (p == digits) return 0;
  }
  return p;
}

/** Past the literal `word` (true, false, null: 4 or 5 ASCII bytes packed little-endian) at p, or 0. */
function skipLiteral(p: usize, end: usize, word: u64, length: i32): usize {
  if (p + <usize>length > end) return 0;
  for (let i = 0; i < length; i++) if (<u64>load<u8>(p + <usize>i) != ((word >> (8 * <u64>i)) & 0xff)) return 0;
  return p + <usize>length;
}

/** Past the key at p (a string, then a colon) and the space after it, or 0. */
function skipKey(p: usize, end: usize): usize {
  if (p >= end || <u32>load<u8>(p) != QUOTE) return 0;
  p = skipString(p + 1, end);
  if (p == 0) return 0;
  p = skipSpace(p, end);
  if (p >= end || <u32>load<u8>(p) != COLON) return 0;
  return skipSpace(p + 1, end);
}

/** Past the JSON value at p (any kind, nested to MAX_DEPTH), or 0. */
function skipValue(p: usize, end: usize): usize {
  let depth = 0;
  for (;;) {
    // A value starts at p.
    if (p >= end) return 0;
    const c = <u32>load<u8>(p);
    let done = true; // false: a container opened, its first value (or key) comes next
    if (c == OPEN_OBJECT || c == OPEN_ARRAY) {
      p = skipSpace(p + 1, end);
      const close = c == OPEN_OBJECT ? CLOSE_OBJECT : CLOSE_ARRAY;
      if (p < end && <u32>load<u8>(p) == close) {
        p++;
      } else {
        if (depth == MAX_DEPTH) return 0;
        store<u8>(stack + <usize>depth, c == OPEN_OBJECT ? IN_OBJECT : IN_ARRAY);
        depth++;
        if (c == OPEN_OBJECT) p = skipKey(p, end);
        done = false;
      }
    } else if (c == QUOTE) p = skipString(p + 1, end);
    else if (c == 0x74) p = skipLiteral(p, end, 0x65757274, 4); // true
    else if (c == 0x66) p = skipLiteral(p, end, 0x65736c6166, 5); // false
    else if (c == 0x6e) p = skipLiteral(p, end, 0x6c6c756e, 4); // null
    else if (c == 0x2d || isDigit(c)) p = skipNumber(p, end);
    else return 0;
    if (p == 0) return 0;
    if (!done) continue;
    // A value ended at p: close the containers it ends, until one has another value to come.
    for (;;) {
      if (depth == 0) return p;
      p = skipSpace(p, end);
      if (p >= end) return 0;
      const next = <u32>load<u8>(p);
      const inObject = load<u8>(stack + <usize>(depth - 1)) == IN_OBJECT;
      if (next == COMMA) {
        p = skipSpace(p + 1, end);
        if (inObject) p = skipKey(p, end);
        if (p == 0) return 0;
        break;
      }
      if (next != (inObject ? CLOSE_OBJECT : CLOSE_ARRAY)) return 0;
      depth--;
      p++;
    }
  }
  return 0; // not reached: the loop above returns (asc wants a return it can see)
}
