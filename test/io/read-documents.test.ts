// readDocuments and walkInputs, the one way every command reads documents: JSONL by name, by --jsonl or by its first
// byte on stdin; record fields by dotted path; compressed files and stdin; every skip rule with its reason.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readDocuments, walkInputs, type DocumentEvent, type DocumentOptions, type WalkOptions } from '../../packages/corpus/src/io/index.js';
import { ARTICLE_TEXT, FIXTURES, RECORDS } from '../support/zstd-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'simhash-io-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, content: string | Uint8Array) => {
  mkdirSync(join(dir, name, '..'), { recursive: true });
  writeFileSync(join(dir, name), content);
  return join(dir, name);
};
const OPTIONS: DocumentOptions = { html: 'auto', mail: false, invalidUtf8: 'skip' };

async function read(inputs: string[], stdin: string | Uint8Array = '', options: Partial<DocumentOptions & WalkOptions> = {}): Promise<DocumentEvent[]> {
  const input = new PassThrough();
  input.end(stdin);
  const events: DocumentEvent[] = [];
  const all = { ...OPTIONS, ...options };
  for await (const event of readDocuments(walkInputs(inputs, all), input, all)) events.push(event);
  return events;
}
const documents = (events: DocumentEvent[]) => events.flatMap((e) => (e.kind === 'document' ? [e.document] : []));
const skipped = (events: DocumentEvent[]) => events.flatMap((e) => (e.kind === 'skipped' ? [[e.source.replace(dir + '/', ''), e.reason]] : []));
const progress = (events: DocumentEvent[]) => events.reduce((sum, e) => sum + (e.kind === 'progress' ? e.bytes : 0), 0);

describe('stdin', () => {
  it('is JSONL when its first non-blank byte is "{", one document otherwise; --jsonl and --no-jsonl decide', async () => {
    const jsonl = '\n  \n{"id": 7, "text": "first record"}\n{"text": "no id here"}\n';
    expect(documents(await read(['-'], jsonl)).map((d) => [d.source, d.id, d.text])).toEqual([['(stdin):3', 7, 'first record'], ['(stdin):4', undefined, 'no id here']]);
    expect(documents(await read(['-'], 'plain text {"id": 1}')).map((d) => [d.source, d.text])).toEqual([['(stdin)', 'plain text {"id": 1}']]);
    expect(documents(await read(['-'], jsonl, { jsonl: false })).map((d) => d.source)).toEqual(['(stdin)']);
    const forced = await read(['-'], '"a JSON string"\n', { jsonl: true });
    expect(skipped(forced)).toEqual([['(stdin):1', 'malformed JSONL line: expected an object { "id", "text" }, got string']]);
  });

  it('is decompressed when it starts with gzip or zstd magic, JSONL detected after decompression', async () => {
    const records = RECORDS.slice(0, 50).map((r) => JSON.stringify(r)).join('\n');
    expect(documents(await read(['-'], gzipSync(records))).map((d) => d.id)).toEqual(RECORDS.slice(0, 50).map((r) => r.id));
    expect(documents(await read(['-'], gzipSync(ARTICLE_TEXT))).map((d) => [d.source, d.text])).toEqual([['(stdin)', ARTICLE_TEXT]]);
    const zstd = await read(['-'], readFileSync(FIXTURES.records));
    expect(documents(zstd).map((d) => d.text)).toEqual(RECORDS.map((r) => r.text));
    expect(progress(zstd)).toBe(statSync(FIXTURES.records).size); // bytes read, before decompression
  });

  it('an empty stdin is an empty file', async () => {
    expect(skipped(await read(['-'], ''))).toEqual([['(stdin)', 'empty file']]);
  });
});

