// HTML by its main content with the fallback (packages/corpus/src/html/corpus-main-text.ts): the template swap of
// real articles (template-swap.ts), the two rules that replace Readability's answer, the bounded line counts, and
// the command line's default, which counts lines as it reads and gives the same fingerprints on any thread count.
import { afterAll, describe, expect, it } from 'vitest';
import { decideText, fallbackText, htmlCorpusMainText, htmlCorpusTexts, MIN_FALLBACK_WORDS, SHORT_MAIN_WORDS } from '../../packages/corpus/src/html/corpus-main-text.js';
import { htmlToText } from '../../packages/corpus/src/html/extract.js';
import { htmlMainText } from '../../packages/corpus/src/html/main-text.js';
import { countWords, lineKey, lineKeys, RepeatedLines, REPEATED_MIN_PAGES, repeatedThreshold } from '../../packages/corpus/src/html/repeated-lines.js';
import { createSimHash, fromHex, hamming } from '../../packages/simhash-wasm/src/pure/index.js';
import { runInProcess } from '../support/cli.js';
import { article } from '../support/dedupe-fixture.js';
import { scratchDir } from '../support/scratch-dir.js';
import { readArticles, templatePages } from './template-swap.js';

const hasher = createSimHash();
const articles = readArticles();
const pages = templatePages(articles);

