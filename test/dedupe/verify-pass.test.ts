// The verification's sets of records read back by their place in a JSONL file (dedupe/verify-pass.ts), shingled on
// the first pass's workers (analysis/record-sets-task.ts) or in this thread: each wanted document's set is the set of
// its text, whatever the thread count, and a file changed between the two readings fails the run with one message
// rather than compare another text. Documents read back from their inputs (whole files here, pages among them) have
// their texts extracted and shingled on the same workers: the same sets, in order, with the boilerplate left out.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createAnalyzer } from '../../packages/corpus/src/analysis/analyzer.js';
import { DocumentTable } from '../../packages/corpus/src/analysis/document-table.js';
import { startAnalysis, type AnalysisOptions } from '../../packages/corpus/src/analysis/read-and-analyze.js';
import { shingleHasher, shingleHashes } from '../../packages/corpus/src/analysis/shingle-sets.js';
import { rereadVerification } from '../../packages/corpus/src/dedupe/verify-pass.js';
import { OutputError } from '../../packages/corpus/src/io/write/index.js';
import { htmlMainText } from '../../packages/corpus/src/html/main-text.js';
import { articlePage } from '../support/html-pages.js';
import { lcgUniform } from '../support/random.js';

const dir = mkdtempSync(join(tmpdir(), 'simhash-verify-pass-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Records of random words, some with escapes and non-ASCII text (the worker decodes them as the first pass did). */
function records(n: number, seed: number): string[] {
  const random = lcgUniform(seed);
  const words = ['river', 'stone', 'Grüße', '中文', 'quote"d', 'tab\there', 'line\nbreak', 'lamp', 'window', 'garden'];
  return Array.from({ length: n }, (_, i) => JSON.stringify({ id: `doc-${String(i).padStart(4, '0')}`, text: Array.from({ length: 20 + Math.floor(random() * 60) }, () => words[Math.floor(random() * words.length)]).join(' ') }));
}

const options: AnalysisOptions = { shingle: 3, engine: 'wasm', threads: 1, mail: false, html: 'off', invalidUtf8: 'skip', sketches: true, rangeBytes: 4096 };
const settings = { mode: 'jaccard' as const, threshold: 0.5, shingle: 3 };
const everyThird = (doc: number) => doc % 3 === 0;

/** The first pass over `path` at `threads`, and the verification on its threads, for the caller to read sets from. */
async function verificationAfterReading(path: string, threads: number) {
  const analyzer = await createAnalyzer({ threads, engine: 'wasm', shingle: 3 });
  const run = await startAnalysis([path], new PassThrough(), { ...options, threads }, { skipped: () => {} }, analyzer);
  const documents = new DocumentTable();
  for await (const batch of run.batches()) documents.addBatch(batch);
  // Read by range, so located: what the verification reads back by its place, on the workers.
  expect(documents.location(0)).toBeDefined();
  expect(documents.allLocated()).toBe(true);
  const verification = rereadVerification({ entries: run.entries, stdin: () => new PassThrough(), options }, run.sample!, settings, analyzer.recordSets);
  return { documents, verification, close: () => analyzer.close() };
}

async function setsOf(verification: Awaited<ReturnType<typeof verificationAfterReading>>): Promise<Map<number, Uint32Array>> {
  const sets = new Map<number, Uint32Array>();
  for await (const { doc, set } of verification.verification.sets(everyThird, verification.documents)) {
    expect(sets.has(doc), `document ${doc} twice`).toBe(false);
    sets.set(doc, set);
  }
  return sets;
}

describe('the verification reads records back on the first pass\'s threads', () => {
  const lines = records(1200, 4);
  const path = join(dir, 'records.jsonl');
  writeFileSync(path, lines.join('\n') + '\n');

  it('gives each wanted document the set of its text, at 1, 2 and 3 threads', async () => {
    const hasher = shingleHasher(settings);
    const want = new Map(lines.map((line, doc) => [doc, shingleHashes(hasher, JSON.parse(line).text)] as const).filter(([doc]) => everyThird(doc)));
    for (const threads of [1, 2, 3]) {
      const pass = await verificationAfterReading(path, threads);
      try {
        expect(await setsOf(pass), `${threads} threads`).toEqual(want);
      } finally {
        await pass.close();
      }
    }
  }, 60_000);

  it('fails with one message when a record changed between the readings, at 1 and 2 threads', async () => {
    for (const threads of [1, 2]) {
      const changing = join(dir, `changing-${threads}.jsonl`);
      writeFileSync(changing, lines.join('\n') + '\n');
      const pass = await verificationAfterReading(changing, threads);
      try {
        // Document 900's id changes, its length does not: only the id check can tell.
        writeFileSync(changing, readFileSync(changing, 'utf8').replace('"doc-0900"', '"doc-X900"'));
        const error = await setsOf(pass).catch((caught: unknown) => caught);
        expect(error, `${threads} threads`).toBeInstanceOf(OutputError);
        expect((error as Error).message).toMatch(/changing-\d\.jsonl.* changed while dedupe read it/);
      } finally {
        await pass.close();
      }
    }
  }, 60_000);
});

describe('the verification shingles texts it read back from their inputs on the first pass\'s threads', () => {
  // Text files and pages, as a directory of whole files is read: no document has a place to be read back by.
  const files = join(dir, 'files');
  mkdirSync(files);
  const texts = records(150, 9).map((line) => JSON.parse(line).text as string);
  const inputs = texts.map((text, i) => (i % 4 === 1 ? { name: `page-${String(i).padStart(3, '0')}.html`, text: articlePage(i, 4).html } : { name: `text-${String(i).padStart(3, '0')}.txt`, text }));
  for (const input of inputs) writeFileSync(join(files, input.name), input.text);
  const byName = [...inputs].sort((a, b) => (a.name < b.name ? -1 : 1));
  const pageOptions: AnalysisOptions = { ...options, html: 'main' };
  const hasher = shingleHasher(settings);
  const expected = (without: ReadonlySet<number>) =>
    new Map(byName.flatMap((input, doc) => (everyThird(doc) ? [[doc, shingleHashes(hasher, input.name.endsWith('.html') ? htmlMainText(input.text) : input.text).filter((s) => !without.has(s))] as const] : [])));

  async function setsAfterReading(threads: number, without?: ReadonlySet<number>): Promise<Map<number, Uint32Array>> {
    const analyzer = await createAnalyzer({ threads, engine: 'wasm', shingle: 3 });
    try {
      const run = await startAnalysis([files], new PassThrough(), { ...pageOptions, threads }, { skipped: () => {} }, analyzer);
      const documents = new DocumentTable();
      for await (const batch of run.batches()) documents.addBatch(batch);
      expect(documents.location(0)).toBeUndefined();
      expect(documents.allLocated()).toBe(false);
      const verification = rereadVerification({ entries: run.entries, stdin: () => new PassThrough(), options: pageOptions }, run.sample!, settings, analyzer.recordSets);
      const sets = new Map<number, Uint32Array>();
      let last = -1;
      for await (const { doc, set } of verification.sets(everyThird, documents, without)) {
        expect(doc, 'in input order, each once').toBeGreaterThan(last);
        last = doc;
        sets.set(doc, set);
      }
      return sets;
    } finally {
      await analyzer.close();
    }
  }

  it('gives each wanted document the set of its text or its page\'s main content, at 1, 2 and 3 threads', async () => {
    const want = expected(new Set());
    expect([...want.keys()].some((doc) => byName[doc].name.endsWith('.html'))).toBe(true);
    for (const threads of [1, 2, 3]) expect(await setsAfterReading(threads), `${threads} threads`).toEqual(want);
  }, 60_000);

  it('leaves the boilerplate out of each set on the workers', async () => {
    // A few shingles of the first wanted page, as if the sample had found them everywhere.
    const page = [...expected(new Set()).entries()].find(([doc]) => byName[doc].name.endsWith('.html'))![1];
    const without = new Set(Array.from(page.subarray(0, 5)));
    const want = expected(without);
    expect(await setsAfterReading(2, without)).toEqual(want);
  }, 60_000);
});
