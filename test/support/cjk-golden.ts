// The golden file of tokens: 'cjk-chars', test/fixtures/cjk-chars-fingerprints.jsonl: one line per text with its
// fingerprints (16 hex digits) from the independent oracle (cjk-oracle.ts), unweighted for w = 1..5 (`tf`) and
// weighted by goldenWeight for w = 1..3 (`weighted`). The texts are cut from cjk-texts.ts by a seeded generator.
// To make the file again (only if the definition itself changes): `npx tsx test/support/cjk-golden.ts --write`.
import { readFileSync, writeFileSync } from 'node:fs';
import { cjkOracleFingerprint } from './cjk-oracle.js';
import { CHINESE_SENTENCES, chineseParagraph, EDGE_FRAGMENTS, JAPANESE_SENTENCES, KOREAN_SENTENCES, OTHER_FRAGMENTS } from './cjk-texts.js';
import { fixturePath } from './paths.js';
import { lcgUniform } from './random.js';

export const CJK_GOLDEN_PATH = fixturePath('cjk-chars-fingerprints.jsonl');
export const TF_WIDTHS = [1, 2, 3, 4, 5];
export const WEIGHTED_WIDTHS = [1, 2, 3];

export interface CjkGoldenLine { text: string; tf: string[]; weighted: string[] }

/** The weights of the `weighted` column: an int32 from -3 to 7 read off the feature hash. */
export function goldenWeight(featureHash: bigint): number {
  return Number(featureHash % 11n) - 3;
}

const SENTENCES = [...CHINESE_SENTENCES, ...JAPANESE_SENTENCES, ...KOREAN_SENTENCES];
const SEPARATORS = ['', '', ' ', '，', ', ', '\n', '。', '-', '…'];

/** The golden texts, in file order. */
export function cjkGoldenTexts(): string[] {
  const random = lcgUniform(20261203);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const texts: string[] = [...SENTENCES];
  for (const edge of EDGE_FRAGMENTS) texts.push(edge, `中${edge}文`, `a${edge}b`, `ΑΣ${edge}`, `${edge}ΑΣ`, `Ab${edge}Σ`);
  for (const other of OTHER_FRAGMENTS) texts.push(`${other}中文`, `中文${other}`, `東${other}京`);
  for (let n = 0; n < 250; n++) {
    const pieces = 1 + Math.floor(random() * 30);
    let text = '';
    for (let i = 0; i < pieces; i++) {
      const kind = random();
      let piece: string;
      if (kind < 0.5) {
        const sentence = pick(SENTENCES);
        const from = Math.floor(random() * sentence.length);
        piece = sentence.slice(from, from + 1 + Math.floor(random() * 20));
      } else if (kind < 0.8) piece = pick(OTHER_FRAGMENTS);
      else piece = pick(EDGE_FRAGMENTS);
      text += (i === 0 ? '' : pick(SEPARATORS)) + piece;
    }
    texts.push(text);
  }
  // Long texts: many feature blocks (255 features each) and the engines' slices of input.
  for (const length of [600, 1500, 4000]) texts.push(chineseParagraph(length, length % 7));
  texts.push(Array.from({ length: 400 }, () => pick([...SENTENCES, ...OTHER_FRAGMENTS, ...EDGE_FRAGMENTS])).join(''));
  // Lone surrogates (U+FFFD, a separator) beside CJK.
  texts.push('中\uD800文', 'a\uDC00中', '\uD842中\uDFB7', '𠮷\uD842');
  texts.push('', ' ', '。。。', 'no cjk here at all');
  return texts;
}

const hex = (fp: bigint) => fp.toString(16).padStart(16, '0');

export function readCjkGolden(): CjkGoldenLine[] {
  return readFileSync(CJK_GOLDEN_PATH, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line));
}

if (process.argv.includes('--write')) {
  const lines = cjkGoldenTexts().map((text) => JSON.stringify({
    text,
    tf: TF_WIDTHS.map((w) => hex(cjkOracleFingerprint(text, w))),
    weighted: WEIGHTED_WIDTHS.map((w) => hex(cjkOracleFingerprint(text, w, goldenWeight))),
  }));
  writeFileSync(CJK_GOLDEN_PATH, lines.join('\n') + '\n');
  console.log(`${lines.length} lines written to ${CJK_GOLDEN_PATH}`);
}
