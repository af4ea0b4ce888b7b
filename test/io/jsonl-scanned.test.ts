// The JSONL line reader with the record scanner (io/formats/jsonl-scanned.ts) against the JS reader alone
// (recordOfLine): the same record for every line, ids of every shape included, with the text as UTF-8 where the
// scanner read it; the JS reader's record, messages and all, where it handed the line back.
import { describe, expect, it } from 'vitest';
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
