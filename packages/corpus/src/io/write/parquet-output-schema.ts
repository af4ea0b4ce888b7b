// The schema a Parquet kept corpus is written with: its inputs' own. Asked twice, with the same answer: before the
// run (the command line refuses what cannot be written, before any document is read) and when the kept corpus is
// written. Every input must be a Parquet file (magic bytes, as the reader decides), all with the same columns, each
// of a type that is written back exactly (parquet-column-types.ts). Only footers are read. An input that cannot be
// read, or whose footer is damaged, is passed over here: the run reports and skips it, and it adds no row.
import type { FileMetaData, SchemaElement } from 'hyparquet';
import { openParquet } from '../formats/parquet-file.js';
import { formatOfFile } from '../formats/input-format.js';
import type { WalkEntry } from '../walk/walk-directory.js';
import { unwritableColumn } from './parquet-column-types.js';

export type ParquetOutputSchema = { readonly schema: readonly SchemaElement[] } | { readonly problem: string };

export async function parquetOutputSchema(entries: Iterable<WalkEntry> | AsyncIterable<WalkEntry>, options: { readonly jsonl?: boolean }): Promise<ParquetOutputSchema> {
  const { parquetSchema } = await import('hyparquet');
  let first: { path: string; schema: SchemaElement[] } | undefined;
  for await (const entry of entries) {
    if (entry.kind === 'error') continue;
    // --jsonl reads a file named .parquet as JSONL unless its first bytes say Parquet (io/documents.ts).
    if (entry.kind === 'stdin' || formatOfFile(entry.path, options.jsonl !== true) !== 'parquet') {
      return { problem: `${entry.kind === 'stdin' ? 'standard input' : entry.path} is not Parquet, and a Parquet kept corpus is written only from Parquet inputs (name a .jsonl output for a mix)` };
    }
    const metadata = await footer(entry.path);
    if (metadata === undefined) continue;
    if (first === undefined) {
      const problem = unwritableColumn(parquetSchema(metadata));
      if (problem !== undefined) return { problem: `${entry.path}: ${problem}, so it cannot go into a Parquet kept corpus (name a .jsonl output)` };
      first = { path: entry.path, schema: metadata.schema };
      continue;
    }
    const difference = schemaDifference(first.schema, metadata.schema);
    if (difference !== undefined) return { problem: `${entry.path} has other columns than ${first.path} (${difference}), and a Parquet kept corpus has one schema (name a .jsonl output)` };
  }
  return first === undefined ? { problem: 'no input is a readable Parquet file' } : { schema: first.schema };
}

/** The file's metadata, or undefined when it cannot be read (the run says why). */
async function footer(path: string): Promise<FileMetaData | undefined> {
  const parquet = await openParquet(path);
  if ('skipped' in parquet) return undefined;
  await parquet.file.close();
  return parquet.metadata;
}

/** The first element that differs, in words, or undefined when both list the same columns of the same types. */
function schemaDifference(a: readonly SchemaElement[], b: readonly SchemaElement[]): string | undefined {
  for (let i = 1; i < Math.max(a.length, b.length); i++) {
    if (i >= a.length) return `"${b[i].name}" is extra`;
    if (i >= b.length) return `"${a[i].name}" is missing`;
    if (elementKey(a[i]) !== elementKey(b[i])) return `${elementKey(b[i])} where the first has ${elementKey(a[i])}`;
  }
  return undefined;
}

/** What makes two elements the same column: everything but the field id, which writers number as they please. */
function elementKey(element: SchemaElement): string {
  const { field_id: _fieldId, ...rest } = element;
  return JSON.stringify(rest, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
}
