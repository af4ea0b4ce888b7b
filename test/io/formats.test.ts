// The container formats dedupe reads, on fixtures built here: Parquet (snappy and zstd, several row groups), WARC and
// WET (plain and per-record gzip), CSV and TSV (quoted fields with delimiters, quotes and line breaks); the fields
// chosen by --text-field and --id-field; bad records reported by file and record while the rest go on; and files
// recognised by their magic bytes whatever they are called.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocuments, walkInputs, type DocumentEvent, type DocumentOptions, type WalkOptions } from '../../packages/corpus/src/io/index.js';
import { runInProcess } from '../support/cli.js';
import { conversionRecord, responseRecord, warcinfoRecord, warcRecord, writeParquet, writeWarc, type Row } from '../support/format-fixtures.js';

const dir = mkdtempSync(join(tmpdir(), 'simhash-formats-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const at = (name: string) => join(dir, name);
const OPTIONS: DocumentOptions & WalkOptions = { html: 'auto', mail: false, invalidUtf8: 'skip', include: [], exclude: [], hidden: false };

async function read(paths: string[], options: Partial<DocumentOptions> = {}): Promise<DocumentEvent[]> {
  const all = { ...OPTIONS, ...options };
  const events: DocumentEvent[] = [];
  for await (const event of readDocuments(walkInputs(paths, all), new PassThrough(), all)) events.push(event);
  return events;
}
const documents = (events: DocumentEvent[]) => events.flatMap((e) => (e.kind === 'document' ? [e.document] : []));
const skipped = (events: DocumentEvent[]) => events.flatMap((e) => (e.kind === 'skipped' ? [[e.source.replace(`${dir}/`, ''), e.reason]] : []));
const progress = (events: DocumentEvent[]) => events.reduce((sum, e) => sum + (e.kind === 'progress' ? e.bytes : 0), 0);

const ROWS: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: `row-${i}`, text: i === 17 ? null : `document number ${i} with some words of its own`, lang: i % 2 === 0 ? 'en' : 'de' }));

describe('Parquet', () => {
  beforeAll(async () => {
    await writeParquet(at('snappy.parquet'), ROWS, 'SNAPPY', 10);
    await writeParquet(at('zstd.parquet'), ROWS, 'ZSTD', 10);
  });

  it.each(['snappy', 'zstd'])('%s, three row groups: every row in order, text and id by field, the row as the record', async (codec) => {
    const events = await read([at(`${codec}.parquet`)], { textField: 'body', idField: 'doc_id' });
    const docs = documents(events);
    expect(docs.map((d) => d.id)).toEqual(ROWS.filter((r) => r.text !== null).map((r) => r.id));
    expect(docs.map((d) => d.text)).toEqual(ROWS.flatMap((r) => (r.text === null ? [] : [r.text])));
    expect(docs[1].record).toEqual({ doc_id: 'row-1', body: ROWS[1].text, lang: 'de' });
    expect(docs[0].source).toBe(`${at(`${codec}.parquet`)}:row 1`);
    // The row without text is reported by its number, and the rest go on.
    expect(skipped(events)).toEqual([[`${codec}.parquet:row 18`, '"body" must be a string, got null']]);
    expect(progress(events)).toBe((await import('node:fs')).statSync(at(`${codec}.parquet`)).size);
  });

  it('is recognised by its magic bytes under any name; a damaged file is reported, not thrown', async () => {
    copyFileSync(at('snappy.parquet'), at('renamed.jsonl'));
    copyFileSync(at('snappy.parquet'), at('renamed.txt'));
    for (const name of ['renamed.jsonl', 'renamed.txt']) expect(documents(await read([at(name)], { textField: 'body' }))).toHaveLength(24);
    writeFileSync(at('broken.parquet'), Buffer.from('PAR1 this is not really parquet PAR1'));
    const broken = await read([at('broken.parquet')]);
    expect(skipped(broken)[0][0]).toBe('broken.parquet');
    expect(skipped(broken)[0][1]).toMatch(/not a readable Parquet file/);
  });
});

