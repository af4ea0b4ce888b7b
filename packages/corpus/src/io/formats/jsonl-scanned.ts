// JSONL lines read by the WebAssembly record scanner (simhash-wasm/internal's RecordScanner) where it can: the line
// checked as JSON and its text decoded to UTF-8 without a JS object or string per record, for the engine to
// fingerprint as bytes. The scanner answers only for lines it is sure of and hands back the rest, which
// recordOfLine (jsonl-record.ts) reads as every JSONL reader does: the rule stays that one, with its messages.
//
// Used where a worker reads a range or block of lines (jsonl-range.ts), and only where the answer cannot depend on
// more than the scanner sees: top-level fields (no `a.b` path), and text that is never HTML or is sniffed for it
// (--html off, auto, auto-text), a text that might sniff as HTML going to the JS reader.
import { LINE_ROW, RecordScanner } from 'simhash-wasm/internal';
import { keepNumber, recordOfLine, type DocumentRecord, type LineRecord, type RecordFields } from './jsonl-record.js';
import type { HtmlMode } from '../read-options.js';

/** A record the scanner read: its text as UTF-8 (never HTML), with its length as a JS string would have it. */
export interface ScannedRecord extends Omit<DocumentRecord, 'text'> {
  readonly text: Uint8Array;
  /** The text's length in UTF-16 code units. */
  readonly chars: number;
  readonly html: false;
}

/** Reads one line (its bytes without the line break): what recordOfLine gives, or the scanner's record. */
export type LineReader = (line: Uint8Array) => LineRecord | ScannedRecord;

/**
 * The reader of a range's lines. The scanned texts are copied into `texts`, which the caller empties (reset()) once
 * the records of the last range are analysed.
 */
export function lineReader(fields: RecordFields, html: HtmlMode, texts: TextArena): LineReader {
  const byJs: LineReader = (line) => recordOfLine(line, fields, html);
  const scanner = scannerFor(fields, html);
  if (scanner === null) return byJs;
  const scanned = scannedRecord(fields, html);
  return (line) => {
    if (scanner.scan(line) <= 0) return byJs(line); // handed back, or an empty text (the JS reader says so)
    // Copied before it is looked at: the next line's scan overwrites the scanner's copy.
    return scanned(texts.copy(scanner.text()), scanner.firstLess(), scanner.textUnits(), scanner.idJson(), scanner.keepJson()) ?? byJs(line);
  };
}

/**
 * Reads the lines of `bytes` that start at `at` or later and before `stop`, each given to `take` (where it starts in
 * `bytes`, its length without the line break, what it reads as); a line with no line feed in `bytes` ends with them
 * when `endsLine`, else is left to the caller. Returns where it stopped: that line's start, or past the last line.
 * Scanned texts are views, kept until the next block is read in this thread.
 */
export type BlockReader = (bytes: Uint8Array, at: number, stop: number, endsLine: boolean, take: (at: number, length: number, record: LineRecord | ScannedRecord) => void) => number;

/**
 * The lineReader of whole blocks: the scanner reads them in one call (RecordScanner.scanLines), so the lines are
 * neither cut nor copied one by one in JavaScript. Null where the scanner does not read these fields.
 */
export function blockReader(fields: RecordFields, html: HtmlMode): BlockReader | null {
  const scanner = scannerFor(fields, html);
  if (scanner === null) return null;
  const scanned = scannedRecord(fields, html);
  const F = LINE_ROW.fields;
  return (bytes, at, stop, endsLine, take) => {
    scanner.load(bytes);
    for (;;) {
      const lines = scanner.scanLines(at, stop, endsLine);
      if (lines === 0) return at;
      const rows = scanner.rows;
      for (let i = 0; i < lines; i++) {
        const r = i * F, start = rows[r + LINE_ROW.start], length = rows[r + LINE_ROW.length];
        const record = rows[r + LINE_ROW.textBytes] <= 0 ? null : scanned(scanner.lineText(i), rows[r + LINE_ROW.firstLess], rows[r + LINE_ROW.textUnits], slice(bytes, rows[r + LINE_ROW.idStart], rows[r + LINE_ROW.idEnd]), slice(bytes, rows[r + LINE_ROW.keepStart], rows[r + LINE_ROW.keepEnd]));
        take(start, length, record ?? recordOfLine(bytes.subarray(start, start + length), fields, html));
      }
      at = rows[(lines - 1) * F + LINE_ROW.next];
    }
  };
}

const slice = (bytes: Uint8Array, start: number, end: number) => (start < 0 ? undefined : bytes.subarray(start, end));

/** The record scanner for these fields and HTML mode, or null where the JS reader must read every line. */
function scannerFor(fields: RecordFields, html: HtmlMode): RecordScanner | null {
  const topLevel = fields.text.length === 1 && fields.id.length === 1 && (fields.keep === undefined || fields.keep.length === 1);
  if (!topLevel || (html !== 'off' && html !== 'auto' && html !== 'auto-text')) return null;
  return RecordScanner.create({ text: fields.text[0], id: fields.id[0], keep: fields.keep?.[0] });
}

