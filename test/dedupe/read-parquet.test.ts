// Parquet files read by the workers, a span of a row group's rows each (analysis/parquet-task.ts, parquet-reads.ts,
// in-order.ts), against the same inputs read and batched on the main thread (the streamed read every Parquet file had
// before, and still has in a second pass): the same documents in the same order, the same skipped rows, flagged
// rows, unreadable files and row groups, reported in the same order, the same analysis of each, and then the same
// groups, clusters file and kept corpus (JSONL and Parquet), at 1, 2 and 3 threads and for spans of any size: row
// groups with offset indexes (a span reads its own pages), without them (a span reads the group's chunks), pages by
// their main content, a Parquet file under another name among whole files, and a JSONL file between.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parquetMetadata } from 'hyparquet';
import { parquetWriteFile } from 'hyparquet-writer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analyzer } from '../../packages/corpus/src/analysis/analyzer.js';
import { article, edit } from '../support/dedupe-fixture.js';
import { jsonlEdges, kickerPage } from '../support/jsonl-edges.js';
import { readFixture, type ReadOptions } from '../support/read-differential.js';

const fixture = readFixture('simhash-parquet-');
const { root, at } = fixture;

interface Row { readonly id: string; readonly text: string | null; readonly score: number | null }

/** One schema for every file (a Parquet kept corpus takes its inputs' one schema); `indexed`: offset indexes written. */
function writeRows(path: string, rows: readonly Row[], rowGroupSize: number, pageSize: number, indexed = true): void {
  parquetWriteFile({
    filename: path,
    rowGroupSize,
    pageSize,
    columnData: [
      { name: 'doc_id', data: rows.map((r) => r.id), type: 'STRING', offsetIndex: indexed },
      { name: 'text', data: rows.map((r) => r.text), type: 'STRING', nullable: true, offsetIndex: indexed },
      { name: 'score', data: rows.map((r) => r.score), type: 'DOUBLE', nullable: true, offsetIndex: indexed },
    ],
  });
}

/**
 * Families of near copies among unrelated texts, exact copies, a text too short to compare, rows that are no
 * document (no text, an empty one) and rows with no score to keep by (flagged), seeded by `seed`.
 */
function corpusRows(seed: number, n: number): Row[] {
  return Array.from({ length: n }, (_, i) => {
    const family = seed * 100 + (i % 17);
    const base = article(family);
    const text = i === 5 ? null : i === 9 ? '' : i === 11 ? 'too short to compare' : i % 7 === 3 ? base : i < 17 ? base : edit(base, [(i * 13) % 150, (i * 29) % 150]);
    return { id: `s${seed}-r${i}`, text, score: i % 6 === 2 ? null : (i * 37) % 11 };
  });
}

const small = at('small.parquet');
/** One row group of many pages, every column with an offset index. */
const paged = at('paged.parquet');
/** One row group written without offset indexes. */
const unindexed = at('unindexed.parquet');
/** The small file cut short: no footer. */
const damaged = at('damaged.parquet');
/** The small file with its second row group's text page broken. */
const brokenGroup = at('broken-group.parquet');
const pages = at('pages.parquet');
const mixed = at('mixed');

