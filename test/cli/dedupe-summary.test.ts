// dedupe --format summary: the counts, what deduplicating keeps and drops, and the largest groups first, each cut
// to its first members: what `npm start` shows a person, checked against the same run's JSON.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runInProcess } from '../support/cli.js';
import { article, edit } from '../support/dedupe-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'simhash-summary-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('lists the largest groups first, at most 4 members each, with the counts of the JSON report', async () => {
  // Group sizes 7, 2 and 3 (in input order), plus unrelated documents.
  const bases = [article(1), article(2), article(3)];
  const sizes = [7, 2, 3];
  sizes.forEach((size, g) => {
    for (let m = 0; m < size; m++) writeFileSync(join(dir, `g${g}-m${m}.txt`), m === 0 ? bases[g] : edit(bases[g], [m * 3]));
  });
  for (let u = 0; u < 5; u++) writeFileSync(join(dir, `u${u}.txt`), article(100 + u));
  const summary = await runInProcess(['dedupe', '-k', '8', '--format', 'summary', '--threads', '1', '-q', dir]);
  expect(summary.code, summary.stderr).toBe(0);
  const json = JSON.parse((await runInProcess(['dedupe', '-k', '8', '--format', 'json', '--threads', '1', '-q', dir])).stdout) as { summary: { kept: number; dropped: number; droppedExact: number; droppedNear: number } };
  const lines = summary.stdout.split('\n');
  expect(lines[1]).toBe(`deduplicated: ${json.summary.kept} kept, ${json.summary.dropped} dropped (${json.summary.droppedExact} exact copies, ${json.summary.droppedNear} near-duplicates)`);
  expect(json.summary.dropped).toBe(6 + 1 + 2);
  const headers = lines.filter((line) => line.startsWith('group '));
  expect(headers.map((h) => h.replace(/^group \d+: /, ''))).toEqual(['near, 7 documents', 'near, 3 documents', 'near, 2 documents']);
  expect(summary.stdout).toContain('  ... and 3 more');
  expect(lines.filter((line) => /^\s+\d+ {2}\S/.test(line))).toHaveLength(4 + 3 + 2);
});
