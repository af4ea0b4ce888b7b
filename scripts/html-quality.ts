// How well each HTML extractor finds a page's article, measured on Readability-style test pages: a directory of
// `<page>/source.html` with the article a person chose in `<page>/expected.html` (Mozilla Readability's
// test/test-pages has 130). For `text` (htmlToText), `main` (htmlMainText) and `corpus` (htmlCorpusTexts: the main
// content with the fallback, the pages of DIR being the corpus whose repeated lines are counted) it prints
//  - text F1 against the expected article: word-token bags (lowercased alphanumeric runs, the fingerprint's tokens),
//    precision = shared / extracted, recall = shared / expected;
//  - Hamming distances between unrelated articles of one site: furniture the extractor keeps is shared text that pulls
//    them together, and dedupe would call them copies. One site: the same host in the page's canonical or og:url
//    link, else the same siteName in `<page>/expected-metadata.json`; unrelated: the expected articles' F1 below 0.5
//    (the test set holds copies of one page, e.g. rtl-1 to rtl-4).
//
//   npx tsx scripts/html-quality.ts DIR [--shingle 3]
// The pages are data for this measurement only: never commit them.
//
//   npx tsx scripts/html-quality.ts --template-swap [--shingle 3]
// measures the template swap of test/html/template-swap.ts instead (real articles, each in two hand-written site
// templates): the distance between an article's two pages, and between different articles in one template.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createSimHash, hamming } from '../packages/simhash-wasm/src/pure/index.js';
import { htmlToText } from '../packages/corpus/src/html/extract.js';
import { htmlMainText } from '../packages/corpus/src/html/main-text.js';
import { fallbackText, htmlCorpusTexts, type MainTextChoice } from '../packages/corpus/src/html/corpus-main-text.js';
import { RepeatedLines } from '../packages/corpus/src/html/repeated-lines.js';
import { templatePages } from '../test/html/template-swap.js';

interface Page {
  readonly name: string;
  readonly source: string;
  readonly expected: string;
  readonly site: string | undefined;
}

/** Each extractor maps the corpus at once: `corpus` needs all of it (its line counts), the others go page by page. */
const choices = new Map<MainTextChoice, string[]>();
const EXTRACTORS = {
  text: (pages: readonly string[]) => pages.map((html) => htmlToText(html)),
  main: (pages: readonly string[]) => pages.map((html) => htmlMainText(html)),
  corpus: (pages: readonly string[]) => htmlCorpusTexts(pages).map((r, i) => {
    choices.set(r.choice, [...(choices.get(r.choice) ?? []), String(i)]);
    return r.text;
  }),
};
type Mode = keyof typeof EXTRACTORS;
const MODES = Object.keys(EXTRACTORS) as Mode[];

