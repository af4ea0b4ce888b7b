// A Parquet file with a column of every type a Parquet kept corpus writes back (strings, integers of 32 and 64
// bits signed and unsigned, floats, booleans, dates, timestamps, decimals, UUIDs, fixed bytes, enums, a struct, a
// list and a map, with nulls), written by hyparquet-writer; and the two ways the tests read a file back: as the
// reader's rows, and as physical values (timestamps as their integers, strings as their bytes) so that "the same"
// means the same bytes, not values that merely print alike.
import { writeFileSync } from 'node:fs';
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects, type FileMetaData, type SchemaElement } from 'hyparquet';
import { parquetWriteBuffer } from 'hyparquet-writer';

export const TYPED_SCHEMA: SchemaElement[] = [
  { name: 'root', num_children: 17 },
  { name: 'id', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
  { name: 'text', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
  { name: 'i32', type: 'INT32', repetition_type: 'OPTIONAL' },
  { name: 'i64', type: 'INT64', repetition_type: 'REQUIRED' },
  { name: 'u64', type: 'INT64', converted_type: 'UINT_64', repetition_type: 'OPTIONAL' },
  { name: 'f32', type: 'FLOAT', repetition_type: 'OPTIONAL' },
  { name: 'f64', type: 'DOUBLE', repetition_type: 'OPTIONAL' },
  { name: 'flag', type: 'BOOLEAN', repetition_type: 'OPTIONAL' },
  { name: 'day', type: 'INT32', converted_type: 'DATE', repetition_type: 'OPTIONAL' },
  { name: 'at', type: 'INT64', converted_type: 'TIMESTAMP_MILLIS', repetition_type: 'OPTIONAL' },
  { name: 'price', type: 'INT64', converted_type: 'DECIMAL', scale: 2, precision: 15, repetition_type: 'OPTIONAL' },
  { name: 'uuid', type: 'FIXED_LEN_BYTE_ARRAY', type_length: 16, logical_type: { type: 'UUID' }, repetition_type: 'OPTIONAL' },
  { name: 'raw3', type: 'FIXED_LEN_BYTE_ARRAY', type_length: 3, repetition_type: 'OPTIONAL' },
  { name: 'kind', type: 'BYTE_ARRAY', converted_type: 'ENUM', repetition_type: 'OPTIONAL' },
  { name: 'meta', repetition_type: 'OPTIONAL', num_children: 2 },
  { name: 'lang', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
  { name: 'score', type: 'INT64', repetition_type: 'OPTIONAL' },
  { name: 'tags', repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
  { name: 'element', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
  { name: 'counts', repetition_type: 'OPTIONAL', converted_type: 'MAP', num_children: 1 },
  { name: 'key_value', repetition_type: 'REPEATED', num_children: 2 },
  { name: 'key', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' },
  { name: 'value', type: 'INT32', repetition_type: 'OPTIONAL' },
];

/** Row i's values of every column but text: the extremes of each type come round every few rows, nulls too. */
function typedValues(i: number): Record<string, unknown> {
  const none = i % 5 === 3;
  return {
    id: `row-${i}`,
    i32: none ? null : [0, 2_147_483_647, -2_147_483_648, i][i % 4],
    i64: [9_223_372_036_854_775_807n, -9_223_372_036_854_775_808n, 9_007_199_254_740_993n, BigInt(i)][i % 4],
    u64: none ? null : [18_446_744_073_709_551_615n, BigInt(i)][i % 2],
    f32: none ? null : [1.5, -0, 3.4028234663852886e38, i / 3][i % 4],
    f64: none ? null : [Number.NaN, Number.POSITIVE_INFINITY, 0.1, -i / 7][i % 4],
    flag: none ? null : i % 2 === 0,
    day: none ? null : new Date(Date.UTC(2020, 1, 29 + i)),
    at: none ? null : new Date(1_700_000_000_123 + i),
    price: none ? null : [1234567890123.45, -0.01, i * 100.25][i % 3],
    uuid: none ? null : `00112233-4455-6677-8899-aabbccdd${(i % 65_536).toString(16).padStart(4, '0')}`,
    raw3: none ? null : new Uint8Array([0xff, 0x00, i % 256]),
    kind: none ? null : ['news', 'blog'][i % 2],
    meta: none ? null : { lang: i % 2 === 0 ? 'en' : null, score: i % 3 === 0 ? null : BigInt(i) * 1_000_000_000_000n },
    tags: none ? null : [['a', 'b'], [], ['é 漢字 🙂', null]][i % 3],
    counts: none ? null : [{ x: 1, y: null }, {}, { z: -i }][i % 3],
  };
}

/** Writes a file of the typed columns; `texts[i]` is row i's text (null: a row that is no document). */
export function writeTypedParquet(path: string, texts: readonly (string | null)[], rowGroupSize = 1000): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = texts.map((text, i) => ({ ...typedValues(i), text }));
  const names = ['id', 'text', 'i32', 'i64', 'u64', 'f32', 'f64', 'flag', 'day', 'at', 'price', 'uuid', 'raw3', 'kind', 'meta', 'tags', 'counts'];
  const buffer = parquetWriteBuffer({ schema: TYPED_SCHEMA as never, rowGroupSize, columnData: names.map((name) => ({ name, data: rows.map((row) => row[name]) as never })) });
  writeFileSync(path, new Uint8Array(buffer));
  return rows;
}

export async function parquetMetadataOf(path: string): Promise<FileMetaData> {
  return parquetMetadataAsync(await asyncBufferFromFile(path));
}

/** The rows as dedupe's reader gets them (hyparquet's defaults). */
export async function readRows(path: string): Promise<Record<string, unknown>[]> {
  return parquetReadObjects({ file: await asyncBufferFromFile(path) });
}

/** The rows as physical values: strings as their bytes, timestamps and dates as their integers. */
export async function readPhysicalRows(path: string): Promise<Record<string, unknown>[]> {
  const same = <T>(value: T): T => value;
  return parquetReadObjects({
    file: await asyncBufferFromFile(path),
    utf8: false,
    parsers: { stringFromBytes: same as never, timestampFromMilliseconds: same as never, timestampFromMicroseconds: same as never, timestampFromNanoseconds: same as never, dateFromDays: same as never, jsonFromBytes: same as never, uuidFromBytes: same as never },
  });
}
