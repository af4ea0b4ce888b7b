// Plain WARC and WET files read by the workers, a span of whole records each (io/formats/warc-spans.ts,
// analysis/warc-task.ts, in-order.ts), against the same inputs read and batched on the main thread (the streamed read
// every WARC file had before, and still has when gzipped and in a second pass): the same documents in the same order
// with the same names (`path:offset N`), the same records skipped, the same reports of damaged and truncated files,
// the same analysis of each, and then the same groups, clusters file and kept corpus, at 1, 2 and 3 threads and for
// spans of any size: pages by their main content and by their visible text, WET conversion records, a record warcio
// reads past its end (its span is read again as a stream), a WARC file under another name among whole files.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analyzer } from '../../packages/corpus/src/analysis/analyzer.js';
import { article, edit } from '../support/dedupe-fixture.js';
import { kickerPage } from '../support/jsonl-edges.js';
import { readFixture, type ReadOptions } from '../support/read-differential.js';
import { conversionRecord, responseRecord, warcinfoRecord, warcRecord, writeWarc } from '../support/format-fixtures.js';

const fixture = readFixture('simhash-warc-');
const { root, at } = fixture;

const page = (text: string) => `<html><head><title>t</title></head><body><nav>Home | News | About</nav><article><p>${text}</p></article><footer>All rights reserved.</footer></body></html>`;

/**
 * Response records of every kind: families of near-copy pages among unrelated ones, exact copies, pages sharing a
 * site's kicker (their main content depends on the pages before), plain text, an image, a page in Latin-1, one in a
 * charset no decoder knows, one not UTF-8, an empty body, and the records that hold no document (warcinfo, request,
 * metadata, revisit), seeded by `seed`.
 */
