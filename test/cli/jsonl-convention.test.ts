// One JSONL convention in every command: records { "id", "text" } (or other shapes through --text-field and
// --id-field, dotted paths allowed), a record named by its id or else <file>:<line>, JSONL on stdin recognised by
// its first byte, and bad lines reported a few at a time with a count.
import { afterAll, describe, expect, it } from 'vitest';
import { createSimHash } from '../../packages/simhash-wasm/src/pure/index.js';
import { runInProcess, runProcess } from '../support/cli.js';
import { scratchDir } from '../support/scratch-dir.js';

const hex = (text: string) => createSimHash().fingerprintHex(text);
const crawl = [
  { meta: { url: 'https://example.org/a', lang: 'en' }, content: { body: 'the first page of the crawl' } },
  { meta: { lang: 'en' }, content: { body: 'a page whose url went missing' } },
  { meta: { url: 'https://example.org/c' }, content: { body: 'the third page' } },
];
const files = scratchDir({
  'crawl.jsonl': crawl.map((r) => JSON.stringify(r)).join('\n') + '\n',
  'records.txt': [{ id: 'a', text: 'alpha text' }, { id: 2, text: 'beta text' }].map((r) => JSON.stringify(r)).join('\n'),
});
afterAll(files.remove);

describe('JSONL records', () => {
  it('--text-field and --id-field with dotted paths; a record without an id is named <file>:<line>', async () => {
    const result = await runInProcess(['fingerprint', '--text-field', 'content.body', '--id-field', 'meta.url', files.path('crawl.jsonl')]);
    expect(result).toEqual({
      code: 0,
      stderr: '',
      stdout: [`${hex(crawl[0].content.body)}  https://example.org/a`, `${hex(crawl[1].content.body)}  ${files.path('crawl.jsonl')}:2`, `${hex(crawl[2].content.body)}  https://example.org/c`].join('\n') + '\n',
    });
    const indexed = await runInProcess(['index', 'build', '--text-field', 'content.body', '--id-field', 'meta.url', '-o', files.path('crawl.idx'), files.path('crawl.jsonl')]);
    expect(indexed.stdout.split('\n')[0]).toBe(`0  ${hex(crawl[0].content.body)}  https://example.org/a`);
  });

  it('without the field options the same file has no "text": every line reported, no documents, exit 5', async () => {
    const result = await runInProcess(['fingerprint', files.path('crawl.jsonl')]);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain(`${files.path('crawl.jsonl')}:1: malformed JSONL line: "text" must be a string, got none, skipped`);
  });

  it('fingerprint --jsonl prints "<16 hex>  <name>" as for files, whatever the file is called', async () => {
    const result = await runInProcess(['fingerprint', '--jsonl', files.path('records.txt')]);
    expect(result).toEqual({ code: 0, stderr: '', stdout: `${hex('alpha text')}  a\n${hex('beta text')}  2\n` });
  });

  it('a field path with an empty part is a usage error naming the option', async () => {
    const result = await runInProcess(['fingerprint', '--text-field', 'content..body', files.path('crawl.jsonl')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--text-field must be a field name or a dotted path, but "content\.\.body" has an empty part/);
  });
});

describe('JSONL on stdin', () => {
  const stdin = '{"id": "one", "text": "the first text"}\n{"id": "two", "text": "the second text"}\n';

  it('is recognised by its first byte in fingerprint, index build and dedupe; --no-jsonl reads it whole', async () => {
    expect((await runInProcess(['fingerprint'], stdin)).stdout).toBe(`${hex('the first text')}  one\n${hex('the second text')}  two\n`);
    const built = await runInProcess(['index', 'build', '-o', files.path('stdin.idx')], stdin);
    expect(built.stdout).toBe(`0  ${hex('the first text')}  one\n1  ${hex('the second text')}  two\n`);
    const deduped = await runInProcess(['dedupe', '--format', 'json', '--min-tokens', '0'], stdin);
    expect((JSON.parse(deduped.stdout) as { summary: { documents: number } }).summary.documents).toBe(2);
    expect((await runInProcess(['fingerprint', '--no-jsonl'], stdin)).stdout).toBe(`${hex(stdin)}  (stdin)\n`);
  });

  it('30,000 bad lines on stdin, as a real process: a capped report with the count, the good line indexed', () => {
    const bad = Array.from({ length: 30_000 }, (_, i) => `{"id": ${i}, "txt": "no text field"}`).join('\n');
    const run = runProcess(['index', 'build', '-o', files.path('bad.idx')], `${bad}\n{"id": "good", "text": "the one good line"}\n`);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe(`0  ${hex('the one good line')}  good\n`);
    const errors = run.stderr.trim().split('\n');
    expect(errors.length).toBeLessThanOrEqual(25);
    expect(errors[0]).toBe('simhash: (stdin):1: malformed JSONL line: "text" must be a string, got none, skipped');
    expect(errors.at(-1)).toMatch(/30,000/);
  });
});
