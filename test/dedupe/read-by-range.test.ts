// Plain JSONL files read by the workers, a byte range each (analysis/in-order.ts, range-task.ts), against the same
// inputs read and batched on the main thread (the streamed read every input had before): the same documents
// (source, id, bytes, the number to keep by) in the same order, the same skipped lines and flagged records in the
// same order, and the same analysis of each (fingerprints, token counts, digests, sketches, the boilerplate sample's
// sets), at 1, 2 and 3 threads and for ranges cut anywhere, HTML pages by their main content included.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyzer, type Analyzer } from '../../packages/corpus/src/analysis/analyzer.js';
import { analyzeInOrder } from '../../packages/corpus/src/analysis/in-order.js';
import { startAnalysis, type AnalysisOptions } from '../../packages/corpus/src/analysis/read-and-analyze.js';
import { BoilerplateSample } from '../../packages/corpus/src/analysis/boilerplate-sample.js';
import { htmlExtractor, readDocumentBatches, walkInputs } from '../../packages/corpus/src/io/index.js';
import { jsonlEdges, kickerPage } from '../support/jsonl-edges.js';
import { collectRun, noting } from '../support/analysis-runs.js';
import { articlePage } from '../support/html-pages.js';

const dir = mkdtempSync(join(tmpdir(), 'simhash-ranges-'));
const file = (name: string, content: string | Uint8Array) => {
  writeFileSync(join(dir, name), content);
  return join(dir, name);
};
// It starts with more than a range of lines that are no documents: a range that gives none.
const edges = file('edges.jsonl', Buffer.concat([Buffer.from('{"id": "no text"}\n\n'.repeat(100)), jsonlEdges(600)]));
// Inputs the main thread reads (a page, a compressed JSONL file, a file that is not there) between JSONL files.
const mixed = [
  file('a.jsonl', jsonlEdges(80, 11)),
  file('page.html', articlePage(5).html),
  file('b.jsonl.gz', gzipSync(jsonlEdges(60, 12))),
  join(dir, 'missing.jsonl'),
  file('c.jsonl', jsonlEdges(90, 13)),
];

// Pages whose text depends on the pages counted up to their batch's end, far apart among short records: which pages
// share a batch depends on where the batches are cut, counting the records the workers read.
const spaced = file('spaced.jsonl', Array.from({ length: 6 }, (_, k) => [
  JSON.stringify({ id: `page-${k}`, text: kickerPage(k, 3) }),
  ...Array.from({ length: 300 }, (_, i) => JSON.stringify({ id: `short-${k}-${i}`, text: `a short record, number ${i} after page ${k}` })),
].join('\n')).join('\n'));

const analyzers = new Map<number, Analyzer>();
beforeAll(async () => {
  for (const threads of [1, 2, 3]) analyzers.set(threads, await createAnalyzer({ threads, engine: 'wasm', shingle: 3 }));
}, 60_000);
afterAll(async () => {
  for (const analyzer of analyzers.values()) await analyzer.close();
  rmSync(dir, { recursive: true, force: true });
});

type Options = Omit<AnalysisOptions, 'shingle' | 'engine' | 'threads'>;

/** Standard input holding `content` (empty by default). */
function stdinOf(content?: Uint8Array): PassThrough {
  const stream = new PassThrough();
  stream.end(content);
  return stream;
}

/** The streamed read, every input read and batched on the main thread. */
async function streamed(inputs: string[], options: Options, stdin?: Uint8Array) {
  const notes: string[][] = [];
  const events = readDocumentBatches(walkInputs(inputs, options), stdinOf(stdin), options);
  const sample = options.sketches === true ? new BoilerplateSample() : undefined;
  return (await collectRun(analyzeInOrder(events, analyzers.get(1)!, noting(notes), { fingerprintsOnly: false, sample, extractor: htmlExtractor(options.html) }), notes, sample)).result;
}

async function byRanges(inputs: string[], options: Options, threads: number, rangeBytes?: number, stdin?: Uint8Array) {
  const notes: string[][] = [];
  const run = await startAnalysis(inputs, stdinOf(stdin), { ...options, shingle: 3, engine: 'wasm', threads, rangeBytes }, noting(notes), analyzers.get(threads));
  return collectRun(run.batches(), notes, run.sample);
}