/** Same-article distances (site A against site B) and different-article distances within each template. */
function swapDistances(fingerprints: readonly bigint[]): { same: number[]; different: number[] } {
  const same = articles.map((_, i) => hamming(fingerprints[2 * i], fingerprints[2 * i + 1]));
  const different: number[] = [];
  for (const t of [0, 1]) {
    for (let i = 0; i < articles.length; i++) for (let j = i + 1; j < articles.length; j++) different.push(hamming(fingerprints[2 * i + t], fingerprints[2 * j + t]));
  }
  return { same, different };
}
const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe('the template swap: real articles in two heavy site templates', () => {
  it('is built from the real articles: 12, unrelated, each of at least 300 words, in both templates', () => {
    expect(articles).toHaveLength(12);
    expect(new Set(articles.map((a) => a.title)).size).toBe(12);
    for (const a of articles) expect(countWords(a.paragraphs.join(' '))).toBeGreaterThanOrEqual(300);
    expect(pages).toHaveLength(24);
    // The furniture is heavy: a page's visible text holds hundreds of words besides its article.
    for (const page of pages) expect(countWords(htmlToText(page.html)) - countWords(articles[page.article].paragraphs.join(' '))).toBeGreaterThan(150);
  });

  it('by default (main content, corpus fallback): the same article within 3 bits, different ones at least 8 apart and 24 on average', () => {
    const results = htmlCorpusTexts(pages.map((p) => p.html));
    const { same, different } = swapDistances(results.map((r) => hasher.fingerprint(r.text)));
    expect(Math.max(...same)).toBeLessThanOrEqual(3);
    expect(Math.min(...different)).toBeGreaterThanOrEqual(8);
    expect(mean(different)).toBeGreaterThanOrEqual(24);
    // Readability found every article here: the repeated lines only trimmed what it kept of the templates.
    expect(results.map((r) => r.choice)).toEqual(pages.map(() => 'main'));
    for (const r of results) expect(r.text).not.toMatch(/readers' editor|Posted in News|Daily Ledger/);
    expect(results[0].text).toContain(articles[0].paragraphs[1].slice(0, 60));
  });

  it('the fallback alone (visible text without the repeated lines) meets the same bounds', () => {
    const repeated = new RepeatedLines();
    for (const page of pages) repeated.addPage(page.html);
    const { same, different } = swapDistances(pages.map((p) => hasher.fingerprint(fallbackText(htmlToText(p.html), repeated))));
    expect(Math.max(...same)).toBeLessThanOrEqual(3);
    expect(Math.min(...different)).toBeGreaterThanOrEqual(8);
    expect(mean(different)).toBeGreaterThanOrEqual(24);
  });

  it('what the fallback is for: the visible text keeps the furniture, and the same article in two templates is far apart', () => {
    const { same, different } = swapDistances(pages.map((p) => hasher.fingerprint(htmlToText(p.html))));
    expect(Math.max(...same)).toBeGreaterThan(3);
    expect(mean(different)).toBeLessThan(mean(swapDistances(htmlCorpusTexts(pages.map((p) => p.html)).map((r) => hasher.fingerprint(r.text))).different));
    // Readability alone, without the corpus's lines, keeps some of each template: more than 3 bits for some articles.
    expect(Math.max(...swapDistances(pages.map((p) => hasher.fingerprint(htmlMainText(p.html)))).same)).toBeGreaterThan(3);
  });
});

/** A page of one site whose long footer, full of commas, Readability takes for the article (test/cli/html-template). */
const footerPage = (i: number) => `<!DOCTYPE html><html><head><title>Example News</title></head><body>
<header><h1>Example News</h1><nav><ul>${Array.from({ length: 40 }, (_, k) => `<li><a href="/s/${k}">Section ${k}</a></li>`).join('')}</ul></nav></header>
<main><article><h2>Story ${i}</h2><p>${article(100 + i, 120)}</p></article></main>
<footer><p>${'Copyright Example News Ltd, all rights reserved, terms, privacy, cookies, contact. '.repeat(30)}</p></footer></body></html>`;

describe('rule (b): main content shared by many pages', () => {
  const site = Array.from({ length: 8 }, (_, i) => footerPage(i));

  it('Readability takes the footer for the article: every page the same', () => {
    const mains = site.map((p) => htmlMainText(p));
    expect(new Set(mains).size).toBe(1);
    expect(mains[0]).toContain('Copyright Example News');
  });

  it('with the corpus counted, the footer is shared text: each page falls back to its own article', () => {
    const results = htmlCorpusTexts(site);
    expect(results.map((r) => r.choice)).toEqual(site.map(() => 'shared'));
    results.forEach((r, i) => {
      expect(r.text).toContain(article(100 + i, 120).slice(0, 80));
      expect(r.text).not.toContain('Copyright');
    });
    const fps = results.map((r) => hasher.fingerprint(r.text));
    expect(Math.min(...fps.flatMap((a, i) => fps.slice(i + 1).map((b) => hamming(a, b))))).toBeGreaterThan(10);
  });

  it('main contents that differ in a line (no one digest for them all) are still shared text', () => {
    const dated = site.map((page, i) => page.replace('</p></footer>', `</p><p>Page generated on day ${i + 1} of the month.</p></footer>`));
    const mains = dated.map((p) => htmlMainText(p));
    expect(new Set(mains).size).toBe(dated.length);
    expect(mains.every((m) => m.includes('Copyright Example News'))).toBe(true);
    const results = htmlCorpusTexts(dated);
    expect(results.map((r) => r.choice)).toEqual(dated.map(() => 'shared'));
    results.forEach((r, i) => expect(r.text).toContain(article(100 + i, 120).slice(0, 80)));
  });

  it(`below ${REPEATED_MIN_PAGES} pages nothing is repeated: the main content stands`, () => {
    expect(htmlCorpusTexts(site.slice(0, REPEATED_MIN_PAGES - 1)).map((r) => r.choice)).toEqual(['main', 'main']);
    expect(htmlCorpusTexts(site.slice(0, REPEATED_MIN_PAGES)).map((r) => r.choice)).toEqual(['shared', 'shared', 'shared']);
  });

  it(`copies of one page: the fallback would have fewer than ${MIN_FALLBACK_WORDS} words, so the main content stands and the copies stay exact`, () => {
    const results = htmlCorpusTexts(Array.from({ length: 5 }, () => pages[0].html));
    expect(results.map((r) => r.choice)).toEqual(['main', 'main', 'main', 'main', 'main']);
    expect(new Set(results.map((r) => r.text)).size).toBe(1);
    expect(results[0].text).toBe(htmlMainText(pages[0].html));
  });
});

/** An article's page with no template: one paragraph a line, as an HTML mail or a bare page has it. */
const bare = (paragraphs: readonly string[]) => `<html><head><title>${paragraphs[0].slice(0, 30)}</title></head><body>\n${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}\n</body></html>`;
/** One word of each paragraph with an even index mistyped (its last letter doubled): a copy with typos. */
const mistyped = (paragraphs: readonly string[]) => paragraphs.map((p, i) => (i % 2 === 0 ? p.replace(/(\p{L})(\s)/u, '$1$1$2') : p));

describe('an article on several pages: its repeated lines are the article, not a template', () => {
  const paragraphs = articles[0].paragraphs;
  // The original, a cut copy, and a copy with typos in half its paragraphs, read in that order: by the third page
  // every line the three share is on 3 of 3 pages, so "repeated".
  const copies = [bare(paragraphs), bare(paragraphs.slice(0, -1)), bare(mistyped(paragraphs))];

  it('each copy keeps its whole main content, and the copy with typos stays near the original', () => {
    expect(paragraphs.length).toBeGreaterThanOrEqual(6);
    const results = htmlCorpusTexts(copies);
    expect(results.map((r) => r.choice)).toEqual(['main', 'main', 'main']);
    expect(results[2].text).toBe(htmlMainText(copies[2]));
    // The paragraphs its typos left alone are there: without them the copy would be its typos' lines alone.
    expect(results[2].text).toContain(paragraphs[1].slice(0, 60));
    expect(hamming(hasher.fingerprint(results[0].text), hasher.fingerprint(results[2].text))).toBeLessThanOrEqual(6);
  });

  it('the rule: repeated lines mostly inside the main content stay; mostly outside it (a template), they go', () => {
    const words = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `word${from + i}`).join(' ');
    const article = [words(40), words(40, 100), words(40, 200)];
    const box = words(25, 900); // a support box Readability kept
    const menu = Array.from({ length: 4 }, (_, i) => words(12, 1000 + 12 * i)); // the template around it: 48 words
    const main = [...article, box].join('\n');
    // A template page: the box and the menu repeated, the article its own.
    const template = new Set([box, ...menu].map(lineKey));
    expect(decideText(main, [...menu, main].join('\n'), template)).toEqual({ text: article.join('\n'), choice: 'main' });
    // A copy: a paragraph and the box are on other pages too (65 words, under half: not rule b), nothing around it is.
    const copied = new Set([article[0], box].map(lineKey));
    expect(decideText(main, main, copied)).toEqual({ text: main, choice: 'main' });
    // The same copy with the menu around it, on every page: most of what is repeated is still inside the main content.
    expect(decideText(main, [...menu, main].join('\n'), new Set([...copied, ...menu.map(lineKey)])).text).toBe(main);
  });
});

