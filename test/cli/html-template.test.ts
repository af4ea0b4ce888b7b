// Twenty unrelated articles in one site's template (a large header, navigation, sidebar and footer shared by every
// page): fingerprinted as raw bytes they are a few bits apart, all "near-duplicates". `fingerprint` and `index`
// extract the text first (the main content, falling back to the visible text without the repeated lines), as
// `dedupe` does, and find them unrelated.
import { afterAll, describe, expect, it } from 'vitest';
import { htmlToText } from '../../packages/corpus/src/html/extract.js';
import { htmlMainText } from '../../packages/corpus/src/html/main-text.js';
import { createSimHash, fromHex, hamming } from '../../packages/simhash-wasm/src/pure/index.js';
import { runInProcess } from '../support/cli.js';
import { scratchDir } from '../support/scratch-dir.js';
import { article } from '../support/dedupe-fixture.js';

const PAGES = 20;
const menu = Array.from({ length: 120 }, (_, i) => `<li><a href="/section/${i}">Section ${i} of the example news site</a></li>`).join('');
const related = Array.from({ length: 60 }, (_, i) => `<li><a href="/story/${i}">Most read story number ${i} this week</a></li>`).join('');
const page = (i: number) => `<!DOCTYPE html><html><head><title>Example News</title><style>${'.c{color:red}'.repeat(200)}</style></head><body>
<header><h1>Example News: all the news that fits</h1><nav><ul>${menu}</ul></nav></header>
<main><article><h2>Story ${i}</h2><p>${article(100 + i, 120)}</p></article></main>
<aside><h3>Most read</h3><ul>${related}</ul></aside>
<footer><p>${'Copyright Example News Ltd, all rights reserved, terms, privacy, cookies, contact. '.repeat(30)}</p></footer>
<script>${'var tracking = window.analytics || [];'.repeat(100)}</script></body></html>`;
const html = Array.from({ length: PAGES }, (_, i) => page(i));
const names = html.map((_, i) => `page-${String(i).padStart(2, '0')}.html`);
const files = scratchDir(Object.fromEntries(names.map((n, i) => [n, html[i]])));
afterAll(files.remove);

const hasher = createSimHash();
const pairwise = (fps: bigint[]) => fps.flatMap((a, i) => fps.slice(i + 1).map((b) => hamming(a, b)));

describe('pages of one site template', () => {
  it('raw bytes put them a few bits apart: the template is what they share', () => {
    const raw = pairwise(html.map((h) => hasher.fingerprint(new TextEncoder().encode(h))));
    expect(Math.max(...raw)).toBeLessThanOrEqual(3);
  });

  it('fingerprint extracts the article text first: unrelated articles far apart', async () => {
    const result = await runInProcess(['fingerprint', '--engine', 'pure', ...names.map(files.path)]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines.map((l) => l.slice(18))).toEqual(names.map(files.path));
    const fps = lines.map((l) => fromHex(l.slice(0, 16)));
    expect(fps).toEqual(html.map((h) => hasher.fingerprint(htmlToText(h))));
    expect(Math.min(...pairwise(fps))).toBeGreaterThan(10);
  });

  it('--html main fingerprints each page\'s main content (htmlMainText), --html text its visible text', async () => {
    const two = names.slice(0, 2).map(files.path);
    const fps = async (mode: string) => (await runInProcess(['fingerprint', '--engine', 'pure', '--html', mode, ...two])).stdout.trim().split('\n').map((l) => fromHex(l.slice(0, 16)));
    expect(await fps('main')).toEqual(html.slice(0, 2).map((h) => hasher.fingerprint(htmlMainText(h))));
    expect(await fps('text')).toEqual(html.slice(0, 2).map((h) => hasher.fingerprint(htmlToText(h))));
    expect(await fps('on')).toEqual(await fps('text'));
  });

  it('index build and query: each page finds itself and none of the others; --html off finds them all', async () => {
    const idx = files.path('pages.idx');
    expect((await runInProcess(['index', 'build', '-o', idx, ...names.map(files.path)])).code).toBe(0);
    const query = await runInProcess(['index', 'query', '-i', idx, ...names.map(files.path)]);
    expect(query.code).toBe(0);
    expect(query.stdout.trim().split('\n').map((l) => l.split('  ').slice(1))).toEqual(names.map((n) => [files.path(n), `1 ${files.path(n)}:0`]));
    const rawIdx = files.path('raw.idx');
    await runInProcess(['index', 'build', '--html', 'off', '-k', '10', '-o', rawIdx, ...names.map(files.path)]);
    const rawQuery = await runInProcess(['index', 'query', '--html', 'off', '-i', rawIdx, files.path(names[0])]);
    expect(rawQuery.stdout).toMatch(new RegExp(`  ${PAGES} `));
  });
});
