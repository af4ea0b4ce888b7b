// Parquet written from the rows dedupe's reader gives (io/write/parquet-chunks.ts): the same schema and the same
// physical values for every column type it takes, row groups cut by rows and by bytes, and each group handed on
// before the next rows are read. Which inputs and column types a Parquet kept corpus can be written from
// (parquet-output-schema.ts, parquet-column-types.ts): the refusals say which input or column and why.
import { writeFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { parquetSchema, type FileMetaData, type SchemaElement } from 'hyparquet';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, describe, expect, it } from 'vitest';
import { readDocuments, type DocumentOptions, type WalkEntry } from '../../../packages/corpus/src/io/index.js';
import { parquetChunks, type ParquetRow } from '../../../packages/corpus/src/io/write/parquet-chunks.js';
import { unwritableColumn } from '../../../packages/corpus/src/io/write/parquet-column-types.js';
import { parquetOutputSchema } from '../../../packages/corpus/src/io/write/parquet-output-schema.js';
import { parquetMetadataOf, readPhysicalRows, readRows, TYPED_SCHEMA, writeTypedParquet } from '../../support/parquet-typed.js';
import { scratchDir } from '../../support/scratch-dir.js';

const files = scratchDir({});
afterAll(files.remove);

const OPTIONS: DocumentOptions = { html: 'off', mail: false, invalidUtf8: 'skip' };
const fileEntry = (path: string): WalkEntry => ({ kind: 'file', path, size: 0 });

/** The rows of a Parquet file as dedupe's reader hands them on (each document's record), in order. */
async function* readerRows(path: string): AsyncGenerator<ParquetRow> {
  for await (const event of readDocuments([fileEntry(path)], new PassThrough(), OPTIONS)) {
    if (event.kind === 'document') yield { values: event.document.record!, bytes: event.document.bytes };
  }
}

async function writeChunks(path: string, chunks: AsyncIterable<Uint8Array>): Promise<number> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  writeFileSync(path, Buffer.concat(parts));
  return parts.length;
}

const texts = (n: number) => Array.from({ length: n }, (_, i) => `document ${i} has words of its own, ${'and more '.repeat(i % 4)}`);

describe('parquetChunks', () => {
  it('every column type comes back with its schema and its physical values, over several row groups', async () => {
    const dir = files.fresh();
    writeTypedParquet(`${dir}/in.parquet`, texts(12), 5);
    await writeChunks(`${dir}/out.parquet`, parquetChunks(TYPED_SCHEMA, readerRows(`${dir}/in.parquet`), { rows: 4, bytes: 1 << 30 }));
    const metadata = await parquetMetadataOf(`${dir}/out.parquet`);
    expect(metadata.schema).toEqual((await parquetMetadataOf(`${dir}/in.parquet`)).schema);
    expect(metadata.row_groups.map((group) => group.num_rows)).toEqual([4n, 4n, 4n]);
    expect(await readPhysicalRows(`${dir}/out.parquet`)).toEqual(await readPhysicalRows(`${dir}/in.parquet`));
    const rows = await readRows(`${dir}/out.parquet`);
    // The extremes the fixture holds, as the reader gives them: what a test of "equal rows" alone could miss.
    expect(rows.slice(0, 4).map((row) => row.i64)).toEqual([9_223_372_036_854_775_807n, -9_223_372_036_854_775_808n, 9_007_199_254_740_993n, 3n]);
    expect(rows[0].u64).toBe(18_446_744_073_709_551_615n);
    expect(rows[3]).toMatchObject({ i32: null, meta: null, tags: null, counts: null });
    expect(rows[2]).toMatchObject({ tags: ['é 漢字 🙂', null], counts: { z: -2 }, meta: { lang: 'en', score: 2_000_000_000_000n } });
  });

  it('rows that are no document are not written; a row group also ends at its byte limit', async () => {
    const dir = files.fresh();
    // Texts of 40 bytes each: with a limit of 60 bytes a group closes at its second row.
    const written = writeTypedParquet(`${dir}/in.parquet`, Array.from({ length: 10 }, (_, i) => (i === 6 ? null : `document ${i}`.padEnd(40, '.'))));
    await writeChunks(`${dir}/out.parquet`, parquetChunks(TYPED_SCHEMA, readerRows(`${dir}/in.parquet`), { rows: 1000, bytes: 60 }));
    const out = await readRows(`${dir}/out.parquet`);
    expect(out.map((row) => row.id)).toEqual(written.filter((row) => row.text !== null).map((row) => row.id));
    // Nine documents: four groups of two, and the last alone.
    expect((await parquetMetadataOf(`${dir}/out.parquet`)).row_groups.map((group) => group.num_rows)).toEqual([2n, 2n, 2n, 2n, 1n]);
  });

  it('hands each row group on before it takes the next group\'s rows (the rows are never all in memory)', async () => {
    const dir = files.fresh();
    writeTypedParquet(`${dir}/in.parquet`, texts(9));
    let taken = 0;
    const log: string[] = [];
    async function* counted(): AsyncGenerator<ParquetRow> {
      for await (const row of readerRows(`${dir}/in.parquet`)) {
        taken++;
        yield row;
      }
    }
    for await (const chunk of parquetChunks(TYPED_SCHEMA, counted(), { rows: 3, bytes: 1 << 30 })) log.push(`${chunk.length > 0 ? 'chunk' : 'empty'} after ${taken} rows`);
    expect(log).toEqual(['chunk after 3 rows', 'chunk after 6 rows', 'chunk after 9 rows', 'chunk after 9 rows']);
  });

  it('no rows at all: a valid file of the schema and no row group', async () => {
    const dir = files.fresh();
    async function* none(): AsyncGenerator<ParquetRow> {}
    await writeChunks(`${dir}/empty.parquet`, parquetChunks(TYPED_SCHEMA, none()));
    const metadata = await parquetMetadataOf(`${dir}/empty.parquet`);
    expect([metadata.num_rows, metadata.row_groups.length, metadata.schema.length]).toEqual([0n, 0, TYPED_SCHEMA.length]);
  });
});