describe('WARC and WET', () => {
  const latin1Page = Buffer.concat([Buffer.from('<html><body><p>Caf'), Buffer.from([0xe9]), Buffer.from(' au lait, a page in Latin-1 with enough words.</p></body></html>')]);
  const records = [
    warcinfoRecord(),
    responseRecord('https://example.org/a', 'text/html; charset=utf-8', '<html><head><title>A</title></head><body><nav>Home</nav><p>The first page of the crawl, its article text.</p></body></html>'),
    warcRecord('request', { 'WARC-Target-URI': 'https://example.org/a' }, Buffer.from('GET /a HTTP/1.1\r\n\r\n')),
    responseRecord('https://example.org/logo.png', 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1])),
    responseRecord('https://example.org/b', 'text/html; charset=iso-8859-1', latin1Page),
    responseRecord('https://example.org/c.txt', 'text/plain', 'A plain text file served over HTTP.'),
  ];

  it.each([false, true])('gzip %s: response records (HTTP headers stripped, charset decoded, HTML extracted), no request, image or warcinfo', async (gzip) => {
    const name = gzip ? 'crawl.warc.gz' : 'crawl.warc';
    writeWarc(at(name), records, gzip);
    const events = await read([at(name)]);
    const docs = documents(events);
    expect(docs.map((d) => d.id)).toEqual(['https://example.org/a', 'https://example.org/b', 'https://example.org/c.txt']);
    expect(docs.map((d) => d.html)).toEqual([true, true, false]);
    expect(docs[0].text).not.toMatch(/HTTP\/1\.1|Content-Type/);
    expect(docs[1].text).toContain('Café au lait');
    expect(docs[2].text).toBe('A plain text file served over HTTP.');
    expect(skipped(events)).toEqual([]);
  });

  it('WET: conversion records are the pages\' text; a renamed WARC is still a WARC', async () => {
    writeWarc(at('crawl.wet'), [warcinfoRecord(), conversionRecord('https://example.org/a', 'First page text.'), conversionRecord('https://example.org/b', 'Second page text.')], false);
    copyFileSync(at('crawl.wet'), at('crawl-renamed.dat'));
    for (const name of ['crawl.wet', 'crawl-renamed.dat']) {
      const docs = documents(await read([at(name)]));
      expect(docs.map((d) => [d.id, d.text, d.html])).toEqual([['https://example.org/a', 'First page text.', false], ['https://example.org/b', 'Second page text.', false]]);
    }
  });

  it('bytes after the last record that are no WARC record are reported by their offset; the records before are kept', async () => {
    const good = conversionRecord('https://example.org/a', 'Kept text.');
    writeFileSync(at('damaged.warc'), Buffer.concat([good, Buffer.from('this is garbage, not a record\r\n\r\nmore of it\r\n')]));
    const events = await read([at('damaged.warc')]);
    expect(documents(events).map((d) => d.text)).toEqual(['Kept text.']);
    expect(skipped(events)).toEqual([[`damaged.warc:offset ${good.length}`, 'not a WARC record (its header has no WARC-Type)']]);
  });

  it('a .warc.gz cut inside its last record: that record reported by its offset, with the bytes it had; the records before kept', async () => {
    const members = [conversionRecord('https://example.org/a', 'Kept text.'), conversionRecord('https://example.org/b', 'Also kept.'), conversionRecord('https://example.org/c', 'Cut short.')].map((r) => gzipSync(r));
    const whole = Buffer.concat(members);
    const start = members[0].length + members[1].length;
    for (const cut of [start + 10, whole.length - 8]) {
      writeFileSync(at('cut.warc.gz'), whole.subarray(0, cut));
      const events = await read([at('cut.warc.gz')]);
      expect(documents(events).map((d) => d.text)).toEqual(['Kept text.', 'Also kept.']);
      expect(skipped(events)).toEqual([[`cut.warc.gz:offset ${start}`, `${cut - start} bytes after the last whole record are a record cut short, not read`]]);
    }
    writeFileSync(at('whole.warc.gz'), whole);
    const events = await read([at('whole.warc.gz')]);
    expect(documents(events).map((d) => d.text)).toEqual(['Kept text.', 'Also kept.', 'Cut short.']);
    expect(skipped(events)).toEqual([]);
  });
});