const BASE = { mail: false, invalidUtf8: 'skip' } as const;
const CASES: [string, Options][] = [
  ['HTML pages by their main content (the default), with sketches', { ...BASE, html: 'auto', sketches: true }],
  ['HTML pages by their visible text, on the workers', { ...BASE, html: 'auto-text' }],
  ['no HTML, invalid UTF-8 replaced, with sketches', { ...BASE, html: 'off', invalidUtf8: 'replace', sketches: true }],
  ['nested fields', { ...BASE, html: 'off', textField: 'body.text', idField: 'meta.id' }],
  ['a number to keep by, some records flagged', { ...BASE, html: 'auto', keepField: 'score' }],
];

describe('JSONL read by range on the workers', () => {
  it.each(CASES)('gives what the streamed read gives, at 1, 2 and 3 threads and ranges of any size (%s)', async (_name, options) => {
    const want = await streamed([edges], options);
    expect(want.documents.length).toBeGreaterThan(20);
    if (options.sketches === true) expect([want.sketches.length, want.sampled.length]).toEqual([32 * want.documents.length, want.documents.length]);
    expect(want.notes.length).toBeGreaterThan(20);
    for (const threads of [1, 2, 3]) {
      for (const rangeBytes of [997, 16_384, undefined]) {
        const got = await byRanges([edges], options, threads, rangeBytes);
        expect(got.result, `${threads} threads, ranges of ${rangeBytes ?? 'default'} bytes`).toEqual(want);
        // The workers analysed every document, except (by main content) those of the ranges that hold a page.
        if (options.html !== 'auto') expect(got.ranged).toBe(want.documents.length);
        else if (rangeBytes === 997) expect(got.ranged).toBeGreaterThan(want.documents.length / 2);
      }
    }
  }, 120_000);

  it('cuts batches where the main thread does, so pages by main content get the same repeated lines', async () => {
    const options = CASES[0][1];
    const want = await streamed([spaced], options);
    for (const threads of [1, 2]) {
      const got = await byRanges([spaced], options, threads, 997);
      expect(got.result, `${threads} threads`).toEqual(want);
      expect(got.ranged).toBeGreaterThan(want.documents.length / 2);
    }
  }, 60_000);

  it('keeps the order of inputs the main thread reads between JSONL files, and reports them in order', async () => {
    for (const options of [CASES[0][1], CASES[2][1], CASES[4][1]]) {
      const want = await streamed(mixed, options);
      expect(want.notes.map(([, source]) => source)).toContain(join(dir, 'missing.jsonl'));
      for (const threads of [1, 2, 3]) {
        const got = await byRanges(mixed, options, threads, 2_000);
        expect(got.result, `${threads} threads`).toEqual(want);
        expect(got.ranged).toBeGreaterThan(0);
      }
    }
  }, 120_000);

  it('reads compressed JSONL and standard input in blocks of whole lines on the workers, a failing stream too', async () => {
    const content = Buffer.concat([Buffer.from('{"id": "no text"}\n\n'.repeat(30)), jsonlEdges(400, 21)]);
    const gzipped = gzipSync(content);
    const compressed = [file('edges.jsonl.gz', gzipped), file('cut.jsonl.gz', gzipped.subarray(0, Math.floor(gzipped.length * 0.6)))];
    for (const options of [CASES[0][1], CASES[2][1], CASES[4][1]]) {
      for (const [inputs, stdin] of [[compressed, undefined], [['-'], content], [['-', compressed[0]], gzipped]] as const) {
        const want = await streamed([...inputs], options, stdin);
        expect(want.documents.length).toBeGreaterThan(100);
        for (const threads of [1, 2, 3]) {
          for (const rangeBytes of [997, undefined]) {
            const got = await byRanges([...inputs], options, threads, rangeBytes, stdin);
            expect(got.result, `${inputs.join(' ')}: ${threads} threads, blocks of ${rangeBytes ?? 'default'} bytes`).toEqual(want);
            // One thread parses a stream as it comes (blocks would only add copies); more hand every line to the workers.
            if (options.html !== 'auto') expect(got.ranged).toBe(threads === 1 ? 0 : want.documents.length);
          }
        }
      }
    }
    // The cut stream's documents before the failure are read, then the failure is reported.
    const cut = await streamed([compressed[1]], CASES[2][1]);
    expect(cut.documents.length).toBeGreaterThan(10);
    expect(cut.notes.at(-1)?.[1]).toBe(compressed[1]);
  }, 180_000);
});