describe('JSONL records', () => {
  const shaped = file('shaped.ndjson', [
    JSON.stringify({ meta: { url: 'https://example.org/a' }, body: { text: 'nested text one' } }),
    JSON.stringify({ meta: { url: 42 }, body: { text: 'a numeric id' } }),
    JSON.stringify({ body: { text: 'no meta: named by its line' } }),
    JSON.stringify({ meta: { url: ['not', 'an', 'id'] }, body: { text: 'x' } }),
    JSON.stringify({ meta: {}, body: { text: '' } }),
    JSON.stringify({ meta: {}, body: 'not an object' }),
    JSON.stringify({ pages: ['first page', 'second'], meta: { url: 'p' } }),
  ].join('\n'));

  it('--text-field and --id-field take dotted paths; a record without an id is <file>:<line>', async () => {
    const events = await read([shaped], '', { textField: 'body.text', idField: 'meta.url' });
    expect(documents(events).map((d) => [d.source.replace(dir + '/', ''), d.id, d.text])).toEqual([
      ['shaped.ndjson:1', 'https://example.org/a', 'nested text one'],
      ['shaped.ndjson:2', 42, 'a numeric id'],
      ['shaped.ndjson:3', undefined, 'no meta: named by its line'],
    ]);
    expect(skipped(events)).toEqual([
      ['shaped.ndjson:4', 'malformed JSONL line: "meta.url" must be a string or a number, got an array'],
      ['shaped.ndjson:5', 'empty "body.text"'],
      ['shaped.ndjson:6', 'malformed JSONL line: "body.text" must be a string, got none'],
      ['shaped.ndjson:7', 'malformed JSONL line: "body.text" must be a string, got none'],
    ]);
    const arrays = await read([shaped], '', { textField: 'pages.0', idField: 'meta.url' });
    expect(documents(arrays).map((d) => [d.id, d.text])).toEqual([['p', 'first page']]);
    const inherited = await read([shaped], '', { textField: 'constructor' });
    expect(documents(inherited)).toEqual([]);
  });

  it('files named *.jsonl, *.ndjson, also compressed, are JSONL; --jsonl makes any file JSONL', async () => {
    const gz = file('records.jsonl.gz', gzipSync(RECORDS.slice(0, 3).map((r) => JSON.stringify(r)).join('\n')));
    expect(documents(await read([gz])).map((d) => d.id)).toEqual(['rec-0', 'rec-1', 'rec-2']);
    const zst = documents(await read([FIXTURES.records]));
    expect(zst.map((d) => d.id)).toEqual(RECORDS.map((r) => r.id));
    expect(zst[1999].source).toBe(`${FIXTURES.records}:2000`);
    const txt = file('records.txt', JSON.stringify({ id: 'x', text: 'as JSONL' }));
    expect(documents(await read([txt])).map((d) => d.text)).toEqual(['{"id":"x","text":"as JSONL"}']);
    expect(documents(await read([txt], '', { jsonl: true })).map((d) => d.id)).toEqual(['x']);
    expect(documents(await read([gz], '', { jsonl: false })).map((d) => d.source)).toEqual([gz]);
  });
});

