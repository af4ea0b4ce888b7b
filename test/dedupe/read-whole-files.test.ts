// Files that are one document each (texts, HTML pages, e-mail messages with --mail) read, decoded and analysed by the
// workers (analysis/file-task.ts, in-order.ts), against the same inputs read and batched on the main thread (the
// streamed read every such file had before): the same documents in the same order, the same skipped files with the
// same reasons at the same place, and the same analysis of each (fingerprints, token counts, digests, sketches, the
// boilerplate sample's sets), at 1, 2 and 3 threads and for tasks of any size, HTML pages by their main content
// included. A Parquet or WARC file under another name (found by its first bytes, by the worker that reads it) is read
// by its reader, in its place.
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../packages/corpus/src/analysis/analyzer.js';
import { analyzeInOrder } from '../../packages/corpus/src/analysis/in-order.js';
import { startAnalysis, type AnalysisOptions } from '../../packages/corpus/src/analysis/read-and-analyze.js';
import { BoilerplateSample } from '../../packages/corpus/src/analysis/boilerplate-sample.js';
import { htmlExtractor, readDocumentBatches, walkInputs, type WalkEntry } from '../../packages/corpus/src/io/index.js';
import { jsonlEdges, kickerPage } from '../support/jsonl-edges.js';
import { articlePage, forumPage } from '../support/html-pages.js';
import { koi8rMessage, latin1Message, MESSAGES, RUSSIAN } from '../support/mail-fixtures.js';
import { conversionRecord, warcinfoRecord, writeParquet, writeWarc } from '../support/format-fixtures.js';
import { collectRun, noting } from '../support/analysis-runs.js';

const root = mkdtempSync(join(tmpdir(), 'simhash-whole-files-'));
const file = (path: string, content: string | Uint8Array) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
  return join(root, path);
};

const words = ['river', 'stone', 'lantern', 'harbour', 'meadow', 'copper', 'violet', 'thunder', 'orchard', 'glacier', 'Grüße', 'naïve', '中文'];
const text = (seed: number, n: number) => Array.from({ length: n }, (_, i) => words[(seed * 7 + i * i + i * seed) % words.length]).join(' ');

// Texts and pages: more files than a task takes, near copies, pages that share a site's lines (by main content, each
// page's text depends on the pages counted before it), and every kind of file that is skipped, between them.
const texts = join(root, 'texts');
for (let i = 0; i < 150; i++) file(`texts/t${String(i).padStart(3, '0')}.txt`, text(i % 40, 30 + (i % 50)));
for (let k = 0; k < 12; k++) file(`texts/p${k}.html`, kickerPage(k, 3));
for (let k = 0; k < 6; k++) file(`texts/q${k}.htm`, forumPage(k).html);
file('texts/page-without-a-name.txt', articlePage(99).html); // sniffed as HTML by auto
file('texts/empty.txt', '');
file('texts/binary.txt', Uint8Array.of(0x61, 0x00, 0x62));
file('texts/latin1.txt', Uint8Array.of(0x63, 0x61, 0x66, 0xe9, 0x20, 0x6f, 0x6b)); // invalid UTF-8: skipped, or replaced
file('texts/zipped.txt.gz', gzipSync(text(3, 60)));
file('texts/t075-broken.txt.gz', gzipSync(text(5, 60)).subarray(0, 20));
file('texts/tail.txt', text(7, 40));

// Messages: every way mail sends the same text, messages skipped (no body, binary), and plain files among them.
const mail = join(root, 'mail');
for (const [name, message] of Object.entries(MESSAGES)) file(`mail/${name}.eml`, message);
file('mail/latin1-8bit.eml', latin1Message('8bit'));
file('mail/latin1-qp.eml', latin1Message('quoted-printable'));
file('mail/koi8r.eml', koi8rMessage(RUSSIAN));
file('mail/binary.eml', Uint8Array.of(0x46, 0x72, 0x00, 0x6d));
file('mail/empty.eml', '');
for (let i = 0; i < 80; i++) file(`mail/m${String(i).padStart(2, '0')}.eml`, `From: a${i}@example.org\r\nSubject: note ${i}\r\nContent-Type: text/plain\r\n\r\n${text(i % 30, 40)}\r\n`);
for (let i = 0; i < 10; i++) file(`mail/h${i}.eml`, `From: b@example.org\r\nContent-Type: text/html\r\n\r\n${kickerPage(i, 2)}\r\n`);

