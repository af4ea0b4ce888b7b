// A crawl's worth of WARC, for the corpus job's speed on WARC files: a warcinfo record, then per page a request and
// its response, the pages the HTML tests and benchmarks read (test/support/html-pages.ts: an article between
// navigation, related stories, comments and a footer, about 10 KB each), one in ten a near copy of an earlier page
// (a word changed). Plain, and gzipped record by record as crawlers write .warc.gz. Deterministic for a given page
// count; written once to a cache path and reused.
//
//   npx tsx bench/large-warc.ts [pages] [--gzip]          (default 30,000 pages: about 350 MB plain)
import { closeSync, existsSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { articlePage } from '../test/support/html-pages.js';
import { responseRecord, warcinfoRecord, warcRecord } from '../test/support/format-fixtures.js';

export function largeWarcPath(pages: number, gzip = false): string {
  return join(tmpdir(), `simhash-large-warc-${pages}.warc${gzip ? '.gz' : ''}`);
}

export function largeWarc(pages: number, gzip = false): string {
  const path = largeWarcPath(pages, gzip);
  if (existsSync(path) && statSync(path).size > 0) return path;
  // Under another name until whole: a killed run leaves no file that looks finished.
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w');
  const write = (record: Buffer) => writeSync(fd, gzip ? gzipSync(record) : record);
  try {
    write(warcinfoRecord());
    for (let i = 0; i < pages; i++) {
      const uri = `https://news.example.org/story/${i}`;
      // A near copy: an earlier page with one word changed.
      const copy = i % 10 === 9;
      const html = articlePage(copy ? i - 7 : i, 8 + (i % 8)).html.replace(/<p>(\w+)/, '<p>changed');
      write(warcRecord('request', { 'WARC-Target-URI': uri }, Buffer.from(`GET /story/${i} HTTP/1.1\r\nHost: news.example.org\r\n\r\n`)));
      write(responseRecord(uri, 'text/html; charset=utf-8', copy ? html : articlePage(i, 8 + (i % 8)).html));
    }
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const pages = Number(args.find((a) => !a.startsWith('--')) ?? 30_000);
  const path = largeWarc(pages, args.includes('--gzip'));
  console.log(`${path}: ${(statSync(path).size / 1e6).toFixed(0)} MB`);
}
