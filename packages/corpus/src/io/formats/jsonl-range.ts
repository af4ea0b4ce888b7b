// A byte range of a plain JSONL file, read on its own: a worker's share of the file. The lines that start in the
// range are cut, parsed and judged by the rule every JSONL reader uses (jsonl-record.ts). A line belongs to the range
// its first byte is in, so ranges cut anywhere, without looking at the bytes, read every line exactly once; the last
// line is read past the range's end to its newline.
import { closeSync, openSync, readSync } from 'node:fs';
import { concatBytes, withoutCr } from '../bytes/lines.js';
import type { LineRecord, RecordFields } from './jsonl-record.js';
import { blockReader, lineReader, TextArena, type BlockReader, type LineReader, type ScannedRecord } from './jsonl-scanned.js';
import type { HtmlMode } from '../read-options.js';

export interface RangeRecord {
  /** Which line of the range, from 0 (blank and skipped lines count). */
  readonly line: number;
  /** Where the line is in the file, and its length without the line break (the document's bytes). */
  readonly offset: number;
  readonly length: number;
  readonly id?: string | number;
  /**
   * The text; as UTF-8 where the record scanner read the line (jsonl-scanned.ts): then a view that the next range
   * read in this thread overwrites, to be analysed before that.
   */
  readonly text: string | Uint8Array;
  /** The text's length in UTF-16 code units (a string's length). */
  readonly chars: number;
  readonly html: boolean;
  /** The number in the keep field (fields.keep), when asked for and there is one. */
  readonly keepValue?: number;
}

/**
 * What the stream reader reports by line, in its order: a line that is no document ('skipped'), or a document kept
 * whose record has a problem ('flagged': no number in the keep field, see jsonl-record.ts's documentEvents).
 */
export interface LineNote {
  readonly line: number;
  readonly kind: 'skipped' | 'flagged';
  readonly reason: string;
  /** Where the record is in the file, for records named by it (a WARC record's `path:offset N`). */
  readonly offset?: number;
}

export interface JsonlRange {
  /** Lines that start in the range: the next range's line numbers follow on from them. */
  lines: number;
  readonly records: RangeRecord[];
  readonly notes: LineNote[];
}

const LF = 0x0a;
/** Read this much past the range's end (at most the range's size), then twice as much each time, to find the last line's end. */
const TAIL_BYTES = 1 << 16;

/** The lines of `path` that start at a byte in [start, end). Read errors are thrown, for the caller to report. */
export function readJsonlRange(path: string, start: number, end: number, fields: RecordFields, html: HtmlMode): JsonlRange {
  const range: JsonlRange = { lines: 0, records: [], notes: [] };
  const judge = judgeInto(range, fields, html);
  const fd = openSync(path, 'r');
  try {
    // From the byte before the range: a line starts at `start` only if that byte ends the line before. A little past
    // the end too, where the last line most likely ends.
    const from = start === 0 ? 0 : start - 1;
    const tail = Math.min(TAIL_BYTES, end - start);
    const bytes = readAt(fd, from, end - from + tail);
    let at = start === 0 ? 0 : bytes.indexOf(LF) + 1;
    if (at === 0 && start > 0) return range; // no line starts in the range
    // The scanner reads every line it can in one go; a last line that runs on past what was read is left to the loop.
    const block = blockReaderOf(fields, html);
    if (block !== null) at = block(bytes, at, Math.min(end - from, bytes.length), bytes.length < end - from + tail, (lineAt, length, record) => judge.take(from + lineAt, length, record));
    while (from + at < end && at < bytes.length) {
      let lf = bytes.indexOf(LF, at);
      if (lf === -1 && bytes.length === end - from + tail) {
        // The last line runs on past what was read: read on to its end.
        const rest = concatBytes([bytes.subarray(at), ...readToNewline(fd, from + bytes.length, tail)]);
        lf = rest.indexOf(LF);
        judge.line(rest.subarray(0, lf === -1 ? rest.length : lf), from + at);
        break;
      }
      if (lf === -1) lf = bytes.length; // the file ends without a newline
      judge.line(bytes.subarray(at, lf), from + at);
      at = lf + 1;
    }
    return range;
  } finally {
    closeSync(fd);
  }
}

/**
 * The lines of a block of whole JSONL lines read elsewhere (a compressed stream or stdin, decompressed and cut at
 * newlines on the main thread: formats/jsonl-chunks.ts): every line, the last one without its newline too. Offsets
 * are within the block, not a file: such documents are read back by reading their input again.
 */
export function readJsonlBlock(bytes: Uint8Array, fields: RecordFields, html: HtmlMode): JsonlRange {
  const range: JsonlRange = { lines: 0, records: [], notes: [] };
  const judge = judgeInto(range, fields, html);
  const block = blockReaderOf(fields, html);
  let at = block === null ? 0 : block(bytes, 0, bytes.length, true, (lineAt, length, record) => judge.take(lineAt, length, record));
  for (; at < bytes.length; ) {
    let lf = bytes.indexOf(LF, at);
    if (lf === -1) lf = bytes.length;
    judge.line(bytes.subarray(at, lf), at);
    at = lf + 1;
  }
  return range;
}

/** The scanned texts of the range being read (jsonl-scanned.ts): one range at a time a thread, reused. */
const texts = new TextArena();
/**
 * The line and block readers of the last fields and HTML mode asked for: a range's task asks for the same ones every
 * time. Each has a record scanner of its own: the block's texts stay in its memory while a line is read back.
 */
