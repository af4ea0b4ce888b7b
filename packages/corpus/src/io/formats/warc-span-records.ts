// A span of a plain WARC/WET file's records (warc-spans.ts) read on its own, by a worker: the span's bytes parsed by
// the same reader as a whole file (warc-documents.ts's warcOutcomes, over warcio), in chunks that fall where a whole
// file's do, so each record gives the document or report it gives in the whole file. The scan that cut the span
// found the records from their headers alone; warcio's reading of them is checked against it, and a span whose
// records warcio finds elsewhere is not used (the file is then read on as a stream from the span's start).
import { alignedFileChunks } from '../walk/sources.js';
import type { DocumentOptions } from '../read-options.js';
import type { LineNote, RangeRecord } from './jsonl-range.js';
import type { WarcSpan } from './warc-spans.js';
import { warcOutcomes } from './warc-documents.js';

/** What a span gives, by record: `line` is a record's place in the span, notes carry its offset in the file. */
export interface WarcSpanRecords {
  lines: number;
  readonly records: RangeRecord[];
  readonly notes: LineNote[];
}

/**
 * A record of no kind that holds a document, put after the span's last: warcio finding it just where the span ends
 * shows that it read the last record to its end and went on to the next record's first line as it does in the whole
 * file (where the scan found it). A record warcio read beyond its end would take in some of this one.
 */
const SENTINEL = Buffer.from('WARC/1.0\r\nWARC-Type: simhash-span-end\r\nContent-Length: 0\r\n\r\n\r\n\r\n');

/**
 * The span's records as documents and notes, or undefined when warcio does not find the records where the scan did
 * (or finds anything but records: damaged data or bytes after them). Read errors are thrown, for the caller to report.
 */
export async function readWarcSpan(path: string, { start, end, records }: WarcSpan, options: Pick<DocumentOptions, 'html' | 'invalidUtf8'>): Promise<WarcSpanRecords | undefined> {
  const read: WarcSpanRecords = { lines: 0, records: [], notes: [] };
  let sentinel = false;
  for await (const outcome of warcOutcomes(spanChunks(path, start, end), { ...options, mail: false }, true)) {
    const offset = start + outcome.offset;
    if (sentinel || !outcome.record) return undefined;
    if (read.lines === records.length) {
      if (offset !== end) return undefined;
      sentinel = true;
      continue;
    }
    const line = read.lines++;
    if (records[line] !== offset) return undefined;
    const { result } = outcome;
    if (result === undefined) continue;
    if ('reason' in result) read.notes.push({ line, kind: 'skipped', reason: result.reason, offset });
    else read.records.push({ line, offset, length: result.bytes, id: result.id, text: result.text, chars: result.text.length, html: result.html });
  }
  return sentinel ? read : undefined;
}

async function* spanChunks(path: string, start: number, end: number): AsyncGenerator<Uint8Array> {
  yield* alignedFileChunks(path, start, end);
  yield SENTINEL;
}