function readPages(dir: string): Page[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, 'source.html')) && existsSync(join(dir, e.name, 'expected.html')))
    .map((e) => {
      const source = readFileSync(join(dir, e.name, 'source.html'), 'utf8');
      return { name: e.name, source, expected: readFileSync(join(dir, e.name, 'expected.html'), 'utf8'), site: siteOf(source, join(dir, e.name, 'expected-metadata.json')) };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

function tokenBag(text: string): Map<string, number> {
  const bag = new Map<string, number>();
  for (const token of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) bag.set(token, (bag.get(token) ?? 0) + 1);
  return bag;
}

function scores(extracted: string, expected: string): { precision: number; recall: number; f1: number } {
  const got = tokenBag(extracted);
  const want = tokenBag(expected);
  let shared = 0;
  let gotTotal = 0;
  let wantTotal = 0;
  for (const [token, n] of got) {
    gotTotal += n;
    shared += Math.min(n, want.get(token) ?? 0);
  }
  for (const n of want.values()) wantTotal += n;
  const precision = gotTotal === 0 ? 0 : shared / gotTotal;
  const recall = wantTotal === 0 ? 0 : shared / wantTotal;
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(xs.length, 1);
const fixed = (x: number, digits = 3) => x.toFixed(digits);

/** Pages named like the synthetic cases of the test set ("003-metadata-preferred") are not real sites. */
const isReal = (name: string) => !/^\d/.test(name);
const CANONICAL = /<(?:link[^>]*rel=["']canonical["'][^>]*href|meta[^>]*property=["']og:url["'][^>]*content)=["']https?:\/\/(?:www\.)?([^/"']+)/i;

function siteOf(source: string, metadataFile: string): string | undefined {
  const host = CANONICAL.exec(source)?.[1];
  if (host !== undefined) return host.toLowerCase();
  if (!existsSync(metadataFile)) return undefined;
  const siteName: unknown = JSON.parse(readFileSync(metadataFile, 'utf8')).siteName;
  return typeof siteName === 'string' && siteName !== '' ? siteName.toLowerCase() : undefined;
}

function templateSwap(shingle: number): void {
  const pages = templatePages();
  const articles = pages.length / 2;
  const hasher = createSimHash({ shingle });
  const html = pages.map((p) => p.html);
  const repeated = new RepeatedLines();
  for (const page of html) repeated.addPage(page);
  const modes: [string, string[]][] = [
    ...MODES.map((mode): [string, string[]] => [mode, EXTRACTORS[mode](html)]),
    ['fallback (visible text without repeated lines)', html.map((page) => fallbackText(htmlToText(page), repeated))],
  ];
  console.log(`template swap: ${articles} articles, each in 2 templates; shingle ${shingle}\n`);
  console.log('| mode | same article: max | mean | different articles, one template: min | mean |\n| --- | --- | --- | --- | --- |');
  for (const [mode, texts] of modes) {
    const f = texts.map((t) => hasher.fingerprint(t));
    const same = Array.from({ length: articles }, (_, i) => hamming(f[2 * i], f[2 * i + 1]));
    const different: number[] = [];
    for (const t of [0, 1]) for (let i = 0; i < articles; i++) for (let j = i + 1; j < articles; j++) different.push(hamming(f[2 * i + t], f[2 * j + t]));
    console.log(`| ${mode} | ${Math.max(...same)} | ${fixed(mean(same), 1)} | ${Math.min(...different)} | ${fixed(mean(different), 1)} |`);
  }
}

function main(): void {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { shingle: { type: 'string', default: '3' }, 'template-swap': { type: 'boolean' } } });
  if (values['template-swap'] === true) return templateSwap(Number(values.shingle));
  if (positionals.length !== 1) throw new Error('usage: npx tsx scripts/html-quality.ts DIR | --template-swap [--shingle 3]');
  const pages = readPages(positionals[0]);
  if (pages.length === 0) throw new Error(`${positionals[0]}: no <page>/source.html with expected.html`);
  const hasher = createSimHash({ shingle: Number(values.shingle) });
  const expected = pages.map((p) => htmlToText(p.expected, { keepBoilerplate: true }));
  const results = new Map<Mode, { f1: number[]; precision: number[]; realF1: number[]; seconds: number; fingerprints: bigint[] }>();
  const perPage: string[] = [];
  for (const mode of MODES) {
    const f1: number[] = [], precision: number[] = [], realF1: number[] = [], fingerprints: bigint[] = [];
    const started = performance.now();
    const texts = EXTRACTORS[mode](pages.map((p) => p.source));
    const seconds = (performance.now() - started) / 1000;
    pages.forEach((page, i) => {
      const s = scores(texts[i], expected[i]);
      f1.push(s.f1);
      precision.push(s.precision);
      if (isReal(page.name)) realF1.push(s.f1);
      fingerprints.push(hasher.fingerprint(texts[i]));
    });
    results.set(mode, { f1, precision, realF1, seconds, fingerprints });
  }
  pages.forEach((page, i) => perPage.push(`${page.name.padEnd(48)} ${MODES.map((m) => fixed(results.get(m)!.f1[i])).join('  ')}`));
  const bytes = pages.reduce((sum, p) => sum + Buffer.byteLength(p.source), 0);
  console.log(`${pages.length} pages (${pages.filter((p) => isReal(p.name)).length} real), ${fixed(bytes / 1e6, 1)} MB, shingle ${values.shingle}\n`);
  console.log(`per page F1: ${MODES.join('  ')}\n${perPage.join('\n')}\n`);
  console.log('| mode | mean F1 | F1, real pages | mean precision | worst F1 | MB/s (one pass, incl. warm-up) |\n| --- | --- | --- | --- | --- | --- |');
  for (const mode of MODES) {
    const r = results.get(mode)!;
    console.log(`| ${mode} | ${fixed(mean(r.f1))} | ${fixed(mean(r.realF1))} | ${fixed(mean(r.precision))} | ${fixed(Math.min(...r.f1))} | ${fixed(bytes / 1e6 / r.seconds, 1)} |`);
  }
  console.log(`\ncorpus: ${[...choices].map(([choice, at]) => `${choice} ${at.length}${choice === 'main' ? '' : ` (${at.map((i) => pages[Number(i)].name).join(', ')})`}`).join('; ')}`);
  // Unrelated articles of one site: every pair of pages of one site whose expected articles differ.
  const pairs: [number, number][] = [];
  pages.forEach((a, i) => pages.forEach((b, j) => {
    if (i < j && a.site !== undefined && a.site === b.site && scores(expected[i], expected[j]).f1 < 0.5) pairs.push([i, j]);
  }));
  console.log(`\n${pairs.length} pairs of unrelated articles of one site (${new Set(pairs.map(([i]) => pages[i].site)).size} sites):\n`);
  console.log('| mode | mean distance | min | pairs within 3 | within 12 | within 22 |\n| --- | --- | --- | --- | --- | --- |');
  for (const mode of MODES) {
    const f = results.get(mode)!.fingerprints;
    const d = pairs.map(([i, j]) => hamming(f[i], f[j]));
    const within = (k: number) => d.filter((x) => x <= k).length;
    console.log(`| ${mode} | ${fixed(mean(d), 1)} | ${Math.min(...d)} | ${within(3)} | ${within(12)} | ${within(22)} |`);
  }
}

main();
