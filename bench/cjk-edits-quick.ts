// Scratch measurement (not a suite): how many fingerprint bits one changed character moves in a 300-character
// Chinese paragraph, under tokens: 'words' and 'cjk-chars' (w = 3). Each trial takes a paragraph of running prose
// (test/support/cjk-texts.ts, starting at a random sentence), replaces the character at a random position (not
// punctuation) with another Chinese character from the same prose, and takes the Hamming distance.
// "no punctuation" strips the full-width punctuation first: one giant token under 'words'.
//   npx tsx bench/cjk-edits-quick.ts [trials]
import { createSimHash, hamming } from '../packages/simhash-wasm/src/pure/index.js';
import { CHINESE_SENTENCES, chineseParagraph } from '../test/support/cjk-texts.js';

const trials = Number(process.argv[2] ?? 2000);
const PUNCTUATION = /[，。、；：！？“”]/g;
const isPunctuation = (ch: string) => /[，。、；：！？“”]/.test(ch);
const characters = [...new Set(CHINESE_SENTENCES.join('').replace(PUNCTUATION, ''))];
let state = 2026;
const next = (n: number) => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) % n);

function stats(values: number[]) {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
  const sorted = [...values].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  const withinK3 = values.filter((v) => v <= 3).length / values.length;
  return `${mean.toFixed(2)} | ${sd.toFixed(2)} | ${q(0.5)} | ${q(0.95)} | ${sorted[sorted.length - 1]} | ${(100 * withinK3).toFixed(0)}%`;
}

const rows: string[] = [];
for (const punctuation of [true, false]) {
  const moved = { words: [] as number[], 'cjk-chars': [] as number[] };
  const hashers = { words: createSimHash({ tokens: 'words' }), 'cjk-chars': createSimHash({ tokens: 'cjk-chars' }) };
  for (let t = 0; t < trials; t++) {
    let paragraph = chineseParagraph(400, next(CHINESE_SENTENCES.length));
    if (!punctuation) paragraph = paragraph.replace(PUNCTUATION, '');
    paragraph = paragraph.slice(0, 300);
    let at = next(300);
    while (isPunctuation(paragraph[at])) at = (at + 1) % 300;
    let replacement = characters[next(characters.length)];
    while (replacement === paragraph[at]) replacement = characters[next(characters.length)];
    const edited = paragraph.slice(0, at) + replacement + paragraph.slice(at + 1);
    for (const tokens of ['words', 'cjk-chars'] as const) moved[tokens].push(hamming(hashers[tokens].fingerprint(paragraph), hashers[tokens].fingerprint(edited)));
  }
  for (const tokens of ['words', 'cjk-chars'] as const) rows.push(`| ${punctuation ? 'with' : 'no'} punctuation | ${tokens} | ${stats(moved[tokens])} |`);
}
console.log(`${trials} trials per row, w = 3\n\n| paragraph | tokens | mean bits | sd | median | 95th pct | max | ≤ 3 bits |\n| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n${rows.join('\n')}`);
