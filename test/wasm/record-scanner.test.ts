// The JSONL record scanner (assembly/corpus/json-record.ts, src/wasm/record-scanner.ts) against JSON.parse: whatever
// line it accepts, JSON.parse accepts too, as an object whose text field is a string with the same UTF-8 (a lone
// surrogate as U+FFFD, what the engine reads it as) and UTF-16 length, and whose id and keep values are those the
// scanner points at. It must also accept the lines real corpora hold, or it would save nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecordScanner } from '../../packages/simhash-wasm/src/wasm/record-scanner.js';

const encoder = new TextEncoder();
const bytesOf = (line: string) => encoder.encode(line);
const parse = (bytes: Uint8Array) => JSON.parse(Buffer.from(bytes).toString('utf8'));
const own = (value: object, key: string) => (Object.prototype.hasOwnProperty.call(value, key) ? (value as Record<string, unknown>)[key] : undefined);

/** Fails the test where the scanner's answer for `line` is not JSON.parse's; returns whether it accepted. */
function agrees(scanner: RecordScanner, line: Uint8Array, keys = { text: 'text', id: 'id', keep: 'score' }): boolean {
  const n = scanner.scan(line);
  if (n < 0) return false;
  let value: unknown;
  const decoded = Buffer.from(line).toString('utf8');
  expect(Buffer.from(decoded, 'utf8').equals(Buffer.from(line)), 'accepted invalid UTF-8').toBe(true);
  expect(() => (value = JSON.parse(decoded)), `accepted a line JSON.parse refuses: ${decoded}`).not.toThrow();
  expect(value !== null && typeof value === 'object' && !Array.isArray(value)).toBe(true);
  const text = own(value as object, keys.text);
  expect(typeof text).toBe('string');
  expect(Buffer.from(scanner.text()).equals(Buffer.from(encoder.encode(text as string)))).toBe(true);
  expect(scanner.text().length).toBe(n);
  expect(scanner.textUnits()).toBe((text as string).length);
  // Where its first `<` is, in its UTF-8 (the JSONL reader's HTML sniff looks only at texts that have one).
  const less = (text as string).indexOf('<');
  expect(scanner.firstLess()).toBe(less < 0 ? -1 : encoder.encode((text as string).slice(0, less)).length);
  const idJson = scanner.idJson();
  expect(idJson === undefined ? undefined : parse(idJson)).toEqual(own(value as object, keys.id));
  const keepJson = scanner.keepJson();
  expect(keepJson === undefined ? undefined : parse(keepJson)).toEqual(own(value as object, keys.keep));
  return true;
}

const scanner = RecordScanner.create({ text: 'text', id: 'id', keep: 'score' })!;

