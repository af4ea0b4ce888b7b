// `simhash eval --corpus` reads its corpus by dedupe's own first pass (evaluation/analysed-corpus.ts over
// analysis/read-and-analyze.ts): on a corpus of every kind of input (JSONL with a malformed line, Parquet, a damaged
// Parquet file, HTML pages read by their main content, a text), it reports the same skipped inputs as `simhash
// dedupe`, says dedupe takes the k dedupe takes and finds the candidate and verified pairs dedupe finds, and prints
// the same evaluation at 1, 2 and 3 threads and from standard input.
import { readFileSync, writeFileSync } from 'node:fs';
import { parquetWriteFile } from 'hyparquet-writer';
import { afterAll, describe, expect, it } from 'vitest';
import { lines, runInProcess } from '../support/cli.js';
import { article, edit } from '../support/dedupe-fixture.js';
import { kickerPage } from '../support/jsonl-edges.js';
import { scratchDir } from '../support/scratch-dir.js';

const records = [
  ...Array.from({ length: 40 }, (_, i) => ({ id: `a${i}`, text: article(700 + i) })),
  ...Array.from({ length: 10 }, (_, i) => ({ id: `a${i}-copy`, text: edit(article(700 + i), [i * 9, 100]) })),
  // Pages sharing a site's lines: by their main content, the lines repeated across the pages are left out.
  ...Array.from({ length: 12 }, (_, i) => ({ id: `page-${i}`, text: i < 8 ? kickerPage(i, 4) : kickerPage(i - 8, 4).replace('<p>', '<p>Updated today. ') })),
];
const files = scratchDir({
  'records.jsonl': [...records.slice(0, 30).map((r) => JSON.stringify(r)), '{"id": "broken", "text": ', ...records.slice(30).map((r) => JSON.stringify(r))].join('\n') + '\n',
  'note.txt': edit(article(705), [3, 50]),
});
afterAll(files.remove);
const rows = Array.from({ length: 30 }, (_, i) => ({ id: `t${i}`, text: i < 20 ? article(800 + i) : edit(article(800 + i - 20), [i]) }));
parquetWriteFile({ filename: files.path('table.parquet'), rowGroupSize: 7, columnData: [{ name: 'id', data: rows.map((r) => r.id), type: 'STRING' }, { name: 'text', data: rows.map((r) => r.text), type: 'STRING' }] });
writeFileSync(files.path('damaged.parquet'), readFileSync(files.path('table.parquet')).subarray(0, 200));
const corpus = files.dir;

interface Evaluation { verified: { distance: number; distanceChoice: { documents: number }; corpus: { candidatePairs: number; verifiedPairs: number } } }

describe('eval --corpus reads as dedupe reads', () => {
  it('the same skipped inputs, k, candidate and verified pairs as dedupe, and the same evaluation at 1, 2 and 3 threads and from stdin', async () => {
    const run = await runInProcess(['dedupe', '--format', 'json', '-q', '--threads', '1', corpus]);
    expect(run.code).toBe(1);
    const skipped = lines(run.stderr).filter((line) => line.endsWith(', skipped'));
    expect(skipped).toEqual([
      expect.stringMatching(/damaged\.parquet: not a readable Parquet file \(.*\), skipped$/),
      expect.stringMatching(/records\.jsonl:31: malformed JSONL line: not JSON \(.*\), skipped$/),
    ]);
    const summary = (JSON.parse(run.stdout) as { summary: { distanceChoice: { distance: number; documents: number }; verification: { candidatePairs: number; verifiedPairs: number } } }).summary;
    expect(summary.verification.verifiedPairs).toBeGreaterThan(10);
    let first: string | undefined;
    for (const threads of ['1', '2', '3']) {
      const result = await runInProcess(['eval', '--corpus', corpus, '--format', 'json', '--threads', threads]);
      expect(result.code, threads).toBe(1);
      expect(lines(result.stderr), threads).toEqual(skipped);
      const { verified } = JSON.parse(result.stdout) as Evaluation;
      expect(verified.distance).toBe(summary.distanceChoice.distance);
      expect(verified.distanceChoice.documents).toBe(summary.distanceChoice.documents);
      expect(verified.corpus).toMatchObject({ candidatePairs: summary.verification.candidatePairs, verifiedPairs: summary.verification.verifiedPairs });
      first ??= result.stdout;
      expect(result.stdout, `${threads} threads`).toBe(first);
    }
    // The JSONL records alone, from standard input (read twice: spooled), against the file.
    const fromFile = await runInProcess(['eval', '--corpus', files.path('records.jsonl'), '--format', 'json', '--threads', '2']);
    const fromStdin = await runInProcess(['eval', '--corpus', '-', '--format', 'json', '--threads', '2'], readFileSync(files.path('records.jsonl')));
    expect(lines(fromStdin.stderr)).toEqual([expect.stringMatching(/^simhash: \(stdin\):31: malformed JSONL line/)]);
    expect(JSON.parse(fromStdin.stdout)).toEqual(JSON.parse(fromFile.stdout));
  }, 120_000);
});