// Containers under other names, between whole files (found by their first bytes), and a JSONL file read by ranges.
const containers = join(root, 'containers');
file('containers/a.txt', text(1, 50));
file('containers/b.jsonl', jsonlEdges(40, 5));
file('containers/c.txt', text(2, 50));
writeWarc(join(containers, 'd-crawl.dat'), [warcinfoRecord(), ...Array.from({ length: 5 }, (_, i) => conversionRecord(`https://example.org/${i}`, text(i, 45)))], false);
file('containers/e.txt', text(3, 50));
file('containers/f.txt', text(4, 50));

// Pages far apart among short texts: a page's text depends on the pages counted up to its batch's end, so which pages
// share a batch depends on where batches are cut, counting the documents the workers analysed.
const spaced = join(root, 'spaced');
for (let k = 0; k < 6; k++) {
  file(`spaced/s${k}-a-page.html`, kickerPage(k, 3));
  for (let i = 0; i < 300; i++) file(`spaced/s${k}-b-${String(i).padStart(3, '0')}.txt`, `a short text, number ${i} after page ${k}`);
}

/** A file walked, then gone before it is read: unreadable, reported by its read error. */
const vanishing = join(texts, 't100-vanishing.txt');

const analyzers = new Map<number, Analyzer>();
beforeAll(async () => {
  await writeParquet(join(containers, 'c2-table.txt'), Array.from({ length: 7 }, (_, i) => ({ id: `row-${i}`, text: text(i + 10, 40), lang: 'en' })), 'SNAPPY', 3);
  for (const threads of [1, 2, 3]) analyzers.set(threads, await createAnalyzer({ threads, engine: 'wasm', shingle: 3 }));
}, 60_000);
afterAll(async () => {
  for (const analyzer of analyzers.values()) await analyzer.close();
  rmSync(root, { recursive: true, force: true });
});

type Options = Omit<AnalysisOptions, 'shingle' | 'engine' | 'threads'>;

async function walked(inputs: string[], options: Options): Promise<WalkEntry[]> {
  const entries: WalkEntry[] = [];
  for await (const entry of walkInputs(inputs, options)) entries.push(entry);
  return entries;
}

/** The streamed read: every file read and batched on the main thread. */
async function streamed(inputs: string[], options: Options) {
  writeFileSync(vanishing, 'walked, then removed');
  const entries = await walked(inputs, options);
  unlinkSync(vanishing);
  const notes: string[][] = [];
  const sample = options.sketches === true ? new BoilerplateSample() : undefined;
  const events = readDocumentBatches(entries, new PassThrough(), options);
  return (await collectRun(analyzeInOrder(events, analyzers.get(1)!, noting(notes), { fingerprintsOnly: false, sample, extractor: htmlExtractor(options.html) }), notes, sample)).result;
}

/** Read by the workers; `main` counts the batches of texts the main thread sent to be analysed. */
async function onWorkers(inputs: string[], options: Options, threads: number, rangeBytes?: number) {
  writeFileSync(vanishing, 'walked, then removed');
  const notes: string[][] = [];
  const analyzer = analyzers.get(threads)!;
  let main = 0;
  const counting: Analyzer = { ...analyzer, threads: analyzer.threads, analyze: (inputs, o) => (main++, analyzer.analyze(inputs, o)) };
  const run = await startAnalysis(inputs, new PassThrough(), { ...options, shingle: 3, engine: 'wasm', threads, rangeBytes }, noting(notes), counting);
  unlinkSync(vanishing);
  return { result: (await collectRun(run.batches(), notes, run.sample)).result, main };
}

