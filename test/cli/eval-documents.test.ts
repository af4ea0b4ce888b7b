// `simhash eval` reads the files its pairs name ({ "path": FILE }) as every command reads a document: compressed
// files decompressed, a binary or empty file skipped with its reason.
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli.js';
import { scratchDir } from '../support/scratch-dir.js';
import { article, edit } from '../support/dedupe-fixture.js';

const A = article(21);
const files = scratchDir({
  'a.txt': A,
  'a-edited.txt.gz': gzipSync(edit(A, [7])),
  'other.txt': article(22),
  'binary.bin': new Uint8Array([1, 0, 2]),
  'pairs.jsonl': [
    { a: { path: 'a.txt' }, b: { path: 'a-edited.txt.gz' }, duplicate: true },
    { a: { path: 'a.txt' }, b: { path: 'other.txt' }, duplicate: false },
    { a: { path: 'a.txt' }, b: { path: 'binary.bin' }, duplicate: false },
  ].map((pair) => JSON.stringify(pair)).join('\n'),
});
afterAll(files.remove);

describe('eval reads the documents its pairs name', () => {
  it('decompresses a gzip side, and skips a binary one with the reason', async () => {
    const result = await runInProcess(['eval', '--format', 'json', '--threads', '1', '--pairs', files.path('pairs.jsonl')]);
    expect(result.stderr).toBe(`simhash: ${files.path('pairs.jsonl')}:3: "b": binary.bin: binary file (contains NUL bytes), skipped\n`);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as { pairs: number; duplicates: number };
    expect(report).toMatchObject({ pairs: 2, duplicates: 1 });
  });
});
