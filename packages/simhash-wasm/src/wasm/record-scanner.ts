// The corpus's JSONL record scanner (assembly/corpus/json-record.ts): a line checked as JSON and its text field
// decoded to UTF-8 in WebAssembly, for the engine to fingerprint as bytes. This side places the keys, the line and
// the output in the module's memory and reads the answer back. A line the scanner hands back (scan() returns -1) is
// the caller's to read as before.
import { instantiateRecordKernels, type RecordExports } from './corpus-module.js';

/** Where the keys, the stack of open containers and the line (or block) go; the decoded text follows the line. */
const KEYS = 64, KEY_ROOM = 256, STACK = KEYS + 3 * KEY_ROOM, LINE = STACK + 256;
const PAGE = 65536;
/** Lines a scanLines call reads at most (its table's rows, assembly/corpus/json-lines.ts), and a row's i32 fields. */
const ROWS = 4096, ROW_FIELDS = 11;

/**
 * The rows scanLines wrote, field by field (assembly/corpus/json-lines.ts has them in this order): row i's field f
 * is rows[i * ROW_FIELDS + f]. Positions are in the block load() placed; `textAt` is an address (lineText(i) reads it).
 */
export const LINE_ROW = { fields: ROW_FIELDS, start: 0, length: 1, next: 2, textBytes: 3, textAt: 4, textUnits: 5, firstLess: 6, idStart: 7, idEnd: 8, keepStart: 9, keepEnd: 10 } as const;

export interface RecordKeys {
  /** The top-level keys of the text, the id and (optionally) the number to keep by. */
  readonly text: string;
  readonly id: string;
  readonly keep?: string;
}

export class RecordScanner {
  readonly #ex: RecordExports;
  #memory = new Uint8Array(0);
  /** Bytes of line the memory has room for (the output after it is as long). */
  #room = 0;
  #line: Uint8Array = new Uint8Array(0);
  #textBytes = 0;
  /** The block load() placed: its length, and where the next text goes. */
  #blockLength = 0;
  #out = 0;
  /** The rows of the last scanLines call (a view of memory, made by load()). */
  rows = new Int32Array(0);

  /** Null when the keys cannot be looked for byte by byte: one longer than 256 bytes, or two the same. */
  static create(keys: RecordKeys): RecordScanner | null {
    const encoder = new TextEncoder();
    const encoded = [keys.text, keys.id, keys.keep].map((key) => (key === undefined ? undefined : encoder.encode(key)));
    if (encoded.some((key) => key !== undefined && key.length > KEY_ROOM)) return null;
    if (new Set([keys.text, keys.id, keys.keep].filter((key) => key !== undefined)).size < (keys.keep === undefined ? 2 : 3)) return null;
    return new RecordScanner(instantiateRecordKernels(), encoded as [Uint8Array, Uint8Array, Uint8Array | undefined]);
  }

  private constructor(exports: RecordExports, [text, id, keep]: [Uint8Array, Uint8Array, Uint8Array | undefined]) {
    this.#ex = exports;
    this.#grow(1 << 16);
    this.#memory.set(text, KEYS);
    this.#memory.set(id, KEYS + KEY_ROOM);
    if (keep !== undefined) this.#memory.set(keep, KEYS + 2 * KEY_ROOM);
    exports.setRecordKeys(KEYS, text.length, KEYS + KEY_ROOM, id.length, KEYS + 2 * KEY_ROOM, keep?.length ?? -1, STACK);
  }

  /** Scans one line (without its line break): the text's byte length, or -1 for a line handed back. Ends a load(). */
  scan(line: Uint8Array): number {
    if (line.length > this.#room) this.#grow(line.length);
    this.#line = line;
    this.#memory.set(line, LINE);
    this.#textBytes = this.#ex.scanRecord(LINE, line.length, LINE + this.#room);
    return this.#textBytes;
  }

  /** The last line's text as UTF-8: a view of the module's memory, overwritten by the next scan. */
  text(): Uint8Array {
    return this.#memory.subarray(LINE + this.#room, LINE + this.#room + this.#textBytes);
  }

  /** The last line's text's length in UTF-16 code units (a JS string's length). */
  textUnits(): number {
    return this.#ex.recordResult(0);
  }

  /** Where the last line's text has its first `<`: a byte offset into text(), -1 without one. */
  firstLess(): number {
    return this.#ex.recordResult(5);
  }

  /** The last line's id value, its JSON as it is in the line; undefined without one. */
  idJson(): Uint8Array | undefined {
    return this.#slice(1);
  }

  /** The last line's keep value, its JSON as it is in the line; undefined without one. */
  keepJson(): Uint8Array | undefined {
    return this.#slice(3);
  }

  /**
   * Places a block of lines for scanLines, whose texts then stay in memory until the next load() or scan(): room for
   * the block, its texts (decoding never lengthens) and the rows is made now, so no view of them is detached later.
   */
  load(block: Uint8Array): void {
    const tableAt = align4(LINE + 2 * block.length);
    const end = tableAt + 4 * ROWS * ROW_FIELDS;
    const memory = this.#ex.memory;
    if (end > memory.buffer.byteLength) memory.grow(Math.ceil((end - memory.buffer.byteLength) / PAGE));
    this.#memory = new Uint8Array(memory.buffer);
    this.#room = Math.floor((memory.buffer.byteLength - LINE) / 2); // what scan() may use of it
    this.#memory.set(block, LINE);
    this.#blockLength = block.length;
    this.#out = LINE + block.length;
    this.rows = new Int32Array(memory.buffer, tableAt, ROWS * ROW_FIELDS);
  }

  /**
   * Scans the block's lines that start at `at` or later and before `stop` (positions in the block), as scan() does
   * each line, up to ROWS of them; a line with no line feed in the block ends with it when `endsLine`, else is left
   * (it runs on past the block). Returns the lines scanned, their answers in `rows` (LINE_ROW): call again from the
   * last one's `next` for more.
   */
  scanLines(at: number, stop: number, endsLine: boolean): number {
    const lines = this.#ex.scanLines(LINE, this.#blockLength, at, stop, endsLine ? 1 : 0, this.#out, this.rows.byteOffset, ROWS);
    for (let i = lines - 1; i >= 0; i--) {
      const bytes = this.rows[i * ROW_FIELDS + LINE_ROW.textBytes];
      if (bytes <= 0) continue;
      this.#out = this.rows[i * ROW_FIELDS + LINE_ROW.textAt] + bytes;
      break;
    }
    return lines;
  }

  /** The text of row i of the last scanLines call, as UTF-8: a view, kept until the next load() or scan(). */
  lineText(i: number): Uint8Array {
    const at = this.rows[i * ROW_FIELDS + LINE_ROW.textAt];
    return this.#memory.subarray(at, at + this.rows[i * ROW_FIELDS + LINE_ROW.textBytes]);
  }

  #slice(which: number): Uint8Array | undefined {
    const start = this.#ex.recordResult(which);
    return start < 0 ? undefined : this.#line.subarray(start, this.#ex.recordResult(which + 1));
  }

  /** Room for a line of `bytes` and its text; the view made again (growing detaches the old one). */
  #grow(bytes: number): void {
    const room = Math.max(bytes, 2 * this.#room);
    const memory = this.#ex.memory;
    const end = LINE + 2 * room;
    if (end > memory.buffer.byteLength) memory.grow(Math.ceil((end - memory.buffer.byteLength) / PAGE));
    this.#room = room;
    this.#memory = new Uint8Array(memory.buffer);
  }
}

const align4 = (at: number) => (at + 3) & ~3;
