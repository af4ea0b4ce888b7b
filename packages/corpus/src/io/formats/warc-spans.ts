// Spans of whole records of a plain (uncompressed) WARC/WET file, the unit the workers read: found on the main thread
// from the records' headers alone (each header block read, its Content-Length taken, the block passed over unread),
// through a window of 64 KB that holds the headers of many small records at once (324 MB of 10 KB pages in 0.15 s).
// Only a record framed as WARC/1.x writes it is passed over: a header block with one Content-Length of digits, the
// block, the "\r\n\r\n" that ends a record, and the next record's "WARC/" at once (or the end of the file). At the
// first record that is not so, or a file that is not plain, the scan stops: from there the file is read on as a
// stream (warc-documents.ts), as a whole file is, so a damaged or truncated file gives the reports it always gave.
// The worker that reads a span checks that warcio finds its records where the scan did (warc-span-records.ts).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export interface WarcSpan {
  /** Bytes [start, end) of the file: whole records, the first starting at `start`, the last ending at `end`. */
  readonly start: number;
  readonly end: number;
  /** Where each record starts in the file, in order. */
  readonly records: readonly number[];
}

/** A span of records, or where the scan stopped: the file is read on from `rest` as a stream. */
export type WarcSpanStep = { readonly span: WarcSpan } | { readonly rest: number };

/** A header block longer than this is no header the scan trusts (warcio reads on to the blank line, however far). */
const HEADER_LIMIT = 1 << 16;
/** Looked at from a record's start: most header blocks are well under a kilobyte. */
const HEAD_READ = 4096;
/**
 * Read from the file at once: the headers of the small records that follow one another (a request, a response's
 * metadata, short pages) come from one read; a large record's block is passed over.
 */
const WINDOW = 1 << 16;

const WARC_LINE = Buffer.from('WARC/');
const RECORD_END = Buffer.from('\r\n\r\n');

/**
 * The file's records in spans of about `spanBytes` (a record larger than that is a span of its own), then, unless
 * every record was passed over to the end of the file, where it is read on as a stream. A file that cannot be opened
 * is read as a stream from 0 (which reports why).
 */
export function* warcSpans(path: string, spanBytes: number): Generator<WarcSpanStep> {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    yield { rest: 0 };
    return;
  }
  try {
    const file = new FileWindow(fd, fstatSync(fd).size);
    const { size } = file;
    let start = 0;
    let records: number[] = [];
    for (let at = 0; ; ) {
      const next = at < size ? recordEnd(file, at) : undefined;
      if (next !== undefined) {
        records.push(at);
        at = next;
      }
      // A span is cut where it is large enough, and where the scan ends: the rest goes as a stream.
      if (records.length > 0 && (next === undefined || at - start >= spanBytes)) {
        yield { span: { start, end: at, records } };
        start = at;
        records = [];
      }
      if (next === undefined) {
        if (at < size) yield { rest: at };
        return;
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** Where the record at `at` ends (the next one starts), when it is framed as the scan trusts; else undefined. */
function recordEnd(file: FileWindow, at: number): number | undefined {
  const { size } = file;
  let head = file.bytes(at, HEAD_READ);
  if (!startsWith(head, WARC_LINE, 0)) return undefined;
  let { firstLine, blank } = headerEnds(head);
  if (blank < 0 && head.length < size - at) {
    head = file.bytes(at, HEADER_LIMIT);
    ({ firstLine, blank } = headerEnds(head));
  }
  if (blank < 0) return undefined;
  const length = contentLength(head.subarray(firstLine + 1, blank + 2));
  if (length === undefined) return undefined;
  const end = at + blank + RECORD_END.length + length;
  // The record's end, and the next record's start or the end of the file.
  const after = file.bytes(end, RECORD_END.length + WARC_LINE.length);
  if (!startsWith(after, RECORD_END, 0)) return undefined;
  const next = end + RECORD_END.length;
  return next === size || startsWith(after, WARC_LINE, RECORD_END.length) ? next : undefined;
}

/**
 * Where the first line ends (its "\n") and the blank line that ends the header block starts (its "\r\n\r\n"), -1
 * where none is found: looked for after the first line, as warcio does.
 */
function headerEnds(head: Buffer): { firstLine: number; blank: number } {
  const firstLine = head.indexOf(0x0a);
  return { firstLine, blank: firstLine < 0 ? -1 : head.indexOf(RECORD_END, firstLine + 1) };
}

/**
 * The block's length, when the header lines hold exactly one Content-Length, of digits alone, that no folded line
 * continues, as warcio reads it (a name compared without case, the value trimmed); else undefined.
 */
function contentLength(lines: Uint8Array): number | undefined {
  let found: number | undefined;
  let count = 0;
  let folded = false;
  for (const line of Buffer.from(lines.buffer, lines.byteOffset, lines.length).toString('latin1').split('\n')) {
    const continues = line.startsWith(' ') || line.startsWith('\t');
    if (continues && folded) return undefined;
    folded = false;
    const colon = line.indexOf(':');
    if (colon < 0 || line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
    count++;
    folded = true;
    const value = line.slice(colon + 1).trim();
    if (line.slice(0, colon).trimStart().length !== 'content-length'.length || !/^\d{1,15}$/.test(value)) return undefined;
    found = Number(value);
  }
  return count === 1 ? found : undefined;
}

/** An open file read through a window of WINDOW bytes. */
class FileWindow {
  private window: Buffer = Buffer.alloc(0);
  private from = 0;

  constructor(private readonly fd: number, readonly size: number) {}

  /** Up to `length` bytes at `position`, fewer at the end of the file: from the window, read anew where it falls short. */
  bytes(position: number, length: number): Buffer {
    const end = Math.min(position + length, this.size);
    if (position < this.from || end > this.from + this.window.length) {
      this.from = position;
      this.window = readAt(this.fd, position, Math.min(Math.max(length, WINDOW), this.size - position));
    }
    return this.window.subarray(position - this.from, end - this.from);
  }
}

function readAt(fd: number, position: number, length: number): Buffer {
  const bytes = Buffer.allocUnsafe(Math.max(0, length));
  let at = 0;
  while (at < bytes.length) {
    const read = readSync(fd, bytes, at, bytes.length - at, position + at);
    if (read === 0) break;
    at += read;
  }
  return bytes.subarray(0, at);
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array, at: number): boolean {
  if (bytes.length < at + prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[at + i] !== prefix[i]) return false;
  return true;
}
