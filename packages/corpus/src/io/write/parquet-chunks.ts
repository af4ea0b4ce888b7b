// A Parquet file made while it is written: rows gathered into a row group until it holds ROW_GROUP_LIMITS, the
// group encoded (hyparquet-writer's ParquetWriter, Snappy) and handed on as bytes before the next one is gathered,
// then the footer. A kept corpus of any size is so never whole in memory: one row group's rows and its encoded
// bytes at most. The schema is given (the inputs' own, parquet-output-schema.ts); the rows are objects of its
// top-level columns, as hyparquet reads them.
import type { SchemaElement } from 'hyparquet';
import type { ByteWriter } from 'hyparquet-writer';

export interface ParquetRow {
  /** The row as hyparquet read it: a value for each top-level column. */
  readonly values: Readonly<Record<string, unknown>>;
  /** About how many bytes it holds (its text's), to cut row groups by size as well as by count. */
  readonly bytes: number;
}

export interface RowGroupLimits {
  readonly rows: number;
  readonly bytes: number;
}

/** A row group ends at whichever comes first (readers fetch a group whole; 64 MB of text is a common size). */
export const ROW_GROUP_LIMITS: RowGroupLimits = { rows: 100_000, bytes: 64 << 20 };

export async function* parquetChunks(schema: readonly SchemaElement[], rows: AsyncIterable<ParquetRow>, limits: RowGroupLimits = ROW_GROUP_LIMITS): AsyncGenerator<Uint8Array> {
  // Loaded on the first Parquet output, as the reader loads hyparquet on the first Parquet input.
  const { ByteWriter, ParquetWriter } = await import('hyparquet-writer');
  const writer = new ByteWriter();
  // hyparquet-writer's own hyparquet (1.31.5) types a schema element without the newer FILE type, which
  // parquet-column-types.ts refuses anyway: the schemas it gets are of the kinds both versions know.
  const parquet = new ParquetWriter({ writer, schema: [...schema] as ConstructorParameters<typeof ParquetWriter>[0]['schema'] });
  const columns = topLevelColumns(schema);
  let group: Readonly<Record<string, unknown>>[] = [];
  let bytes = 0;
  const writeGroup = (): Uint8Array => {
    const rowsOfGroup = group;
    group = [];
    bytes = 0;
    // One call per group, of exactly its rows: ParquetWriter cuts nothing further. A ByteWriter has no flush(), so
    // write() and finish() run synchronously (they return a promise only for a writer that flushes).
    void parquet.write({ columnData: columns.map((name) => ({ name, data: rowsOfGroup.map((row) => row[name]) })), rowGroupSize: rowsOfGroup.length });
    return takeBytes(writer);
  };
  for await (const row of rows) {
    group.push(row.values);
    bytes += row.bytes;
    if (group.length >= limits.rows || bytes >= limits.bytes) yield writeGroup();
  }
  if (group.length > 0) yield writeGroup();
  void parquet.finish();
  yield takeBytes(writer);
}

/**
 * The bytes written since the last call, copied out; the writer then starts again at the front of its buffer. Its
 * `offset` (the place in the file, which the footer records for each column chunk) keeps counting.
 */
function takeBytes(writer: ByteWriter): Uint8Array {
  const bytes = new Uint8Array(writer.buffer, 0, writer.index).slice();
  writer.index = 0;
  return bytes;
}

/** The names of the root's children: a flat schema lists each element followed by its descendants. */
function topLevelColumns(schema: readonly SchemaElement[]): string[] {
  const names: string[] = [];
  let at = 1;
  while (at < schema.length) {
    names.push(schema[at].name);
    at = afterSubtree(schema, at);
  }
  return names;
}

/** The index just past the element at `at` and all its descendants. */
function afterSubtree(schema: readonly SchemaElement[], at: number): number {
  let next = at + 1;
  for (let child = 0; child < (schema[at].num_children ?? 0); child++) next = afterSubtree(schema, next);
  return next;
}