describe('CSV and TSV', () => {
  const CSV = 'doc_id,body,lang\r\n1,"Hello, world: a field with a comma",en\r\n2,"She said ""hi"" and left",en\r\n3,"A field\r\nover two lines",de\r\n4,,fr\r\n5,"too",many,fields\r\n6,Last row,en\r\n';

  it('quoted fields keep their commas, quotes and line breaks; bad rows are reported by line; --text-field picks the column', async () => {
    // Line numbers on LF: csv-parse 7 counts a CRLF inside a quoted field as two lines (CRLF files are read alike).
    writeFileSync(at('rows.csv'), CSV.replace(/\r\n/g, '\n'));
    writeFileSync(at('rows-crlf.csv'), CSV);
    const crlf = documents(await read([at('rows-crlf.csv')], { textField: 'body', idField: 'doc_id' }));
    expect(crlf.map((d) => d.text)).toEqual(['Hello, world: a field with a comma', 'She said "hi" and left', 'A field\r\nover two lines', 'Last row']);
    const events = await read([at('rows.csv')], { textField: 'body', idField: 'doc_id' });
    const docs = documents(events);
    expect(docs.map((d) => [d.id, d.text])).toEqual([['1', 'Hello, world: a field with a comma'], ['2', 'She said "hi" and left'], ['3', 'A field\nover two lines'], ['6', 'Last row']]);
    expect(docs[0].record).toEqual({ doc_id: '1', body: 'Hello, world: a field with a comma', lang: 'en' });
    expect(docs[2].source).toBe(`${at('rows.csv')}:4`);
    expect(skipped(events).map(([source]) => source)).toEqual(['rows.csv:6', 'rows.csv:7']);
    expect(skipped(events)[0][1]).toBe('empty "body"');
  });

  it('TSV, and CSV compressed; a header without the text column says which columns it has', async () => {
    writeFileSync(at('rows.tsv'), 'id\ttext\na\tfirst, with a comma\nb\tsecond\n');
    expect(documents(await read([at('rows.tsv')])).map((d) => [d.id, d.text])).toEqual([['a', 'first, with a comma'], ['b', 'second']]);
    writeFileSync(at('rows.csv.gz'), gzipSync(CSV));
    expect(documents(await read([at('rows.csv.gz')], { textField: 'body' }))).toHaveLength(4);
    const missing = await read([at('rows.csv')]);
    expect(skipped(missing)).toHaveLength(1);
    expect(skipped(missing)[0][1]).toMatch(/no column "text" in the header \(it has "doc_id", "body", "lang"/);
  });
});

describe('the command line reads them too', () => {
  it('dedupe over Parquet, WARC and CSV finds the same text in all three as exact copies', async () => {
    const text = 'one text that is the same in three containers, long enough to compare with the others at all twenty tokens and more';
    await writeParquet(at('same.parquet'), [{ id: 'p', text, lang: 'en' }], 'SNAPPY', 10);
    writeWarc(at('same.warc'), [responseRecord('https://example.org/same', 'text/plain', text)], false);
    writeFileSync(at('same.csv'), `id,text\nc,"${text}"\n`);
    const run = await runInProcess(['dedupe', '--format', 'json', '--threads', '1', '--text-field', 'body', at('same.parquet'), '-q']);
    expect(run.code, run.stderr).toBe(0);
    const all = await runInProcess(['dedupe', '--format', 'json', '--threads', '1', '-q', at('same.warc'), at('same.csv')]);
    const report = JSON.parse(all.stdout) as { groups: { tier: string; members: { id: string }[] }[] };
    expect(report.groups.map((g) => [g.tier, g.members.map((m) => m.id)])).toEqual([['exact', ['https://example.org/same', 'c']]]);
  });
});

describe('JSONL, gzip and zstd, with other field names', () => {
  it('--text-field and --id-field by dotted path read the same records from plain, .gz and .zst files', async () => {
    const { zstdCompressor } = await import('../../packages/corpus/src/io/compression/zstd-compress.js');
    const records = Array.from({ length: 50 }, (_, i) => ({ meta: { url: `https://example.org/${i}` }, content: { body: `record ${i} with its own words` }, extra: i }));
    const jsonl = Buffer.from(records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    writeFileSync(at('other.jsonl'), jsonl);
    writeFileSync(at('other.jsonl.gz'), gzipSync(jsonl));
    writeFileSync(at('other.jsonl.zst'), (await zstdCompressor())(jsonl));
    for (const name of ['other.jsonl', 'other.jsonl.gz', 'other.jsonl.zst']) {
      const docs = documents(await read([at(name)], { textField: 'content.body', idField: 'meta.url' }));
      expect(docs.map((d) => [d.id, d.text]), name).toEqual(records.map((r) => [r.meta.url, r.content.body]));
    }
  });
});
