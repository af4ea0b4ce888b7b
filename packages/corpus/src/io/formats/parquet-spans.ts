// Spans of a Parquet file's rows, the unit the workers read: a row group cut into spans of about equal decoded size,
// and a span read on its own (the file opened, its footer taken from the thread's cache, the span's rows decoded)
// into documents by the rule every table row follows (row-document.ts). A span gives the documents and reports of
// its rows that the streamed read (parquet-documents.ts) gives, by their place in the span.
import type { HtmlMode } from '../read-options.js';
import type { LineNote, RangeRecord } from './jsonl-range.js';
import type { RecordFields } from './jsonl-record.js';
import { fieldColumns, openParquet, parquetRowSource, readRows, type ChunkSize, type FooterCache, type RowGroup } from './parquet-file.js';
import { rowDocumentEvents } from './row-document.js';

export interface RowSpan {
  readonly rowStart: number;
  readonly rowEnd: number;
  /** Its share of the decoded bytes of the group's columns read. */
  readonly bytes: number;
}

/** A row of a span that is a document, as a JSONL range's line is (`line`: its row in the span, from 0), with no byte offset. */
export type SpanRecord = Omit<RangeRecord, 'offset'>;

export interface ParquetSpan {
  /** The span's rows, documents or not: the next span's rows follow on from them. */
  readonly lines: number;
  readonly records: SpanRecord[];
  /** Rows that are no document, and documents flagged, by their row in the span. */
  readonly notes: LineNote[];
}

/**
 * Of a column chunk read again by each span, beyond its own rows (where it has no offset index), as bytes of text
 * analysed: a value decoded costs about as much as 64 bytes (99,000 short ids decoded in 20 ms, against 150 MB of
 * text in 350 ms, then analysed at about 250 MB/s); a byte read, not decoded, a tenth of a byte.
 */
const VALUE_COST = 64;
const READ_COST = 0.1;
/** Where a footer does not count a chunk's pages: a data page's decoded size as writers commonly cut them, 1 MB. */
const PAGE_BYTES = 1 << 20;
/** What every span repeats may cost at most this share of the group's own work. */
const REPEATED_SHARE = 0.25;

/**
 * A row group cut into spans of about `spanBytes` decoded bytes of the columns read. Of a column chunk with an offset
 * index, a span reads only its own pages. A chunk without one, each span reads whole and decodes from the page its
 * first row is in (hyparquet skips the pages before, undecoded): a chunk of one page (a short id column) is decoded
 * whole by every span. The spans are then fewer, so that what each repeats stays a small share of the group's work.
 * `threads`: the workers that read the spans.
 */
export function groupSpans(group: RowGroup, columns: ReadonlySet<string>, spanBytes: number, threads: number): RowSpan[] {
  const rows = group.rowEnd - group.rowStart;
  const chunks = group.chunks.filter((chunk) => columns.has(chunk.column));
  const decoded = chunks.reduce((sum, chunk) => sum + chunk.decodedBytes, 0);
  const work = chunks.reduce((sum, chunk) => sum + chunk.decodedBytes + VALUE_COST * chunk.values, 0);
  const repeated = chunks.reduce((sum, chunk) => sum + (chunk.indexed ? 0 : repeatedCost(chunk)), 0);
  let count = Math.ceil(decoded / spanBytes);
  if (repeated > 0) count = Math.min(count, Math.floor((REPEATED_SHARE * work) / repeated));
  // More than one span: as many as the threads take in whole rounds, so none waits out the group's last round idle.
  // One thread: the group whole, as the streamed read takes it (spans would only repeat what they repeat).
  count = threads === 1 ? 1 : count > 1 ? Math.ceil(count / threads) * threads : count;
  count = Math.max(1, Math.min(count, rows));
  return Array.from({ length: rows === 0 ? 0 : count }, (_, i) => {
    const rowStart = group.rowStart + Math.floor((rows * i) / count);
    const rowEnd = group.rowStart + Math.floor((rows * (i + 1)) / count);
    return { rowStart, rowEnd, bytes: Math.round((decoded * (rowEnd - rowStart)) / rows) };
  });
}

/** What a span spends on a chunk without an offset index beyond its own rows: the chunk read, and a page decoded. */
function repeatedCost(chunk: ChunkSize): number {
  const pages = Math.max(1, chunk.pages ?? Math.ceil(chunk.decodedBytes / PAGE_BYTES));
  return READ_COST * chunk.bytes + (chunk.decodedBytes + VALUE_COST * chunk.values) / pages;
}

/**
 * Rows [rowStart, rowEnd) of the file (within one row group) as documents, only the columns of the fields decoded.
 * Read errors are thrown, for the caller to report.
 */
export async function readParquetSpan(path: string, { rowStart, rowEnd }: RowSpan, fields: RecordFields, html: HtmlMode, footers: FooterCache): Promise<ParquetSpan> {
  const parquet = await openParquet(path, footers);
  if ('skipped' in parquet) throw new Error(parquet.skipped.reason);
  const span: ParquetSpan = { lines: rowEnd - rowStart, records: [], notes: [] };
  try {
    // None of them there: every row is read (each is then reported for its missing text, as the streamed read does).
    const columns = fieldColumns(parquet.metadata, fields);
    const rows = await readRows(parquet, rowStart, rowEnd, columns.length === 0 ? undefined : columns);
    for (let line = 0; line < rows.length; line++) {
      for (const event of rowDocumentEvents(rows[line], parquetRowSource(path, rowStart + line), fields, html)) {
        if (event.kind === 'document') {
          const { id, text, html: isHtml, bytes, keepValue } = event.document;
          span.records.push({ line, length: bytes, id, text, chars: text.length, html: isHtml, keepValue });
        } else if (event.kind === 'skipped' || event.kind === 'flagged') {
          span.notes.push({ line, kind: event.kind, reason: event.reason });
        }
      }
    }
  } finally {
    await parquet.file.close();
  }
  return span;
}
