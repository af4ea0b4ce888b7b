// A JSONL file with every edge a JSONL reader meets, seeded so a failure reproduces: escapes (surrogate pairs, a
// lone surrogate), raw non-ASCII, CRLF, blank and whitespace lines, malformed lines, missing, empty and non-string
// texts, ids of every kind, nested fields, numbers to keep by (and not), invalid UTF-8, HTML pages sharing a site's lines, texts long enough to
// cut a batch by size, and a last line without a newline. For comparing readers that cut the file differently.
import { articlePage } from './html-pages.js';
import { lcgUniform } from './random.js';

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'Grüße', 'Köln', '中文字符', 'naïve', 'émoji', '😀', 'tab\there', 'quote"d', 'back\\slash'];

/**
 * A site's article page whose article holds the site's kicker: a line its main content loses once the pages read so
 * far repeat it often enough (html/corpus-main-text.ts), so a page's text depends on the pages counted before it.
 */
export function kickerPage(seed: number, paragraphs: number): string {
  return articlePage(seed, paragraphs).html.replace('<div class="post-body">', '<div class="post-body"><p>Support independent journalism, become a member today and read without limits.</p>');
}

/** The file's bytes: `records` lines of documents among the edge cases, seeded. */
export function jsonlEdges(records: number, seed = 7): Uint8Array {
  const random = lcgUniform(seed);
  const below = (n: number) => Math.floor(random() * n);
  const words = (n: number) => Array.from({ length: n }, () => WORDS[below(WORDS.length)]).join(' ');
  const lines: (string | Uint8Array)[] = [];
  for (let i = 0; i < records; i++) {
    const text = words(3 + below(40));
    switch (below(24)) {
      case 0: lines.push(''); break;
      case 1: lines.push('   \t'); break;
      case 2: lines.push(`{"id": "bad-${i}", "text": "unterminated`); break;
      case 3: lines.push(JSON.stringify({ id: `missing-${i}` })); break;
      case 4: lines.push(JSON.stringify({ id: i, text: '' })); break;
      case 5: lines.push(JSON.stringify({ id: i, text: below(2) === 0 ? 42 : null })); break;
      case 6: lines.push(JSON.stringify({ id: true, text })); break;
      case 7: lines.push(below(2) === 0 ? '[1, 2, 3]' : '"a string"'); break;
      case 8: lines.push(`${JSON.stringify({ id: `crlf-${i}`, text })}\r`); break;
      case 9: lines.push(Buffer.concat([Buffer.from(`{"id": "utf8-${i}", "text": "caf`), Buffer.from([0xff, 0xfe]), Buffer.from('e"}')])); break;
      case 10: lines.push(`{"id": "esc-${i}", "text": "\\u00e9t\\u00e9 \\ud83d\\ude00 \\"q\\" \\n\\t ${text.replace(/[\\"\t]/g, ' ')} \\ud800 lone"}`); break;
      case 11: lines.push(JSON.stringify({ meta: { id: `n-${i}` }, body: { text: `nested ${text}` }, text: `top ${text}` })); break;
      case 12: lines.push(JSON.stringify({ meta: { id: i }, body: { text: 7 } })); break;
      case 13: case 14: lines.push(JSON.stringify({ id: `page-${i}`, text: kickerPage(seed * 1000 + i, 2 + below(4)) })); break;
      case 15: lines.push(JSON.stringify({ id: `long-${i}`, text: words(5_000 + below(5_000)) })); break;
      case 16: lines.push(JSON.stringify({ text: `no id ${text}` })); break;
      // A number to keep by (--keep-max score) in most, something else in some.
      default: lines.push(JSON.stringify(below(3) === 0 ? { id: i, text, score: below(4) === 0 ? 'high' : below(1000) / 10 } : { id: `doc-${i}`, text, extra: { nested: [1, 2] }, score: i }));
    }
  }
  lines.push(JSON.stringify({ id: 'last', text: 'the last line has no newline' }));
  const parts = lines.flatMap((line, i) => (i === lines.length - 1 ? [Buffer.from(line)] : [Buffer.from(line), Buffer.from('\n')]));
  return Buffer.concat(parts);
}