describe('rule (a): implausibly short main content', () => {
  const words = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `word${from + i}`).join(' ');

  it(`falls back when the main content has fewer than ${SHORT_MAIN_WORDS} words and under a quarter of the visible text's`, () => {
    const caption = words(30);
    const visible = `${caption}\n\n${words(400, 1000)}`;
    expect(decideText(caption, visible, undefined)).toEqual({ text: visible, choice: 'short' });
    // A quarter or more of the page: a short page, not a missed article.
    expect(decideText(caption, `${caption}\n\n${words(90, 1000)}`, undefined).choice).toBe('main');
    // 50 words or more: an article, however long the page around it.
    expect(decideText(words(SHORT_MAIN_WORDS), `${words(SHORT_MAIN_WORDS)}\n\n${words(2000, 1000)}`, undefined).choice).toBe('main');
    expect(decideText(words(SHORT_MAIN_WORDS - 1), `${words(SHORT_MAIN_WORDS - 1)}\n\n${words(2000, 1000)}`, undefined).choice).toBe('short');
  });

  it('the share is taken of the visible text without the repeated lines: a short article in a heavy template stays', () => {
    const template = Array.from({ length: 30 }, (_, i) => words(12, 5000 + 12 * i));
    const brief = words(40);
    const visible = [...template, brief].join('\n');
    const repeated = new Set(template.map(lineKey));
    expect(decideText(brief, visible, undefined).choice).toBe('short');
    expect(decideText(brief, visible, repeated)).toEqual({ text: brief, choice: 'main' });
  });

  it('a page where Readability finds no article gets its visible text without the repeated lines', () => {
    // Nested deeper than htmlMainText lets Readability go (its work grows with the square of the depth).
    const page = `<html><body><div>Menu one two three</div>${'<div>'.repeat(300)}${words(10)}${'</div>'.repeat(300)}</body></html>`;
    const result = htmlCorpusMainText(page, new Set([lineKey('Menu one two three')]));
    expect(result.choice).toBe('none');
    expect(result.text).toBe(words(10));
  });
});