describe('the record scanner', () => {
  it('accepts the records real corpora hold and reads them as JSON.parse does', () => {
    const lines = [
      '{"id": 1, "text": "plain words"}',
      '{"id":"doc-7","text":"line one\\nline two\\ttabbed \\"quoted\\" back\\\\slash \\/ slash"}',
      '  {"text": "trailing space after", "id": -12.5e+3}  ',
      '{"meta": {"url": "http://x", "tags": ["a", {"b": [1, 2, {}]}, [], null, true, false]}, "text": "nested around"}',
      '{"text": "caf\u00e9 \u65e5\u672c\u8a9e \ud83d\ude00 emoji", "id": "\u00e9"}',
      '{"text": "escaped \\u00e9 \\u65e5 \\ud83d\\ude00 pair, lone \\ud800 high, lone \\udc00 low, \\uD800\\uD800\\uDC00"}',
      '{"text": "first", "text": "the last one counts", "id": 1, "id": "two"}',
      '{"score": 0.5, "text": "kept by score", "id": 0}',
      '{"text": "a long text ' + 'with many words '.repeat(5000) + '"}',
      '{"id": null, "text": "null id"}',
      '{"text": "caf\u00e9 <b>bold</b> <i>", "id": 2}', '{"text": "\\u003cp>escaped, then <p>"}', '{"text": "x\\u00e9\\u003c"}',
      '{"text": "<first", "text": "last without one"}', '{"text": "no tag", "text": "last ' + 'word '.repeat(9) + '<html>"}',
    ];
    for (const line of lines) expect(agrees(scanner, bytesOf(line)), line.slice(0, 80)).toBe(true);
  });

  it('hands back what JSON.parse refuses or what only the JS reader can judge', () => {
    const lines = [
      '', '   ', '[]', '"text"', '{}', '{"id": 1}', '{"text": 5}', '{"text": ["a"]}', '{"text": "a",}', '{"text": "a"',
      '{"text": "a"} x', '{"text": "a"}{}', '{text: "a"}', "{'text': 'a'}", '{"text": "a\tb"}', '{"text": "\\x41"}',
      '{"text": "\\u12"}', '{"text": "\\u12G4"}', '{"id": 01, "text": "a"}', '{"id": 1., "text": "a"}', '{"id": .5, "text": "a"}',
      '{"id": +1, "text": "a"}', '{"id": -, "text": "a"}', '{"id": 1e, "text": "a"}', '{"id": tru, "text": "a"}',
      '{"id": nul, "text": "a"}', '{"m": [1, 2,], "text": "a"}', '{"m": {"a" 1}, "text": "a"}', '{"m": {"a": 1,}, "text": "a"}',
      '{"t\\u0065xt": "escaped key"}', '\ufeff{"text": "after a BOM"}', '{"text": "a"}\u00a0', '{"m": ' + '['.repeat(300) + ']'.repeat(300) + ', "text": "deep"}',
    ];
    for (const line of lines) expect(scanner.scan(bytesOf(line)), line.slice(0, 80)).toBe(-1);
    // Invalid UTF-8 inside a string (a lone continuation byte, an encoded surrogate, an overlong form, past U+10FFFF).
    for (const bad of [[0x80], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xf4, 0x90, 0x80, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xe2, 0x82]]) {
      const line = new Uint8Array([...bytesOf('{"text": "ab'), ...bad, ...bytesOf('cd"}')]);
      expect(scanner.scan(line), bad.join(' ')).toBe(-1);
    }
  });

  it('agrees with JSON.parse on any JSON object and on lines with any byte changed', () => {
    const record = fc.record({
      text: fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' })),
      id: fc.oneof(fc.string(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null)),
      score: fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.string(), fc.constant(undefined)),
      other: fc.jsonValue(),
    }, { requiredKeys: ['text'] });
    let accepted = 0;
    fc.assert(fc.property(record, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 3 }), (value, edits) => {
      const line = bytesOf(JSON.stringify(value));
      if (agrees(scanner, line)) accepted++;
      const edited = line.slice();
      for (const [at, byte] of edits) if (edited.length > 0) edited[at % edited.length] = byte;
      agrees(scanner, edited);
    }), { numRuns: 3000 });
    expect(accepted).toBeGreaterThan(2000); // every line of JSON.stringify's with a non-empty text
  });

  it('reads lines of any length, one after another, into the memory it grows', () => {
    for (const words of [1, 100_000, 3]) {
      const text = Array.from({ length: words }, (_, i) => `w${i}`).join(' ');
      expect(agrees(scanner, bytesOf(JSON.stringify({ id: words, text })))).toBe(true);
    }
  });

  it('is not made for keys it cannot look for byte by byte, nor for two fields under one key', () => {
    expect(RecordScanner.create({ text: 'x'.repeat(300), id: 'id' })).toBeNull();
    expect(RecordScanner.create({ text: 'body', id: 'body' })).toBeNull();
    expect(RecordScanner.create({ text: 'body', id: 'id', keep: 'id' })).toBeNull();
    const other = RecordScanner.create({ text: 'body', id: 'key', keep: 'rank' })!;
    expect(agrees(other, bytesOf('{"key": "k", "body": "b", "text": "not this", "rank": 3}'), { text: 'body', id: 'key', keep: 'rank' })).toBe(true);
  });
});
