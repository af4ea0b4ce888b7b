// The corpus's JSONL record scanner (assembly/corpus/json-record.ts): a line checked as JSON and its text field
// decoded to UTF-8 in WebAssembly, for the engine to fingerprint as bytes. This side places the keys, the line and
// the output in the module's memory and reads the answer back. A line the scanner hands back (scan() returns -1) is
// the caller's to read as before.
import { instantiateCorpusKernels, type CorpusExports } from './corpus-module.js';

/** Where the keys, the stack of open containers and the line go; the decoded text follows the line. */
const KEYS = 64, KEY_ROOM = 256, STACK = KEYS + 3 * KEY_ROOM, LINE = STACK + 256;
const PAGE = 65536;

export interface RecordKeys {
  /** The top-level keys of the text, the id and (optionally) the number to keep by. */
  readonly text: string;
  readonly id: string;
  readonly keep?: string;
}

export class RecordScanner {
  readonly #ex: CorpusExports;
  #memory = new Uint8Array(0);
  /** Bytes of line the memory has room for (the output after it is as long). */
  #room = 0;
  #line: Uint8Array = new Uint8Array(0);
  #textBytes = 0;

  /** Null when the keys cannot be looked for byte by byte: one longer than 256 bytes, or two the same. */
  static create(keys: RecordKeys): RecordScanner | null {
    const encoder = new TextEncoder();
    const encoded = [keys.text, keys.id, keys.keep].map((key) => (key === undefined ? undefined : encoder.encode(key)));
    if (encoded.some((key) => key !== undefined && key.length > KEY_ROOM)) return null;
    if (new Set([keys.text, keys.id, keys.keep].filter((key) => key !== undefined)).size < (keys.keep === undefined ? 2 : 3)) return null;
    return new RecordScanner(instantiateCorpusKernels(), encoded as [Uint8Array, Uint8Array, Uint8Array | undefined]);
  }

  private constructor(exports: CorpusExports, [text, id, keep]: [Uint8Array, Uint8Array, Uint8Array | undefined]) {
    this.#ex = exports;
    this.#grow(1 << 16);
    this.#memory.set(text, KEYS);
    this.#memory.set(id, KEYS + KEY_ROOM);
    if (keep !== undefined) this.#memory.set(keep, KEYS + 2 * KEY_ROOM);
    exports.setRecordKeys(KEYS, text.length, KEYS + KEY_ROOM, id.length, KEYS + 2 * KEY_ROOM, keep?.length ?? -1, STACK);
  }

  /** Scans one line (without its line break): the text's byte length, or -1 for a line handed back. */
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
