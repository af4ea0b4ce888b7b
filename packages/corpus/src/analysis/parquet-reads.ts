// A Parquet file's row groups handed to the workers (in-order.ts): its footer read on this thread (the file is then
// closed), each row group cut into spans of rows (io/formats/parquet-spans.ts) that go out as tasks together, and
// their results gathered per group: a group is read, or reported unread, as a whole, as the streamed read has it
// (io/formats/parquet-documents.ts). Held until its last span is in: a group's documents as columns, a few dozen
// bytes each (more with sketches), where the streamed read held its rows as objects.
import { fieldColumns, openParquet, rowGroups, type RowGroup } from '../io/formats/parquet-file.js';
import type { RecordFields } from '../io/formats/jsonl-record.js';
import { groupSpans, type RowSpan } from '../io/formats/parquet-spans.js';
import type { DocumentEvent } from '../io/index.js';
import type { RangeTaskResult } from './range-task.js';

export type ParquetRead =
  /** The file cannot be read (one report), or the bytes of it no row group holds (progress). */
  | { readonly events: readonly DocumentEvent[] }
  | { readonly group: RowGroup; readonly spans: Promise<RangeTaskResult[]> };

export async function* parquetReads(path: string, fields: RecordFields, readSpan: (span: RowSpan) => Promise<RangeTaskResult>, spanBytes: number, threads: number): AsyncGenerator<ParquetRead> {
  const parquet = await openParquet(path);
  if ('skipped' in parquet) {
    yield { events: [parquet.skipped] };
    return;
  }
  const groups = rowGroups(parquet.metadata);
  // The columns a span decodes (all, when none holds a field: parquet-spans.ts).
  const named = fieldColumns(parquet.metadata, fields);
  const columns = new Set(named.length === 0 ? groups[0]?.chunks.map((chunk) => chunk.column) : named);
  const { byteLength } = parquet.file;
  await parquet.file.close();
  for (const group of groups) yield { group, spans: Promise.all(groupSpans(group, columns, spanBytes, threads).map(readSpan)) };
  // The header, the footer and what the column sizes leave out, so progress ends at the file's size.
  const rest = byteLength - groups.reduce((sum, group) => sum + group.bytes, 0);
  if (rest > 0) yield { events: [{ kind: 'progress', bytes: rest }] };
}