describe('whole files', () => {
  it('every skip rule, with its reason', async () => {
    const names = [
      file('skip/empty.txt', ''),
      file('skip/binary.bin', new Uint8Array([0x41, 0x00, 0x42])),
      file('skip/latin1.txt', Uint8Array.from([0x63, 0x61, 0x66, 0xe9])),
      file('skip/binary.gz', gzipSync(new Uint8Array([1, 0, 2, 0]))),
      file('skip/damaged.gz', gzipSync(ARTICLE_TEXT).subarray(0, 40)),
    ];
    const events = await read(names);
    expect(skipped(events)).toEqual([
      ['skip/empty.txt', 'empty file'],
      ['skip/binary.bin', 'binary file (contains NUL bytes)'],
      ['skip/latin1.txt', 'not valid UTF-8 (byte 0xe9 at offset 3; --invalid-utf8 replace reads it anyway)'],
      ['skip/binary.gz', 'binary file (contains NUL bytes)'],
      ['skip/damaged.gz', expect.stringMatching(/^damaged gzip data \(unexpected end of file\)$/)],
    ]);
    expect(progress(events)).toBe(names.reduce((sum, n) => sum + statSync(n).size, 0));
    const replaced = documents(await read([names[2]], '', { invalidUtf8: 'replace' }));
    expect(replaced.map((d) => d.text)).toEqual(['caf\ufffd']);
    const mail = await read([file('skip/headers-only.eml', 'From: a@example.org\nSubject: hi\n'), file('body.eml', 'Subject: hi\r\n\r\nthe body')], '', { mail: true });
    expect(skipped(mail)).toEqual([['skip/headers-only.eml', 'empty message body (nothing after the headers)']]);
    expect(documents(mail).map((d) => d.text)).toEqual(['the body\n']); // as postal-mime decodes it
  });

  it('compressed files are read by their magic bytes; HTML is recognised under the compression suffix', async () => {
    const page = '<p>A paragraph of an article.</p>';
    const events = await read([file('page.html.gz', gzipSync(page)), file('misnamed.txt', gzipSync(ARTICLE_TEXT)), FIXTURES.article, file('plain.gz', ARTICLE_TEXT)]);
    expect(documents(events).map((d) => [d.text, d.html])).toEqual([[page, true], [ARTICLE_TEXT, false], [ARTICLE_TEXT, false], [ARTICLE_TEXT, false]]);
  });
});

describe('patterns on the command line', () => {
  for (const name of ['g/a.txt', 'g/b.md', 'g/sub/c.txt', 'g/sub/deep/d.txt', 'g/.hidden.txt', 'g/docs/e.md', 'g/[literal].txt']) file(name, name);
  const walk = async (inputs: string[], options: WalkOptions = {}) => {
    const out: string[] = [];
    for await (const e of walkInputs(inputs, options)) out.push(e.kind === 'file' ? e.path.replace(dir + '/', '') : e.kind === 'error' ? `error: ${e.path.replace(dir + '/', '')}: ${(e.error as Error).message}` : '-');
    return out;
  };

  it('a pattern that names no path is expanded in name order; "**" goes deep, "*" one level', async () => {
    expect(await walk([join(dir, 'g/*.txt')])).toEqual(['g/[literal].txt', 'g/a.txt']);
    expect(await walk([join(dir, 'g/**/*.txt')])).toEqual(['g/[literal].txt', 'g/a.txt', 'g/sub/c.txt', 'g/sub/deep/d.txt']);
    expect(await walk([join(dir, 'g/*/c.txt')])).toEqual(['g/sub/c.txt']);
    expect(await walk([join(dir, 'g/{docs,sub}')])).toEqual(['g/docs/e.md', 'g/sub/c.txt', 'g/sub/deep/d.txt']); // matched directories are walked
    expect(await walk([join(dir, 'g/*.txt')], { hidden: true })).toEqual(['g/.hidden.txt', 'g/[literal].txt', 'g/a.txt']);
    expect(await walk([join(dir, 'g/**/*.txt')], { exclude: ['deep'] })).toEqual(['g/[literal].txt', 'g/a.txt', 'g/sub/c.txt']);
  });

  it('an existing path is never a pattern; a pattern matching nothing is one error', async () => {
    expect(await walk([join(dir, 'g/[literal].txt')])).toEqual(['g/[literal].txt']);
    expect(await walk([join(dir, 'g/*.pdf'), join(dir, 'nowhere/*.txt')])).toEqual([
      'error: g/*.pdf: no such file or directory, and no file matches it as a pattern',
      'error: nowhere/*.txt: no such file or directory, and no file matches it as a pattern',
    ]);
  });

  it('a relative pattern gives relative paths, without "./"', async () => {
    const cwd = process.cwd();
    process.chdir(join(dir, 'g'));
    try {
      expect(await walk(['*.md', 'sub/**/*.txt'])).toEqual(['b.md', 'sub/c.txt', 'sub/deep/d.txt']);
    } finally {
      process.chdir(cwd);
    }
  });
});
