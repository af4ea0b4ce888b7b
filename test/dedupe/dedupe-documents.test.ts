// The library's dedupe(): the same rows as `simhash dedupe --clusters` on the same records, from an array, a
// generator or an async iterable, on one thread or two; bad arguments name themselves.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dedupe, type DedupeDocument } from '../../packages/corpus/src/dedupe/dedupe-documents.js';
import { runInProcess } from '../support/cli.js';
import { article, edit } from '../support/dedupe-fixture.js';
import { kickerPage } from '../support/jsonl-edges.js';

const A = article(21), B = article(22);
const DOCUMENTS: DedupeDocument[] = [
  { id: 'a', text: A },
  { id: 2, text: B },
  { id: 'a-copy', text: A },
  { id: 'b-near', text: edit(B, [30]) },
  { id: 'short', text: 'a few words only' },
  { id: 'c', text: article(23) },
];
const dir = mkdtempSync(join(tmpdir(), 'simhash-dedupe-api-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('dedupe()', () => {
  it('gives the rows and counts `simhash dedupe --clusters` gives for the same records', async () => {
    const input = join(dir, 'in.jsonl');
    writeFileSync(input, DOCUMENTS.map((d) => JSON.stringify(d)).join('\n') + '\n');
    const cli = await runInProcess(['dedupe', '-k', '12', '--threads', '1', '-q', '--clusters', join(dir, 'rows.jsonl'), input]);
    expect(cli.code, cli.stderr).toBe(0);
    const want = readFileSync(join(dir, 'rows.jsonl'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
    const got = await dedupe(DOCUMENTS, { maxDistance: 12 });
    // The file names every id as text; the library hands back the caller's own ids (the number 2 stays a number).
    expect(got.rows.map((r) => ({ ...r, id: String(r.id), representative: String(r.representative) }))).toEqual(want);
    expect(got.rows.map((r) => [r.id, r.tier, r.kept])).toEqual([['a', 'exact', true], [2, 'near', true], ['a-copy', 'exact', false], ['b-near', 'near', false], ['short', 'too-short', true], ['c', 'unique', true]]);
    expect(got.summary).toMatchObject({ documents: 6, kept: 4, dropped: 2, droppedExact: 1, droppedNear: 1, tooShort: 1 });
    expect(got.pipelineVersion).toMatch(/^simhash-v1/);
  });

  it('reads its documents as the command line reads the same records: pages by their main content, a number to keep by, a reference, at 1, 2 and 3 threads', async () => {
    // Pages that share a site's lines (by main content, each page's text leaves out the lines repeated across the
    // pages before it), near copies of them and of plain texts, scores to keep by (some missing), and a reference.
    const pages = Array.from({ length: 14 }, (_, k) => kickerPage(k % 7, 3));
    const records = [
      ...pages.map((html, i) => ({ id: `page-${i}`, text: i < 7 ? html : html.replace('<p>', '<p>Updated. '), ...(i % 4 === 1 ? {} : { score: i % 5 }) })),
      ...Array.from({ length: 12 }, (_, i) => ({ id: `text-${i}`, text: i < 6 ? article(60 + i) : edit(article(60 + i - 6), [i * 7]), score: i })),
    ];
    const reference = [{ id: 'ref-0', text: edit(article(60), [90]) }, { id: 'ref-1', text: kickerPage(3, 3).replace('<p>', '<p>Archived. ') }];
    const input = join(dir, 'records.jsonl');
    const against = join(dir, 'reference.jsonl');
    writeFileSync(input, records.map((d) => JSON.stringify(d)).join('\n') + '\n');
    writeFileSync(against, reference.map((d) => JSON.stringify(d)).join('\n') + '\n');
    const cli = await runInProcess(['dedupe', input, '-k', '12', '--html', 'main', '--keep-max', 'score', '--threads', '1', '-q', '--clusters', join(dir, 'rows-main.jsonl'), '--against', against]);
    expect(cli.code, cli.stderr).toBe(1); // the records without a score are reported
    const want = readFileSync(join(dir, 'rows-main.jsonl'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(want.filter((r) => r.tier === 'near' && !r.kept).length).toBeGreaterThan(3);
    expect(want.filter((r) => r.tier === 'reference').length).toBeGreaterThan(0);
    for (const threads of [1, 2, 3]) {
      const got = await dedupe(records, { maxDistance: 12, html: 'main', keep: { max: 'score' }, against: reference, threads });
      expect(got.rows.map((r) => ({ ...r, id: String(r.id), representative: String(r.representative) })), `${threads} threads`).toEqual(want);
    }
  });

  it('takes a generator and an async iterable, and two threads give the same answer', async () => {
    const plain = await dedupe(DOCUMENTS, { maxDistance: 12 });
    function* generate() { yield* DOCUMENTS; }
    async function* stream() { for (const d of DOCUMENTS) yield d; }
    expect((await dedupe(generate(), { maxDistance: 12 })).rows).toEqual(plain.rows);
    expect((await dedupe(stream(), { maxDistance: 12, threads: 2 })).rows).toEqual(plain.rows);
  });

  it('more documents than a batch keep their order', async () => {
    const many = Array.from({ length: 1200 }, (_, i) => ({ id: `d${i}`, text: i % 100 === 7 ? A : article(1000 + i) }));
    const { rows, summary } = await dedupe(many);
    expect(rows.map((r) => r.id)).toEqual(many.map((d) => d.id));
    expect(summary.droppedExact).toBe(11);
    expect(rows.filter((r) => r.tier === 'exact').every((r) => r.representative === 'd7')).toBe(true);
  });

  it('refuses bad arguments with errors that name them', async () => {
    await expect(dedupe(42 as never)).rejects.toThrow(TypeError);
    await expect(dedupe([{ id: 'x', text: 3 } as never])).rejects.toThrow(/documents\[0\]\.text must be a string/);
    await expect(dedupe([{ id: 'x', text: A }, { id: {}, text: A } as never])).rejects.toThrow(/documents\[1\]\.id/);
    await expect(dedupe([], { maxDistance: 40 })).rejects.toThrow(RangeError);
    await expect(dedupe([], { threads: 0 })).rejects.toThrow(/options\.threads/);
    await expect(dedupe([], { shingle: 0 })).rejects.toThrow(/shingle/);
    expect((await dedupe([])).rows).toEqual([]);
  });
});
