// The texts behind the zstd fixtures in test/fixtures/io/ (Node 20's zlib has no zstd compressor, and a bare machine
// may have no zstd program, so the compressed files are committed). The tests check that each fixture decompresses
// to exactly these texts. To make them again: `npx tsx test/support/zstd-fixtures.ts --write` (needs the zstd program).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fixturePath } from './paths.js';

const WORDS = 'river stone market winter garden signal harbor lantern copper meadow orbit saddle timber velvet Größe naïve 東京 ΣΟΦΟΣ anchor basket candle desert engine'.split(' ');

function words(seed: number, count: number): string {
  let state = seed >>> 0;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    out.push(WORDS[state % WORDS.length]);
  }
  return out.join(' ');
}

/** One document of several paragraphs. */
export const ARTICLE_TEXT = Array.from({ length: 12 }, (_, i) => words(i + 1, 60)).join('\n\n') + '\n';

/** JSONL records { id, text }, 2,000 lines. */
export const RECORDS = Array.from({ length: 2000 }, (_, i) => ({ id: `rec-${i}`, text: words(1000 + i, 25) }));
export const RECORDS_JSONL = RECORDS.map((r) => JSON.stringify(r)).join('\n') + '\n';

export const FIXTURES = {
  article: fixturePath('io/article.txt.zst'),
  /** Two zstd frames one after the other (the first 1,000 records, then the rest), as `cat a.zst b.zst` makes. */
  records: fixturePath('io/records.jsonl.zst'),
};

function zstd(text: string): Buffer {
  return execFileSync('zstd', ['-q', '-19', '-c'], { input: Buffer.from(text, 'utf8') });
}

if (process.argv.includes('--write')) {
  writeFileSync(FIXTURES.article, zstd(ARTICLE_TEXT));
  const half = RECORDS_JSONL.split('\n').slice(0, 1000).join('\n') + '\n';
  writeFileSync(FIXTURES.records, Buffer.concat([zstd(half), zstd(RECORDS_JSONL.slice(half.length))]));
}