function crawlRecords(seed: number, n: number): Buffer[] {
  const records = [warcinfoRecord()];
  for (let i = 0; i < n; i++) {
    const uri = `https://example.org/${seed}/${i}`;
    const text = i < 17 || i % 7 === 3 ? article(seed * 100 + (i % 17)) : edit(article(seed * 100 + (i % 17)), [(i * 13) % 150, (i * 29) % 150]);
    switch (i % 20) {
      case 4: records.push(responseRecord(uri, 'text/plain', text)); break;
      case 6: records.push(responseRecord(uri, 'image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]))); break;
      case 8: records.push(responseRecord(uri, 'text/html; charset=iso-8859-1', Buffer.concat([Buffer.from(page(`Caf`)), Buffer.from([0xe9]), Buffer.from(page(text))]))); break;
      case 10: records.push(responseRecord(uri, 'text/html; charset=x-nothing', page(text))); break;
      case 12: records.push(responseRecord(uri, 'text/html', Buffer.concat([Buffer.from(page(text)), Buffer.from([0xff, 0xfe])]))); break;
      case 13: records.push(responseRecord(uri, 'text/html', '')); break;
      case 14: records.push(kickerRecord(uri, seed * 1000 + i)); break;
      case 15: records.push(warcRecord('request', { 'WARC-Target-URI': uri }, Buffer.from('GET / HTTP/1.1\r\n\r\n'))); break;
      case 16: records.push(warcRecord('metadata', { 'WARC-Target-URI': uri }, Buffer.from('via: nowhere\r\n'))); break;
      case 17: records.push(warcRecord('resource', { 'WARC-Target-URI': uri, 'Content-Type': 'text/html' }, Buffer.from(page(text)))); break;
      default: records.push(responseRecord(uri, 'text/html; charset=utf-8', page(text)));
    }
  }
  return records;
}

function kickerRecord(uri: string, seed: number): Buffer {
  return responseRecord(uri, 'text/html', kickerPage(seed, 3));
}

const pages = at('pages.warc');
const wet = at('pages.wet');
const gzipped = at('pages.warc.gz');
/** Records, then bytes that are no record: with a blank line, then without one. */
const trailing = at('trailing.warc');
const tail = at('tail.warc');
/** A record without the blank lines that end it, among others: warcio names the next record by the offset of this one. */
const unterminated = at('unterminated.warc');
/** Cut short in the middle of a record's block. */
const truncated = at('truncated.warc');
/** Cut short in the middle of a record's header. */
const cutHeader = at('cut-header.warc');
/** A response whose HTTP headers do not end within its block: warcio reads past it, where the scan did not. */
const misframed = at('misframed.warc');
/** A WARC file under another name among whole files. */
const mixed = at('mixed');

beforeAll(async () => {
  const records = crawlRecords(1, 120);
  writeWarc(pages, records, false);
  writeWarc(gzipped, records, true);
  writeWarc(wet, [warcinfoRecord(), ...Array.from({ length: 60 }, (_, i) => conversionRecord(`https://example.org/wet/${i}`, i % 5 === 0 ? edit(article(700 + (i % 9)), [i]) : article(700 + (i % 9))))], false);
  const some = Buffer.concat(crawlRecords(2, 30));
  writeFileSync(trailing, Buffer.concat([some, Buffer.from('this is garbage, not a record\r\n\r\nmore of it\r\n')]));
  writeFileSync(tail, Buffer.concat([some, Buffer.from('xyz')]));
  const open = conversionRecord('https://example.org/open', article(5));
  writeFileSync(unterminated, Buffer.concat([...crawlRecords(5, 30), open.subarray(0, open.length - 4), ...crawlRecords(6, 30).slice(1)]));
  const bytes = readFileSync(pages);
  writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
  const headerAt = bytes.indexOf('WARC/1.0', Math.floor(bytes.length * 0.4));
  writeFileSync(cutHeader, bytes.subarray(0, headerAt + 40));
  const broken = warcRecord('response', { 'WARC-Target-URI': 'https://example.org/broken' }, Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Cut: short'));
  writeFileSync(misframed, Buffer.concat([...crawlRecords(3, 40), broken, ...crawlRecords(4, 40)]));
  mkdirSync(mixed);
  writeFileSync(join(mixed, 'a.txt'), article(900));
  copyFileSync(pages, join(mixed, 'b-crawl.dat')); // WARC by its first bytes alone, found by the worker that reads it
  copyFileSync(gzipped, join(mixed, 'c-crawl.dat'));
  writeFileSync(join(mixed, 'd.txt'), edit(article(900), [3]));
  await fixture.start();
}, 60_000);

afterAll(fixture.end);

type Options = ReadOptions;

/** The streamed read: every WARC file read and batched on the main thread. */
const streamed = (inputs: string[], options: Options) => fixture.streamed(inputs, options, false);

/** Read by the workers, a span of records a task; `spans` counts the tasks by file, `unframed` those that came back so. */
async function onWorkers(inputs: string[], options: Options, threads: number, rangeBytes?: number) {
  const analyzer = fixture.analyzer(threads);
  const spans = new Map<string, number>();
  let unframed = 0;
  const counting: Analyzer = {
    ...analyzer,
    analyzeWarc: async (records) => {
      spans.set(records.path, (spans.get(records.path) ?? 0) + 1);
      const result = await analyzer.analyzeWarc(records);
      if (result.unframed === true) unframed++;
      return result;
    },
  };
  return { ...(await fixture.onWorkers(inputs, options, counting, rangeBytes, false)), spans, unframed };
}

const BASE = { mail: false, invalidUtf8: 'skip', sketches: true } as const;
const CASES: [string, string[], Options][] = [
  ['pages by their main content, the same gzipped, WET', [pages, gzipped, wet], { ...BASE, html: 'auto' }],
  ['pages by their visible text, bytes after the records, truncated in a block and in a header, a record not ended', [pages, trailing, tail, truncated, cutHeader, unterminated], { ...BASE, html: 'text' }],
  ['a record warcio reads past its end, invalid UTF-8 replaced', [misframed, wet], { ...BASE, html: 'auto-text', invalidUtf8: 'replace' }],
  ['a WARC file under another name among whole files', [mixed], { ...BASE, html: 'auto' }],
];

describe('WARC read by spans of records on the workers', () => {
  it.each(CASES)('gives the documents, reports, groups, clusters file and kept corpus of the streamed read, at 1, 2 and 3 threads and spans of any size (%s)', async (_name, inputs, options) => {
    const want = await streamed(inputs, options);
    expect(want.analysis.documents.length).toBeGreaterThan(50);
    expect(want.outputs.groups.length).toBeGreaterThan(3);
    expect(want.outputs.verifiedPairs).toBeGreaterThan(0);
    for (const threads of [1, 2, 3]) {
      // 997 bytes: a span a record or two; the default: a span of a megabyte, the whole of these files.
      for (const rangeBytes of [997, undefined]) {
        const { spans, ...got } = await onWorkers(inputs, options, threads, rangeBytes);
        const label = `${threads} threads, spans of ${rangeBytes ?? 'default'} bytes`;
        expect(got.analysis, label).toEqual(want.analysis);
        expect(got.outputs, label).toEqual(want.outputs);
        expect(spans.size, label).toBeGreaterThan(0);
        // The workers analysed the records themselves, but for (by main content) the spans that hold a page.
        if (options.html !== 'auto') expect(got.ranged, label).toBeGreaterThan(want.analysis.documents.length / 3);
      }
    }
  }, 240_000);

  it('cuts a file into spans of whole records; a gzipped one is read as a stream', async () => {
    const { spans, unframed } = await onWorkers([pages, gzipped, wet], CASES[0][2], 2, 997);
    // 121 records of about a kilobyte, spans of about 4 KB.
    expect(spans.get(pages)).toBeGreaterThan(20);
    expect(spans.get(wet)).toBeGreaterThan(5);
    expect(spans.has(gzipped)).toBe(false);
    expect(unframed).toBe(0);
    expect((await onWorkers([pages], CASES[0][2], 2)).spans.get(pages)).toBe(1);
  }, 60_000);

  it('reads on as a stream from a span warcio did not read where the scan found its records', async () => {
    const { spans, unframed, analysis } = await onWorkers([misframed], CASES[2][2], 2, 997);
    expect(unframed).toBe(1);
    expect(spans.get(misframed)).toBeGreaterThan(5);
    expect(analysis.documents.length).toBeGreaterThan(40);
  }, 60_000);

  it('reports damaged and truncated files as the streamed read does, by the offset of the record', async () => {
    const want = await streamed(CASES[1][1], CASES[1][2]);
    const { analysis } = await onWorkers(CASES[1][1], CASES[1][2], 2, 997);
    expect(analysis.notes).toEqual(want.analysis.notes);
    const notes = analysis.notes.map(([kind, source, reason]) => `${kind} ${source.slice(root.length + 1)}: ${reason}`);
    const some = Buffer.concat(crawlRecords(2, 30)).length;
    for (const name of ['trailing', 'tail']) expect(notes).toContain(`skipped ${name}.warc:offset ${some}: not a WARC record (its header has no WARC-Type)`);
    expect(notes).toContain(`skipped pages.warc:offset ${Buffer.concat(crawlRecords(1, 10)).length}: unknown charset "x-nothing" in its Content-Type`);
    expect(notes).toContainEqual(expect.stringMatching(/^skipped pages\.warc:offset \d+: not valid UTF-8 \(byte 0xff at offset \d+ of the payload; --invalid-utf8 replace reads it anyway\)$/));
    // Truncated, in a block or in a header: warcio reads what there is without a word, before as now.
    const sources = analysis.documents.map(([source]) => (source as string).slice(root.length + 1));
    expect(sources.filter((source) => source.startsWith('truncated.warc')).length).toBeGreaterThan(sources.filter((source) => source.startsWith('cut-header.warc')).length);
    // The record after the one not ended is named by that one's offset, as warcio has always named it.
    const names = sources.filter((source) => source.startsWith('unterminated.warc'));
    expect(new Set(names).size).toBe(names.length - 1);
  }, 60_000);
});
