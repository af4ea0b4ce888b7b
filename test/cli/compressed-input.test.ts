// gzip and zstd inputs give the fingerprints of the plain ones, as files and on stdin, in every command.
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createSimHash } from '../../packages/simhash-wasm/src/pure/index.js';
import { runInProcess, runProcess } from '../support/cli.js';
import { scratchDir } from '../support/scratch-dir.js';
import { ARTICLE_TEXT, FIXTURES, RECORDS, RECORDS_JSONL } from '../support/zstd-fixtures.js';

const files = scratchDir({
  'article.txt': ARTICLE_TEXT,
  'article.txt.gz': gzipSync(ARTICLE_TEXT),
  'article.txt.zst': readFileSync(FIXTURES.article),
  'records.jsonl': RECORDS_JSONL,
  'records.jsonl.gz': gzipSync(RECORDS_JSONL),
  'records.jsonl.zst': readFileSync(FIXTURES.records),
});
afterAll(files.remove);

const hex = (text: string) => createSimHash().fingerprintHex(text);
const fingerprints = (stdout: string) => stdout.trim().split('\n').map((line) => line.slice(0, 16));

describe('compressed input', () => {
  it('fingerprint: .gz and .zst files give the plain file\'s fingerprint', async () => {
    const result = await runInProcess(['fingerprint', ...['article.txt', 'article.txt.gz', 'article.txt.zst'].map(files.path)]);
    expect(result.stderr).toBe('');
    expect(fingerprints(result.stdout)).toEqual([hex(ARTICLE_TEXT), hex(ARTICLE_TEXT), hex(ARTICLE_TEXT)]);
  });

  it('fingerprint: compressed JSONL files, streamed line by line, give every record its fingerprint and id', async () => {
    const want = RECORDS.map((r) => `${hex(r.text)}  ${r.id}`).join('\n');
    for (const name of ['records.jsonl', 'records.jsonl.gz', 'records.jsonl.zst']) {
      const result = await runInProcess(['fingerprint', files.path(name)]);
      expect(result.code, name).toBe(0);
      expect(result.stdout.trim(), name).toBe(want);
    }
  });

  it('stdin, as a real process: gzip and zstd, one document or JSONL, recognised by their bytes', () => {
    const plain = `${hex(ARTICLE_TEXT)}  (stdin)\n`;
    expect(runProcess(['fingerprint'], gzipSync(ARTICLE_TEXT))).toEqual({ code: 0, stdout: plain, stderr: '' });
    expect(runProcess(['fingerprint', '-'], readFileSync(FIXTURES.article))).toEqual({ code: 0, stdout: plain, stderr: '' });
    const records = runProcess(['fingerprint'], readFileSync(FIXTURES.records));
    expect(records.code).toBe(0);
    expect(fingerprints(records.stdout)).toEqual(RECORDS.map((r) => hex(r.text)));
  });

  it('index build from compressed files equals the build from plain ones', async () => {
    const outputs = [];
    for (const suffix of ['', '.gz', '.zst']) {
      const result = await runInProcess(['index', 'build', '-o', files.path(`i${suffix}.idx`), files.path(`article.txt${suffix}`), files.path(`records.jsonl${suffix}`)]);
      expect(result.code).toBe(0);
      outputs.push(result.stdout.split('\n').map((line) => line.split('  ').slice(0, 2).join('  ')));
    }
    expect(outputs[1]).toEqual(outputs[0]);
    expect(outputs[2]).toEqual(outputs[0]);
    expect(outputs[0]).toHaveLength(RECORDS.length + 2); // and the empty string after the last newline
  });

  it('a damaged compressed file is skipped with the reason, the others are read', async () => {
    const damaged = files.path('damaged.txt.gz');
    writeFileSync(damaged, gzipSync(ARTICLE_TEXT).subarray(0, 50));
    const result = await runInProcess(['fingerprint', damaged, files.path('article.txt')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`simhash: ${damaged}: damaged gzip data (unexpected end of file), skipped\n`);
    expect(fingerprints(result.stdout)).toEqual([hex(ARTICLE_TEXT)]);
  });
});
