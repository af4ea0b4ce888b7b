// The rows of a Parquet file as documents, read on this thread one row group at a time (parquet-file.ts), so memory
// holds one row group, never the file. Each row is a document whose record is the row object; a row without a usable
// text, or a row group that cannot be decoded, is reported by its row numbers and the rest go on. This is the read of
// a second pass (the kept corpus, the verification); a first pass hands the row groups to the workers instead
// (parquet-slice.ts, analysis/in-order.ts), which give the same documents and reports.
import type { DocumentEvent } from '../input-document.js';
import type { RecordFields } from './jsonl-record.js';
import { describeReadError } from '../read-error.js';
import type { HtmlMode } from '../read-options.js';
import { rowDocumentEvents } from './row-document.js';
import { openParquet, parquetRowSource, readRows, rowGroups, unreadGroup } from './parquet-file.js';

/** Events are handed on in slices of this many rows, so a large row group does not arrive as one huge batch. */
const BATCH_ROWS = 1024;

export async function* parquetDocuments(path: string, fields: RecordFields, html: HtmlMode): AsyncGenerator<DocumentEvent[]> {
  const parquet = await openParquet(path);
  if ('skipped' in parquet) {
    yield [parquet.skipped];
    return;
  }
  try {
    let reported = 0;
    for (const group of rowGroups(parquet.metadata)) {
      let rows: Record<string, unknown>[];
      try {
        rows = await readRows(parquet, group.rowStart, group.rowEnd);
      } catch (error) {
        yield [unreadGroup(path, group, describeReadError(error))];
        continue;
      }
      reported += group.bytes;
      yield* rowEvents(path, rows, group.rowStart, fields, html, group.bytes);
    }
    // The rest of the file (header, footer, what the column sizes leave out), so progress ends at the file's size.
    if (parquet.file.byteLength > reported) yield [{ kind: 'progress', bytes: parquet.file.byteLength - reported }];
  } finally {
    await parquet.file.close();
  }
}

function* rowEvents(path: string, rows: readonly Record<string, unknown>[], firstRow: number, fields: RecordFields, html: HtmlMode, groupBytes: number): Generator<DocumentEvent[]> {
  if (rows.length === 0 && groupBytes > 0) yield [{ kind: 'progress', bytes: groupBytes }];
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const events: DocumentEvent[] = start === 0 && groupBytes > 0 ? [{ kind: 'progress', bytes: groupBytes }] : [];
    for (let i = start; i < Math.min(rows.length, start + BATCH_ROWS); i++) {
      const source = parquetRowSource(path, firstRow + i);
      events.push(...rowDocumentEvents(rows[i], source, fields, html));
    }
    yield events;
  }
}
