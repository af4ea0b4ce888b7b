// The rows of a Parquet file as documents, read one row group at a time through a file handle (hyparquet reads the
// footer, then only that group's column chunks), so memory holds one row group, never the file. Each row is a
// document whose record is the row object; a row without a usable text, or a row group that cannot be decoded, is
// reported by its row numbers and the rest go on. hyparquet and its decompressors load on the first Parquet file.
import type { FileMetaData } from 'hyparquet';
import { openRangeReader, type FileRangeReader } from '../bytes/file-range-reader.js';
import type { DocumentEvent } from '../input-document.js';
import type { RecordFields } from './jsonl-record.js';
import { describeReadError } from '../read-error.js';
import type { HtmlMode } from '../read-options.js';
import { rowDocumentEvents } from './row-document.js';

/** Events are handed on in slices of this many rows, so a large row group does not arrive as one huge batch. */
const BATCH_ROWS = 1024;

/** How reports name a row: `file.parquet:row 12`, counting from 1 as JSONL lines do. */
export function parquetRowSource(path: string, row: number): string {
  return `${path}:row ${row + 1}`;
}

export async function* parquetDocuments(path: string, fields: RecordFields, html: HtmlMode): AsyncGenerator<DocumentEvent[]> {
  let file: FileRangeReader;
  try {
    file = await openRangeReader(path);
  } catch (error) {
    yield [{ kind: 'skipped', source: path, reason: describeReadError(error) }];
    return;
  }
  try {
    const { parquetMetadataAsync, parquetReadObjects } = await import('hyparquet');
    const { compressors } = await import('hyparquet-compressors');
    let metadata: FileMetaData;
    try {
      metadata = await parquetMetadataAsync(file);
    } catch (error) {
      yield [{ kind: 'skipped', source: path, reason: `not a readable Parquet file (${describeReadError(error)})` }];
      return;
    }
    let reported = 0;
    let rowStart = 0;
    for (const [index, group] of metadata.row_groups.entries()) {
      const rowEnd = rowStart + Number(group.num_rows);
      let rows: Record<string, unknown>[];
      try {
        rows = await parquetReadObjects({ file, metadata, rowStart, rowEnd, compressors });
      } catch (error) {
        const where = `${path}:rows ${rowStart + 1}-${rowEnd}`;
        yield [{ kind: 'skipped', source: where, reason: `row group ${index + 1} could not be read (${describeReadError(error)})` }];
        rowStart = rowEnd;
        continue;
      }
      const groupBytes = group.columns.reduce((sum, column) => sum + Number(column.meta_data?.total_compressed_size ?? 0), 0);
      reported += groupBytes;
      yield* rowEvents(path, rows, rowStart, fields, html, groupBytes);
      rowStart = rowEnd;
    }
    // The rest of the file (header, footer, what the column sizes leave out), so progress ends at the file's size.
    if (file.byteLength > reported) yield [{ kind: 'progress', bytes: file.byteLength - reported }];
  } finally {
    await file.close();
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