describe('unwritableColumn: only the types written back exactly', () => {
  /** The tree of a schema whose root has `top` children (the elements' count: none of them a group). */
  const tree = (elements: SchemaElement[], top = elements.length) => parquetSchema({ schema: [{ name: 'root', num_children: top }, ...elements] } as FileMetaData);

  it('takes every type of the typed fixture', () => {
    expect(unwritableColumn(parquetSchema({ schema: TYPED_SCHEMA } as FileMetaData))).toBeUndefined();
  });

  it.each<[string, SchemaElement, string]>([
    ['a timestamp in microseconds', { name: 't', type: 'INT64', converted_type: 'TIMESTAMP_MICROS' }, 'column "t" (INT64 TIMESTAMP_MICROS) is read as a Date, to the millisecond only'],
    ['a timestamp in nanoseconds', { name: 't', type: 'INT64', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'NANOS' } }, 'column "t" (INT64 TIMESTAMP(NANOS)) is read as a Date, to the millisecond only'],
    ['INT96', { name: 't', type: 'INT96' }, 'column "t" (INT96) is read as a Date, to the millisecond only'],
    ['bytes without a string type', { name: 'b', type: 'BYTE_ARRAY' }, 'column "b" (BYTE_ARRAY) holds bytes without a string type, which are read as UTF-8 text (bytes that are not UTF-8 are lost)'],
    ['JSON', { name: 'j', type: 'BYTE_ARRAY', converted_type: 'JSON' }, 'column "j" (BYTE_ARRAY JSON) is read as parsed JSON (numbers as doubles, spacing lost)'],
    ['a DECIMAL of 20 digits', { name: 'd', type: 'FIXED_LEN_BYTE_ARRAY', type_length: 9, converted_type: 'DECIMAL', precision: 20, scale: 2 }, 'column "d" (FIXED_LEN_BYTE_ARRAY DECIMAL) is read as a double, exact to 15 digits only'],
    ['geometry', { name: 'g', type: 'BYTE_ARRAY', logical_type: { type: 'GEOMETRY' } }, 'column "g" (BYTE_ARRAY GEOMETRY) is not read back as it was written'],
    ['a legacy repeated field', { name: 'r', type: 'INT32', repetition_type: 'REPEATED' }, 'column "r" is repeated outside a LIST or MAP group (a legacy list)'],
  ])('refuses %s, naming the column and why', (_what, column, message) => {
    expect(unwritableColumn(tree([{ name: 'text', type: 'BYTE_ARRAY', converted_type: 'UTF8' }, column]))).toBe(message);
  });

  it('looks into groups: a bad leaf of a struct, a two-level LIST, a VARIANT group', () => {
    expect(unwritableColumn(tree([{ name: 'meta', num_children: 1 }, { name: 'when', type: 'INT96' }], 1))).toBe('column "meta.when" (INT96) is read as a Date, to the millisecond only');
    expect(unwritableColumn(tree([{ name: 'tags', converted_type: 'LIST', num_children: 1 }, { name: 'item', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REPEATED' }], 1)))
      .toBe('column "tags" is a LIST without the standard repeated group inside (a legacy layout)');
    expect(unwritableColumn(tree([{ name: 'v', logical_type: { type: 'VARIANT' }, num_children: 1 }, { name: 'metadata', type: 'BYTE_ARRAY' }], 1))).toBe('column "v" (a VARIANT group) is not read back as it was written');
  });
});

describe('parquetOutputSchema: which inputs a Parquet kept corpus is written from', () => {
  const plain = (path: string, columns: { name: string; data: unknown[]; type: string }[]) =>
    writeFileSync(path, new Uint8Array(parquetWriteBuffer({ columnData: columns as never })));

  it('Parquet files of one schema: that schema (an unreadable input and a walk error passed over, as the run skips them)', async () => {
    const dir = files.fresh();
    writeTypedParquet(`${dir}/a.parquet`, texts(2));
    writeTypedParquet(`${dir}/b.parquet`, texts(3));
    writeFileSync(`${dir}/broken.parquet`, 'PAR1 not really PAR1');
    const entries: WalkEntry[] = [fileEntry(`${dir}/a.parquet`), fileEntry(`${dir}/broken.parquet`), { kind: 'error', path: `${dir}/missing`, error: new Error('ENOENT') }, fileEntry(`${dir}/b.parquet`)];
    expect(await parquetOutputSchema(entries, {})).toEqual({ schema: (await parquetMetadataOf(`${dir}/a.parquet`)).schema });
  });

  it('refuses a mix with JSONL, standard input, other columns, a column not written back, and no readable Parquet at all', async () => {
    const dir = files.fresh();
    writeTypedParquet(`${dir}/a.parquet`, texts(2));
    writeFileSync(`${dir}/b.jsonl`, '{"id":1,"text":"x"}\n');
    plain(`${dir}/c.parquet`, [{ name: 'id', data: ['x'], type: 'STRING' }, { name: 'text', data: ['y'], type: 'STRING' }]);
    writeFileSync(`${dir}/e.parquet`, 'not Parquet at all');
    const problem = async (entries: WalkEntry[]) => ((await parquetOutputSchema(entries, {})) as { problem: string }).problem;
    expect(await problem([fileEntry(`${dir}/a.parquet`), fileEntry(`${dir}/b.jsonl`)])).toBe(`${dir}/b.jsonl is not Parquet, and a Parquet kept corpus is written only from Parquet inputs (name a .jsonl output for a mix)`);
    expect(await problem([{ kind: 'stdin' }])).toMatch(/^standard input is not Parquet/);
    expect(await problem([fileEntry(`${dir}/a.parquet`), fileEntry(`${dir}/c.parquet`)])).toBe(`${dir}/c.parquet has other columns than ${dir}/a.parquet ({"type":"BYTE_ARRAY","repetition_type":"OPTIONAL","name":"id","converted_type":"UTF8"} where the first has {"type":"BYTE_ARRAY","repetition_type":"REQUIRED","name":"id","converted_type":"UTF8"}), and a Parquet kept corpus has one schema (name a .jsonl output)`);
    plain(`${dir}/d.parquet`, [{ name: 'text', data: ['y'], type: 'STRING' }, { name: 'blob', data: [new Uint8Array([255])], type: 'BYTE_ARRAY' }]);
    expect(await problem([fileEntry(`${dir}/d.parquet`)])).toBe(`${dir}/d.parquet: column "blob" (BYTE_ARRAY) holds bytes without a string type, which are read as UTF-8 text (bytes that are not UTF-8 are lost), so it cannot go into a Parquet kept corpus (name a .jsonl output)`);
    // Named .parquet but not Parquet: the reader reports it and skips it; with nothing else there is no schema.
    expect(await problem([fileEntry(`${dir}/e.parquet`)])).toBe('no input is a readable Parquet file');
    // --jsonl reads it as JSONL: then it is no Parquet input.
    expect(((await parquetOutputSchema([fileEntry(`${dir}/e.parquet`)], { jsonl: true })) as { problem: string }).problem).toMatch(/e\.parquet is not Parquet/);
  });
});