let readers: { key: string; line: LineReader; block: BlockReader | null } | undefined;

function readersOf(fields: RecordFields, html: HtmlMode): NonNullable<typeof readers> {
  const key = JSON.stringify([fields, html]);
  if (readers?.key !== key) readers = { key, line: lineReader(fields, html, texts), block: blockReader(fields, html) };
  return readers;
}

const readerOf = (fields: RecordFields, html: HtmlMode) => readersOf(fields, html).line;
const blockReaderOf = (fields: RecordFields, html: HtmlMode) => readersOf(fields, html).block;

/**
 * Judges lines into `range` by the rule every JSONL reader uses: `line` one line's bytes without the newline, at
 * `offset`; `take` what the block reader read of one (its length without the line break).
 */
function judgeInto(range: JsonlRange, fields: RecordFields, html: HtmlMode) {
  texts.reset(); // the last range's records are analysed: a new range is read
  const read = readerOf(fields, html);
  const take = (offset: number, length: number, record: LineRecord | ScannedRecord) => {
    const line = range.lines++;
    if (record === null) return;
    if ('skip' in record) {
      range.notes.push({ line, kind: 'skipped', reason: record.skip });
      return;
    }
    const { id, text, keep } = record;
    const chars = 'chars' in record ? record.chars : record.text.length;
    range.records.push({ line, offset, length, id, text, chars, html: record.html, keepValue: typeof keep === 'number' ? keep : undefined });
    if (typeof keep === 'object') range.notes.push({ line, kind: 'flagged', reason: keep.problem });
  };
  return {
    take,
    line: (raw: Uint8Array, offset: number) => {
      const bytes = withoutCr(raw);
      take(offset, bytes.length, read(bytes));
    },
  };
}

/**
 * Where ranges are read into, reused: nothing read is kept past the range (texts are decoded into strings), and a
 * fresh megabyte per range costs its page faults every time.
 */
let scratch = Buffer.allocUnsafe(0);

/**
 * Wanted records at most this far apart are read in one read, the bytes between them along: a read costs a system
 * call and Node's own work around it, a few µs, about what copying some KB more costs. Reading back every eleventh
 * record of the 1M-document corpus (91,000, as its verification does) took 740 ms one read a record, and joined
 * across gaps of up to 4 KB 475 ms, 16 KB 380, 32 KB 430, 64 KB 455 (one thread, the 2-core VM of BENCHMARKS.md).
 */
const JOIN_GAP = 1 << 14;
/** The most one read of several records takes (the scratch buffer grows to it; a longer record is read alone). */
const JOINED_BYTES = 4 << 20;

/**
 * A reader of the records of lines read back by reference, at their offsets in an open file: what a later pass (the
 * verification's) reads instead of the whole file again, by the rule the first pass read them with (the record
 * scanner's texts as UTF-8 where it is sure). `recordAt(i)` is the line at offsets[i] of lengths[i] bytes, asked for
 * in order: records close together, in ascending order, are read in one read (JOIN_GAP). A line now shorter than its
 * length (the file changed) reads as what is there; the caller compares it with what the first pass read. Texts stay
 * until the next recordsAt() of this thread.
 */
export function recordsAt(fields: RecordFields, html: HtmlMode, fd: number, offsets: Float64Array, lengths: Uint32Array): (i: number) => LineRecord | ScannedRecord {
  texts.reset();
  const read = readerOf(fields, html);
  // The last read: records first .. last - 1, from the file's byte `from`.
  let first = 0, last = 0, from = 0, bytes: Uint8Array = new Uint8Array(0);
  return (i) => {
    if (i < first || i >= last) {
      let end = offsets[i] + lengths[i];
      last = i + 1;
      while (last < offsets.length && offsets[last] >= end && offsets[last] - end <= JOIN_GAP && offsets[last] + lengths[last] - offsets[i] <= JOINED_BYTES) {
        end = offsets[last] + lengths[last];
        last++;
      }
      [first, from] = [i, offsets[i]];
      bytes = readAt(fd, from, end - from);
    }
    const start = Math.min(bytes.length, offsets[i] - from);
    return read(bytes.subarray(start, Math.min(bytes.length, start + lengths[i])));
  };
}

/** Up to `length` bytes from `position`, fewer at the end of the file, into `into` (by default the scratch buffer). */
function readAt(fd: number, position: number, length: number, into?: Buffer): Uint8Array {
  if (into === undefined && scratch.length < length) scratch = Buffer.allocUnsafe(length);
  const bytes = (into ?? scratch).subarray(0, length);
  let at = 0;
  while (at < length) {
    const read = readSync(fd, bytes, at, length - at, position + at);
    if (read === 0) break;
    at += read;
  }
  return bytes.subarray(0, at);
}

/** The file's bytes from `position` up to and including the next newline, or to its end, in growing pieces. */
function readToNewline(fd: number, position: number, first: number): Uint8Array[] {
  const parts: Uint8Array[] = [];
  for (let size = first; ; size *= 2) {
    const part = readAt(fd, position, size, Buffer.allocUnsafe(size));
    parts.push(part);
    position += part.length;
    if (part.length < size || part.indexOf(LF) !== -1) return parts;
  }
}
