// Spans of a Parquet file's rows, the unit the workers read: a row group cut into spans of about equal decoded size,
// and a span read on its own (the file opened, its footer taken from the thread's cache, the span's rows decoded)
// into documents by the rule every table row follows (row-document.ts). A span gives the documents and reports of
// its rows that the streamed read (parquet-documents.ts) gives, by their place in the span.
import type { HtmlMode } from '../read-options.js';
import type { LineNote } from './jsonl-range.js';
import type { RecordFields } from './jsonl-record.js';
import { openParquet, parquetRowSource, readRows, type FooterCache, type RowGroup } from './parquet-file.js';
import { rowDocumentEvents } from './row-document.js';

export interface RowSpan {
  readonly rowStart: number;
  readonly rowEnd: number;
  /** Its share of the group's decoded bytes. */
  readonly bytes: number;
}

/** A row of a span that is a document. */
export interface SpanRecord {
  /** Its row in the span, from 0. */
  readonly line: number;
  /** Its text's UTF-8 bytes. */
  readonly length: number;
  readonly id?: string | number;
  readonly text: string;
  readonly html: boolean;
  readonly keepValue?: number;
}

export interface ParquetSpan {
  /** The span's rows, documents or not: the next span's rows follow on from them. */
  readonly lines: number;
  readonly records: SpanRecord[];
  /** Rows that are no document, and documents flagged, by their row in the span. */
  readonly notes: LineNote[];
}

/**
 * A row group cut into spans of about `spanBytes` decoded bytes. Of a column chunk with an offset index, a span reads
 * only its own pages. A chunk without one, each span reads whole (hyparquet decodes no page before the span, but
 * reads them): spans then hold at least those bytes each, so reading them again stays within the bytes decoded
 * anyway (a text column with no offset index: text compresses 2-4 times, so two to four spans a group).
 */
export function groupSpans(group: RowGroup, spanBytes: number): RowSpan[] {
  const rows = group.rowEnd - group.rowStart;
  let count = Math.ceil(group.decodedBytes / spanBytes);
  if (group.unindexedBytes > 0) count = Math.min(count, Math.floor(group.decodedBytes / group.unindexedBytes));
  count = Math.max(1, Math.min(count, rows));
  return Array.from({ length: rows === 0 ? 0 : count }, (_, i) => {
    const rowStart = group.rowStart + Math.floor((rows * i) / count);
    const rowEnd = group.rowStart + Math.floor((rows * (i + 1)) / count);
    return { rowStart, rowEnd, bytes: Math.round((group.decodedBytes * (rowEnd - rowStart)) / rows) };
  });
}

/** Rows [rowStart, rowEnd) of the file (within one row group) as documents. Read errors are thrown, for the caller to report. */
export async function readParquetSpan(path: string, { rowStart, rowEnd }: RowSpan, fields: RecordFields, html: HtmlMode, footers: FooterCache): Promise<ParquetSpan> {
  const parquet = await openParquet(path, footers);
  if ('skipped' in parquet) throw new Error(parquet.skipped.reason);
  const span: ParquetSpan = { lines: rowEnd - rowStart, records: [], notes: [] };
  try {
    const rows = await readRows(parquet, rowStart, rowEnd);
    for (let line = 0; line < rows.length; line++) {
      for (const event of rowDocumentEvents(rows[line], parquetRowSource(path, rowStart + line), fields, html)) {
        if (event.kind === 'document') {
          const { id, text, html: isHtml, bytes, keepValue } = event.document;
          span.records.push({ line, length: bytes, id, text, html: isHtml, keepValue });
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
