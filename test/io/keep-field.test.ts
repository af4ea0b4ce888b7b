// The number a record is kept by (dedupe --keep-max/--keep-min, DocumentOptions.keepField): read from a JSONL
// field (a dotted path) or a Parquet column (DOUBLE, INT64 as a bigint) into the document's keepValue; a record
// without a number there is still a document, followed by one 'flagged' event that says why. Without keepField
// nothing is read and nothing flagged.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { parquetWriteFile } from 'hyparquet-writer';
import { afterAll, describe, expect, it } from 'vitest';
import { readDocuments, walkInputs, type DocumentEvent, type DocumentOptions, type WalkOptions } from '../../packages/corpus/src/io/index.js';

const dir = mkdtempSync(join(tmpdir(), 'simhash-keep-field-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const OPTIONS: DocumentOptions & WalkOptions = { html: 'off', mail: false, invalidUtf8: 'skip', include: [], exclude: [], hidden: false };

async function read(path: string, keepField?: string): Promise<string[]> {
  const options = { ...OPTIONS, ...(keepField === undefined ? {} : { keepField }) };
  const events: DocumentEvent[] = [];
  for await (const event of readDocuments(walkInputs([path], options), new PassThrough(), options)) events.push(event);
  return events.flatMap((e) => {
    if (e.kind === 'document') return [`${e.document.id} ${e.document.keepValue ?? '-'}`];
    if (e.kind === 'flagged') return [`flagged ${e.source.replace(`${dir}/`, '')}: ${e.reason}`];
    if (e.kind === 'skipped') return [`skipped ${e.reason}`];
    return [];
  });
}

describe('the keep field', () => {
  it('JSONL: a number at the dotted path; none, a string or null is flagged right after its document', async () => {
    const path = join(dir, 'records.jsonl');
    writeFileSync(path, [
      { id: 'a', text: 'one', meta: { score: 2.5 } },
      { id: 'b', text: 'two', meta: {} },
      { id: 'c', text: 'three', meta: { score: '7' } },
      { id: 'd', text: 'four', meta: { score: -3 } },
      { id: 'e', text: 'five', meta: { score: null } },
      { id: 'f', text: '' },
    ].map((r) => JSON.stringify(r)).join('\n'));
    expect(await read(path, 'meta.score')).toEqual([
      'a 2.5',
      'b -', 'flagged records.jsonl:2: no number in "meta.score" to keep by (got none): it ranks last in its group',
      'c -', 'flagged records.jsonl:3: no number in "meta.score" to keep by (got string): it ranks last in its group',
      'd -3',
      'e -', 'flagged records.jsonl:5: no number in "meta.score" to keep by (got null): it ranks last in its group',
      'skipped empty "text"',
    ]);
    expect(await read(path)).toEqual(['a -', 'b -', 'c -', 'd -', 'e -', 'skipped empty "text"']);
  });

  it('Parquet: a DOUBLE or an INT64 column; a null is flagged', async () => {
    const path = join(dir, 'rows.parquet');
    await parquetWriteFile({
      filename: path,
      columnData: [
        { name: 'id', data: ['x', 'y', 'z'], type: 'STRING' },
        { name: 'text', data: ['one text', 'two text', 'three text'], type: 'STRING' },
        { name: 'quality', data: [0.5, null, 0.25], type: 'DOUBLE', nullable: true },
        { name: 'fetched', data: [10n, 20n, 30n], type: 'INT64' },
      ],
    });
    expect(await read(path, 'quality')).toEqual(['x 0.5', 'y -', expect.stringMatching(/^flagged rows\.parquet.*: no number in "quality" to keep by \(got null\)/), 'z 0.25']);
    expect(await read(path, 'fetched')).toEqual(['x 10', 'y 20', 'z 30']);
  });
});