beforeAll(async () => {
  writeRows(small, corpusRows(1, 40), 6, 1 << 20);
  writeRows(paged, corpusRows(2, 300), 1000, 512);
  writeRows(unindexed, corpusRows(3, 200), 1000, 4096, false);
  const bytes = readFileSync(small);
  writeFileSync(damaged, bytes.subarray(0, bytes.length >> 1));
  const metadata = parquetMetadata(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  const text = metadata.row_groups[1].columns[1].meta_data!;
  const broken = Buffer.from(bytes);
  broken.fill(0xff, Number(text.dictionary_page_offset ?? text.data_page_offset), Number(text.dictionary_page_offset ?? text.data_page_offset) + 8);
  writeFileSync(brokenGroup, broken);
  // Pages, by their main content: each text depends on the pages counted before it, so the spans that hold one
  // send their texts back to be analysed in input order.
  writeRows(pages, Array.from({ length: 60 }, (_, i) => ({ id: `p${i}`, text: i % 9 === 0 ? kickerPage(i, 3) : edit(article(500 + (i % 13)), [i]), score: i })), 8, 4096);
  mkdirSync(mixed);
  writeFileSync(join(mixed, 'a.txt'), article(900));
  writeFileSync(join(mixed, 'b.jsonl'), jsonlEdges(40, 5));
  copyFileSync(paged, join(mixed, 'c-table.dat')); // Parquet by its first bytes alone, found by the worker that reads it
  writeFileSync(join(mixed, 'd.txt'), edit(article(900), [3]));
  await fixture.start();
}, 60_000);

afterAll(fixture.end);

type Options = ReadOptions;

/** The streamed read: every Parquet file read and batched on the main thread. */
const streamed = (inputs: string[], options: Options, parquet: boolean) => fixture.streamed(inputs, options, parquet);

/** Read by the workers, a span of rows a task; `spans` counts the tasks by file. */
async function onWorkers(inputs: string[], options: Options, threads: number, parquet: boolean, rangeBytes?: number) {
  const analyzer = fixture.analyzer(threads);
  const spans = new Map<string, number>();
  const counting: Analyzer = { ...analyzer, analyzeRows: (rows) => (spans.set(rows.path, (spans.get(rows.path) ?? 0) + 1), analyzer.analyzeRows(rows)) };
  return { ...(await fixture.onWorkers(inputs, options, counting, rangeBytes, parquet)), spans };
}

const BASE = { mail: false, invalidUtf8: 'skip', sketches: true, keepField: 'score' } as const;
const CASES: [string, string[], Options, boolean][] = [
  ['row groups with and without offset indexes, a damaged file, a broken row group', [small, paged, damaged, unindexed, brokenGroup], { ...BASE, html: 'off' }, true],
  ['pages by their main content', [pages, small], { ...BASE, html: 'auto' }, true],
  ['pages by their visible text', [pages], { ...BASE, html: 'auto-text' }, true],
  ['a Parquet file under another name among whole files and a JSONL file', [mixed], { ...BASE, html: 'auto', textField: 'text' }, false],
];

describe('Parquet read by spans of rows on the workers', () => {
  it.each(CASES)('gives the documents, reports, groups, clusters file and kept corpus of the streamed read, at 1, 2 and 3 threads and spans of any size (%s)', async (_name, inputs, options, parquet) => {
    const want = await streamed(inputs, options, parquet);
    expect(want.analysis.documents.length).toBeGreaterThan(50);
    expect(want.outputs.groups.length).toBeGreaterThan(3);
    expect(want.outputs.verifiedPairs).toBeGreaterThan(0);
    if (parquet) expect(want.outputs.keptParquet!.length).toBeGreaterThan(0);
    for (const threads of [1, 2, 3]) {
      // 997 bytes: spans of a few rows (many to a row group); the default: a span a row group here.
      for (const rangeBytes of [997, undefined]) {
        const { spans, ...got } = await onWorkers(inputs, options, threads, parquet, rangeBytes);
        expect(got.analysis, `${threads} threads, spans of ${rangeBytes ?? 'default'} bytes`).toEqual(want.analysis);
        expect(got.outputs, `${threads} threads, spans of ${rangeBytes ?? 'default'} bytes`).toEqual(want.outputs);
        expect(spans.size).toBeGreaterThan(0);
        // The workers analysed the rows themselves, but for (by main content) the spans that hold a page.
        expect(got.ranged).toBeGreaterThan(options.html === 'auto' ? 0 : want.analysis.documents.length / 2);
      }
    }
  }, 240_000);

  it('cuts a row group with offset indexes into many spans, and one without into a few', async () => {
    const { spans } = await onWorkers([small, paged, unindexed], CASES[0][2], 2, false, 997);
    // 300 rows of about 1 KB in one row group, spans of about 4 KB.
    expect(spans.get(paged)).toBeGreaterThan(50);
    // Each span reads the group's chunks whole, and decodes its one-page id column whole: a few spans.
    expect(spans.get(unindexed)).toBeGreaterThan(1);
    expect(spans.get(unindexed)).toBeLessThan(spans.get(paged)! / 4);
    // A span a row group of spans of the default size (4 MB), which these small groups are far from.
    expect((await onWorkers([small], CASES[0][2], 2, false)).spans.get(small)).toBe(7);
  }, 60_000);

  it('reports each thing wrong once, by its place, as the streamed read does', async () => {
    const { analysis } = await onWorkers(CASES[0][1], CASES[0][2], 2, false, 997);
    const notes = analysis.notes.map(([kind, source, reason]) => `${kind} ${source.slice(root.length + 1)}: ${reason}`);
    expect(notes.filter((note) => note.startsWith('skipped small.parquet'))).toEqual([
      'skipped small.parquet:row 6: "text" must be a string, got null',
      'skipped small.parquet:row 10: empty "text"',
    ]);
    expect(notes).toContain('flagged small.parquet:row 3: no number in "score" to keep by (got null): it ranks last in its group');
    expect(notes.filter((note) => note.startsWith('skipped damaged.parquet'))).toEqual([expect.stringMatching(/^skipped damaged\.parquet: not a readable Parquet file \(.+\)$/)]);
    // The broken group alone is lost; the groups before and after it are read.
    expect(notes.filter((note) => note.startsWith('skipped broken-group.parquet:rows'))).toEqual([expect.stringMatching(/^skipped broken-group\.parquet:rows 7-12: row group 2 could not be read \(.+\)$/)]);
    const sources = analysis.documents.map(([source]) => (source as string).slice(root.length + 1));
    expect(sources).toContain('broken-group.parquet:row 5');
    expect(sources).toContain('broken-group.parquet:row 13');
    expect(sources.filter((source) => source.startsWith('broken-group.parquet:row 7') || source.startsWith('broken-group.parquet:row 12'))).toEqual([]);
  }, 60_000);
});