const BASE = { mail: false, invalidUtf8: 'skip' } as const;
const CASES: [string, string[], Options][] = [
  ['texts and pages, pages by their main content (the default), with sketches', [texts], { ...BASE, html: 'auto', sketches: true }],
  ['texts and pages, pages by their visible text', [texts], { ...BASE, html: 'auto-text' }],
  ['texts, no HTML, invalid UTF-8 replaced, with sketches', [texts], { ...BASE, html: 'off', invalidUtf8: 'replace', sketches: true }],
  ['every text as HTML by its main content', [texts], { ...BASE, html: 'main' }],
  ['--mail, HTML bodies by their main content, with sketches', [mail], { ...BASE, mail: true, html: 'auto', sketches: true }],
  ['--mail, no HTML', [mail], { ...BASE, mail: true, html: 'off' }],
  ['--mail, HTML bodies by their visible text', [mail, texts], { ...BASE, mail: true, html: 'auto-text', invalidUtf8: 'replace' }],
];

describe('whole files read on the workers', () => {
  it.each(CASES)('give what the streamed read gives, at 1, 2 and 3 threads and tasks of any size (%s)', async (_name, inputs, options) => {
    const want = await streamed(inputs, options);
    expect(want.documents.length).toBeGreaterThan(80);
    expect(want.notes.map(([, source]) => source)).toContain(inputs[0] === mail ? join(mail, 'binary.eml') : join(texts, 'binary.txt'));
    if (inputs.includes(texts)) expect(want.notes.filter(([, source]) => source === vanishing)).toHaveLength(1);
    for (const threads of [1, 2, 3]) {
      for (const rangeBytes of [997, undefined]) {
        const got = await onWorkers(inputs, options, threads, rangeBytes);
        expect(got.result, `${threads} threads, tasks cut at ${rangeBytes ?? 'default'} bytes`).toEqual(want);
        // The workers analysed every document, except (by main content) those of the tasks that hold a page.
        if (options.html === 'off' || options.html === 'auto-text') expect(got.main).toBe(0);
        else expect(got.main).toBeGreaterThan(0);
      }
    }
  }, 240_000);

  it('cuts batches where the main thread does, so pages by main content get the same repeated lines', async () => {
    const options = CASES[0][2];
    const want = await streamed([spaced], options);
    for (const threads of [1, 2]) {
      for (const rangeBytes of [997, undefined]) {
        const got = await onWorkers([spaced], options, threads, rangeBytes);
        expect(got.result, `${threads} threads, tasks cut at ${rangeBytes ?? 'default'} bytes`).toEqual(want);
      }
    }
  }, 120_000);

  it('reads a Parquet or WARC file under another name by its reader, in its place, and a JSONL file by ranges between', async () => {
    // The Parquet file's text is in its "body" column (the JSONL file's records then have none: skipped, in order).
    for (const options of [{ ...CASES[0][2], textField: 'body' }, { ...CASES[2][2], textField: 'body' }]) {
      const want = await streamed([containers], options);
      expect(want.notes.map(([, source]) => source)).toContain(join(containers, 'b.jsonl:2'));
      const sources = want.documents.map(([source]) => source as string);
      // The WARC's documents after c2's rows, before e.txt: in walk order.
      expect(sources.findIndex((s) => s.includes('c2-table'))).toBeGreaterThan(sources.indexOf(join(containers, 'c.txt')));
      expect(sources.findIndex((s) => s.includes('d-crawl'))).toBeGreaterThan(sources.findIndex((s) => s.includes('c2-table')));
      expect(sources.indexOf(join(containers, 'e.txt'))).toBeGreaterThan(sources.findIndex((s) => s.includes('d-crawl')));
      for (const threads of [1, 2, 3]) {
        for (const rangeBytes of [997, undefined]) {
          const got = await onWorkers([containers], options, threads, rangeBytes);
          expect(got.result, `${threads} threads, tasks cut at ${rangeBytes ?? 'default'} bytes`).toEqual(want);
        }
      }
    }
  }, 120_000);
});
