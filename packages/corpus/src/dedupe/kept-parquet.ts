// The kept corpus as Parquet (--output x.parquet), when the inputs were Parquet: the kept rows, in input order, with
// the inputs' schema (io/write/parquet-output-schema.ts, which the command line asked before the run too), written
// row group by row group (io/write/parquet-chunks.ts) to a temporary file renamed over the target at the end.
import type { InputDocument, WalkEntry } from '../io/index.js';
import { parquetChunks, type ParquetRow } from '../io/write/parquet-chunks.js';
import { parquetOutputSchema } from '../io/write/parquet-output-schema.js';
import { OutputError, writeFileAtomic } from '../io/write/index.js';

export async function writeKeptParquet(path: string, label: string, inputs: { readonly entries: readonly WalkEntry[]; readonly options: { readonly jsonl?: boolean } }, kept: AsyncIterable<InputDocument>): Promise<void> {
  const found = await parquetOutputSchema(inputs.entries, inputs.options);
  if ('problem' in found) throw new OutputError(`cannot write ${label}: ${found.problem}`, label);
  await writeFileAtomic(path, parquetChunks(found.schema, keptRows(kept, label)), { label });
}

async function* keptRows(kept: AsyncIterable<InputDocument>, label: string): AsyncGenerator<ParquetRow> {
  for await (const document of kept) {
    // parquetOutputSchema has just found every input a Parquet file, so every document is a row with its record.
    if (document.record === undefined) throw new OutputError(`cannot write ${label}: ${document.source} is not a Parquet row`, label);
    yield { values: document.record, bytes: document.bytes };
  }
}