/**
 * From what the scanner read of a line (its text, its first `<`, its UTF-16 length, its id's and keep's JSON), the
 * record; null for a line the JS reader must read (a text that might sniff as HTML, an id neither string nor number).
 */
function scannedRecord(fields: RecordFields, html: HtmlMode) {
  const sniffs = html !== 'off';
  return (text: Uint8Array, less: number, chars: number, idJson: Uint8Array | undefined, keepJson: Uint8Array | undefined): ScannedRecord | null => {
    if (sniffs && mightBeHtml(text, less)) return null;
    const id = idJson === undefined ? undefined : idOf(idJson);
    if (id !== undefined && typeof id !== 'string' && typeof id !== 'number') return null;
    const keep = fields.keep === undefined ? undefined : keepNumber(keepJson === undefined ? undefined : parseJson(keepJson), fields.keep);
    return { id, text, chars, keep, html: false };
  };
}

/** A value the scanner found valid, as JSON.parse gives it. */
function parseJson(bytes: Uint8Array): unknown {
  return JSON.parse(asBuffer(bytes).toString('utf8'));
}

/**
 * An id value the scanner found valid, as JSON.parse gives it, the common ones without it (JSON.parse and its string
 * took 0.6 µs a record): a string without escapes is its bytes' UTF-8, a short run of digits is its integer.
 */
function idOf(bytes: Uint8Array): unknown {
  const n = bytes.length;
  if (bytes[0] === 0x22 && bytes.indexOf(0x5c) === -1) return asBuffer(bytes).toString('utf8', 1, n - 1);
  if (n <= 15 && (bytes[0] !== 0x30 || n === 1)) {
    let value = 0;
    for (let i = 0; i < n; i++) {
      const digit = bytes[i] - 0x30;
      if (digit < 0 || digit > 9) return parseJson(bytes);
      value = value * 10 + digit;
    }
    return value;
  }
  return parseJson(bytes);
}

function asBuffer(bytes: Uint8Array): Buffer {
  return bytes instanceof Buffer ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Whether the text could sniff as HTML (html/sniff.ts): it starts with a BOM, its first byte after the sniff's
 * whitespace is `<`, or it holds a `</body` or `</html` (the end of a page's frame, which the sniff also takes after
 * a line of text). Such a text is left to the JS reader, which sniffs it exactly. `less`: the offset of the text's
 * first `<` (the scanner notes it as it decodes), -1 for none: most texts have none, and are not looked at again.
 */
function mightBeHtml(text: Uint8Array, less: number): boolean {
  if (text[0] === 0xef && text[1] === 0xbb && text[2] === 0xbf) return true;
  if (less < 0) return false;
  for (let i = 0; i < less; i++) {
    const byte = text[i];
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) return holdsFrameEnd(text, less);
  }
  return true;
}

const BODY = [0x62, 0x6f, 0x64, 0x79]; // "body"
const HTML = [0x68, 0x74, 0x6d, 0x6c]; // "html"

/** A `</body` or `</html` at or after `from`, ASCII case ignored. */
function holdsFrameEnd(text: Uint8Array, from: number): boolean {
  for (let at = from; at !== -1 && at + 5 < text.length; at = text.indexOf(0x3c, at + 1)) {
    if (text[at + 1] === 0x2f && (named(text, at + 2, BODY) || named(text, at + 2, HTML))) return true;
  }
  return false;
}

function named(text: Uint8Array, at: number, name: readonly number[]): boolean {
  for (let i = 0; i < name.length; i++) if ((text[at + i] | 0x20) !== name[i]) return false;
  return true;
}

/** Where scanned texts are kept until their range is analysed: chunks of 4 MB, reused from one range to the next. */
export class TextArena {
  static readonly CHUNK = 4 << 20;
  #chunks: Uint8Array[] = [];
  #chunk = 0;
  #at = 0;

  copy(bytes: Uint8Array): Uint8Array {
    if (this.#chunks.length === 0 || this.#at + bytes.length > this.#chunks[this.#chunk].length) this.#next(bytes.length);
    const into = this.#chunks[this.#chunk].subarray(this.#at, this.#at + bytes.length);
    into.set(bytes);
    this.#at += bytes.length;
    return into;
  }

  /** Every copy so far may be overwritten now. */
  reset(): void {
    this.#chunk = 0;
    this.#at = 0;
  }

  #next(bytes: number): void {
    if (this.#chunks.length > 0) this.#chunk++;
    this.#at = 0;
    // The chunk there from an earlier range, if it is large enough; else a new one in its place.
    if (this.#chunk >= this.#chunks.length || this.#chunks[this.#chunk].length < bytes) {
      this.#chunks[this.#chunk] = new Uint8Array(Math.max(TextArena.CHUNK, bytes));
    }
  }
}
