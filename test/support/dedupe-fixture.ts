// A fixture tree for the dedupe tests: an article and its copies (exact, reformatted, edited, wrapped in HTML, in
// JSONL), unrelated documents, and every kind of bad input. Texts are generated from a seed, so they are stable.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Random } from '../../packages/corpus/src/evaluation/random.js';

const VOCABULARY = ('river stone market winter garden signal harbor lantern copper meadow orbit saddle timber velvet '
  + 'anchor basket candle desert engine fabric glacier hollow island jungle kettle ladder magnet needle oyster pepper '
  + 'quartz ribbon silver thunder umbrella valley walnut yellow zephyr bridge castle dragon feather forest').split(' ');

export function article(seed: number, words = 160): string {
  const random = new Random(seed);
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(random.pick(VOCABULARY) + (i % 12 === 11 ? '.' : ''));
  return out.join(' ');
}

/** Replaces the words at the given positions with "zebra". */
export function edit(text: string, positions: readonly number[]): string {
  const words = text.split(' ');
  for (const p of positions) words[p] = 'zebra';
  return words.join(' ');
}

export const ARTICLE = article(1);
export const OTHER = article(2);
export const THIRD = article(3);

export const FILES: Record<string, string | Uint8Array> = {
  '01-article.txt': ARTICLE,
  '02-exact-copy.txt': ARTICLE,
  // Case, whitespace and punctuation only: the same token sequence, so the exact tier.
  '03-reformatted.txt': ARTICLE.toUpperCase().replace(/ /g, '  \n').replace(/\./g, '!!'),
  '04-edited.txt': edit(ARTICLE, [40]),
  '05-wrapped.html': `<!DOCTYPE html><html><head><title>Site title</title><style>p { color: red }</style></head><body>
<header><nav><a href="/">Home</a> <a href="/about">About us</a></nav></header>
<main><p>${ARTICLE.slice(0, 300)}<b></b>${ARTICLE.slice(300)}</p></main>
<script>var tracking = "pixel";</script><footer>Copyright 2024 Example Ltd</footer></body></html>`,
  '06-unrelated.txt': OTHER,
  '07-unrelated.txt': THIRD,
  '08-short.txt': 'only a handful of words here',
  '09-binary.bin': new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01, 0x02, 0x00, 0x41]),
  '10-empty.txt': '',
  '11-latin1.txt': Uint8Array.from([...Buffer.from('caf'), 0xe9, ...Buffer.from(' au lait and more words')]),
  '12-records.jsonl': [
    JSON.stringify({ id: 'r1', text: edit(ARTICLE, [10, 90]) }),
    '{"id": "r2", "text": }',
    JSON.stringify({ id: 'r3', text: OTHER.toUpperCase() }),
    '',
  ].join('\n'),
  'sub/13-copy.txt': ARTICLE,
  '.hidden/14-copy.txt': ARTICLE,
  'node_modules/15-copy.txt': ARTICLE,
};

export function fixtureTree(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'simhash-dedupe-'));
  for (const [name, content] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