describe('the corpus line counts', () => {
  it('count a line once per page, by its words (case, spacing and punctuation aside)', () => {
    expect(lineKey('Share  on Facebook!')).toBe(lineKey('share on facebook'));
    expect(lineKey('share on facebook')).not.toBe(lineKey('share on twitter'));
    expect(lineKey(' -- | ')).toBe(-1);
    const counts = new RepeatedLines();
    counts.addLineKeys([1, 1, 1, 2]);
    counts.addLineKeys([1, 3]);
    expect(counts.has(1)).toBe(false);
    counts.addLineKeys([1]);
    expect(counts.has(1)).toBe(true);
    expect(counts.has(2)).toBe(false);
    expect([...counts.keys()]).toEqual([1]);
  });

  it(`repeated: on at least ${REPEATED_MIN_PAGES} pages and 1% of them; a line falls out as the corpus grows past it`, () => {
    expect([1, 100, 300, 301, 1000].map(repeatedThreshold)).toEqual([3, 3, 3, 4, 10]);
    const counts = new RepeatedLines();
    for (let i = 0; i < 300; i++) counts.addLineKeys(i < 3 ? [7, 8] : [8, 1000 + i]);
    expect(counts.has(7)).toBe(true);
    counts.addLineKeys([8]);
    expect(counts.has(7)).toBe(false);
    expect(counts.has(8)).toBe(true);
  });

  it('hold at most their capacity, and keep a line on every page through the thinning', () => {
    const counts = new RepeatedLines({ capacity: 1000 });
    for (let page = 0; page < 400; page++) counts.addLineKeys([42, ...Array.from({ length: 20 }, (_, k) => 1e6 + page * 20 + k)]);
    expect(counts.size).toBeLessThanOrEqual(1000);
    expect(counts.pages).toBe(400);
    expect(counts.has(42)).toBe(true);
    expect(counts.keys().length).toBe(1);
  });

  it('lines of a page are those of its text with furniture kept (Readability can take furniture for the article)', () => {
    const counts = new RepeatedLines();
    for (let i = 0; i < 3; i++) counts.addPage(footerPage(i));
    expect(counts.has(lineKey(htmlMainText(footerPage(0)).split('\n')[0]))).toBe(true);
    expect(lineKeys('a b\n\n-- \nc')).toEqual([lineKey('a b'), lineKey('c')]);
  });

  it('refuse what is not a page or a size', () => {
    expect(() => new RepeatedLines({ capacity: 1 })).toThrow(RangeError);
    expect(() => new RepeatedLines().addPage(5 as unknown as string)).toThrow(TypeError);
    expect(() => htmlCorpusMainText(5 as unknown as string)).toThrow(TypeError);
    expect(() => htmlCorpusMainText('<p>x</p>', [1] as unknown as Set<number>)).toThrow(TypeError);
    expect(() => htmlCorpusTexts([5 as unknown as string])).toThrow(/pages\[0\]/);
  });
});

describe('the command line: main content with the fallback by default', () => {
  const names = pages.map((p) => `${String(p.article).padStart(2, '0')}-${p.template}.html`);
  const files = scratchDir(Object.fromEntries(names.map((n, i) => [n, pages[i].html])));
  afterAll(files.remove);

  it('dedupe pairs each article with its copy in the other template, and nothing else', async () => {
    const result = await runInProcess(['dedupe', '--engine', 'pure', '--format', 'json', '-q', ...names.map(files.path)]);
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout) as { settings: { html: string }; groups: { members: { source: string }[] }[] };
    expect(report.settings.html).toBe('auto');
    const groups = report.groups.map((g) => g.members.map((m) => m.source.slice(-9, -7)).sort());
    expect(groups.sort()).toEqual(articles.map((_, i) => { const n = String(i).padStart(2, '0'); return [n, n]; }));
  });

  it('the same fingerprints on one thread and two (the line counts follow the reading order, not the workers)', async () => {
    const fps = async (threads: string, mode: string[] = []) => (await runInProcess(['fingerprint', '--engine', 'pure', '--threads', threads, ...mode, ...names.map(files.path)])).stdout;
    const one = await fps('1');
    expect(one.trim().split('\n')).toHaveLength(24);
    expect(await fps('2')).toBe(one);
    // auto-text is the visible text, as before.
    const text = (await fps('1', ['--html', 'auto-text'])).trim().split('\n').map((l) => fromHex(l.slice(0, 16)));
    expect(text).toEqual(pages.map((p) => hasher.fingerprint(htmlToText(p.html))));
    expect(swapDistances(one.trim().split('\n').map((l) => fromHex(l.slice(0, 16)))).same.every((d) => d <= 3)).toBe(true);
  });
});
