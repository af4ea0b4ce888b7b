// readJsonlRange, a worker's share of a JSONL file: cut into ranges of any size, without looking at the bytes, a
// file gives exactly the documents, skipped lines and flagged records the streamed read gives, each once, with the
// same line numbers, and says where each document's line is in the file. Texts are compared as the engine reads
// them, as UTF-8: a range gives the texts its record scanner read as UTF-8 (lone surrogate escapes as U+FFFD), and
// their UTF-16 lengths as the strings'.
import { closeSync, mkdtempSync, openSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { readDocuments, readJsonlRange, recordFields, recordsAt, type DocumentOptions } from '../../packages/corpus/src/io/index.js';
import { jsonlEdges } from '../support/jsonl-edges.js';

const dir = mkdtempSync(join(tmpdir(), 'simhash-range-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bytes = jsonlEdges(120);
const encoder = new TextEncoder();
/** A text as the engine reads it; a range's scanned texts are views that the next range overwrites: copied. */
const utf8 = (text: string | Uint8Array) => (typeof text === 'string' ? encoder.encode(text) : text.slice());
const path = join(dir, 'edges.jsonl');
writeFileSync(path, bytes);

/**
 * The streamed read's view: [source, id, text as UTF-8, its UTF-16 length, html, bytes, keepValue] per document, and [kind, source, reason] per
 * skipped line and flagged record, in order.
 */
async function streamed(options: DocumentOptions, file = path, size = bytes.length) {
  const documents: unknown[][] = [];
  const notes: string[][] = [];
  for await (const event of readDocuments([{ kind: 'file', path: file, size }], new PassThrough(), options)) {
    if (event.kind === 'document') documents.push([event.document.source, event.document.id, utf8(event.document.text), event.document.text.length, event.document.html, event.document.bytes, event.document.keepValue]);
    if (event.kind === 'skipped' || event.kind === 'flagged') notes.push([event.kind, event.source, event.reason]);
  }
  return { documents, notes };
}

/** The same file read range by range, line numbers counted across ranges as the main thread counts them. */
function byRanges(size: number, options: DocumentOptions, file = path, fileBytes = bytes) {
  const fields = recordFields(options.textField, options.idField, options.keepField);
  const documents: unknown[][] = [];
  const notes: string[][] = [];
  let lines = 0, scanned = 0;
  for (let start = 0; start < fileBytes.length; start += size) {
    const range = readJsonlRange(file, start, Math.min(start + size, fileBytes.length), fields, options.html);
    for (const r of range.records) {
      documents.push([`${file}:${lines + r.line + 1}`, r.id, utf8(r.text), r.chars, r.html, r.length, r.keepValue]);
      if (typeof r.text !== 'string') scanned++;
      // Where the line is: the file's bytes there are the line, a newline (or the file's end, or a CR) after it.
      expect(r.offset === 0 || fileBytes[r.offset - 1] === 0x0a).toBe(true);
      expect([undefined, 0x0a, 0x0d]).toContain(fileBytes[r.offset + r.length]);
    }
    for (const n of range.notes) notes.push([n.kind, `${file}:${lines + n.line + 1}`, n.reason]);
    lines += range.lines;
  }
  return { documents, notes, lines, scanned };
}

describe('readJsonlRange', () => {
  const cases: [string, DocumentOptions][] = [
    ['default fields, HTML sniffed', { html: 'auto', mail: false, invalidUtf8: 'skip' }],
    ['nested fields, invalid UTF-8 replaced elsewhere', { html: 'off', mail: false, invalidUtf8: 'replace', textField: 'body.text', idField: 'meta.id' }],
    ['a number to keep by', { html: 'off', mail: false, invalidUtf8: 'skip', keepField: 'score' }],
  ];
  it.each(cases)('gives the streamed read\'s documents, skipped lines and flagged records for ranges of any size (%s)', async (_name, options) => {
    const expected = await streamed(options);
    expect(expected.documents.length).toBeGreaterThan(5);
    expect(expected.notes.filter(([kind]) => kind === 'skipped').length).toBeGreaterThan(10);
    if (options.keepField !== undefined) {
      expect(expected.notes.filter(([kind]) => kind === 'flagged').length).toBeGreaterThan(0);
      expect(expected.documents.filter((d) => d[6] !== undefined).length).toBeGreaterThan(10);
    }
    for (const size of [3, 7, 61, 1000, 4096, bytes.length, bytes.length * 2]) {
      const got = byRanges(size, options);
      expect(got.documents, `ranges of ${size} bytes`).toEqual(expected.documents);
      expect(got.notes, `ranges of ${size} bytes`).toEqual(expected.notes);
      expect(got.lines).toBe(bytes.filter((b) => b === 0x0a).length + 1); // the last line has no newline
      // Top-level fields are read by the record scanner where it is sure, nested ones by the JS reader alone.
      if (options.textField === undefined) expect(got.scanned).toBeGreaterThan(expected.documents.length / 3);
      else expect(got.scanned).toBe(0);
    }
  });

  it('reads more lines in one range than the record scanner reads in one call (4,096), as the streamed read does', async () => {
    // Short lines of the common kinds (jsonlEdges's pages make a long file slow to read): records, a CRLF, escapes,
    // raw non-ASCII, a `<`, blank, empty and malformed lines.
    const kinds = (i: number) => [
      `{"id": ${i}, "text": "words of record ${i}"}`, `{"id": "r${i}", "text": "a CRLF line ${i}"}\r`, `{"text": "esc\\n\\u00e9 ${i}", "id": ${i}}`,
      `{"id": ${i}, "text": "Grüße ${i}"}`, `{"text": "x < y ${i}"}`, '', `{"text": ""}`, `{"id": ${i}, "text": "unterminated`,
    ][i % 8];
    const many = encoder.encode(Array.from({ length: 9_000 }, (_, i) => kinds(i)).join('\n'));
    const file = join(dir, 'many.jsonl');
    writeFileSync(file, many);
    const options: DocumentOptions = { html: 'auto', mail: false, invalidUtf8: 'skip' };
    const expected = await streamed(options, file, many.length);
    expect(expected.documents.length).toBeGreaterThan(4096);
    for (const size of [many.length, Math.ceil(many.length / 3)]) {
      const got = byRanges(size, options, file, many);
      expect(got.documents, `ranges of ${size} bytes`).toEqual(expected.documents);
      expect(got.notes, `ranges of ${size} bytes`).toEqual(expected.notes);
      expect(got.scanned).toBeGreaterThan(expected.documents.length / 3);
    }
  });

  it('reads a file that ends with a newline, or is empty, with no line after the last newline', () => {
    const ended = join(dir, 'ended.jsonl');
    writeFileSync(ended, '{"text": "one"}\n\n{"text": "two"}\r\n');
    const fields = recordFields();
    for (const size of [1, 5, 100]) {
      let lines = 0;
      const texts: Uint8Array[] = [];
      for (let start = 0; start < 35; start += size) {
        const range = readJsonlRange(ended, start, Math.min(start + size, 35), fields, 'off');
        lines += range.lines;
        texts.push(...range.records.map((r) => utf8(r.text)));
      }
      expect([lines, texts]).toEqual([3, ['one', 'two'].map((text) => encoder.encode(text))]);
    }
    const empty = join(dir, 'empty.jsonl');
    writeFileSync(empty, '');
    expect(readJsonlRange(empty, 0, 10, fields, 'off')).toEqual({ lines: 0, records: [], notes: [] });
  });

  it('throws when the file cannot be read, for the caller to report', () => {
    expect(() => readJsonlRange(join(dir, 'missing.jsonl'), 0, 10, recordFields(), 'off')).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });
});

describe('recordsAt', () => {
  // Wanted records between unwanted ones of every size: next to each other, a few bytes, 16 KB (the most one read
  // reaches over) and more apart, and a record longer than one read of several takes (4 MB): each read back as the
  // range read gave it, whichever records are read together.
  const filler = (i: number, bytes: number) => JSON.stringify({ id: `filler-${i}`, text: 'x '.repeat(bytes >> 1) });
  const gaps = [0, 10, 1_000, 16_000, 16_600, 70_000, 300_000];
  const lines: string[] = [];
  gaps.forEach((gap, i) => {
    lines.push(JSON.stringify({ id: `near-${i}`, text: `words of record ${i} Grüße "quoted" \n` }));
    if (gap > 0) lines.push(filler(i, gap));
  });
  lines.push(JSON.stringify({ id: 'long', text: 'long text '.repeat(500_000) }), JSON.stringify({ id: 'after-long', text: 'the last one' }));
  const file = join(dir, 'places.jsonl');
  const fileBytes = encoder.encode(lines.join('\n') + '\n');
  writeFileSync(file, fileBytes);
  const fields = recordFields();
  // Texts as strings: a deep comparison of the 5 MB text's bytes takes a minute.
  const asString = (text: string | Uint8Array) => (typeof text === 'string' ? text : new TextDecoder().decode(text));
  const all = readJsonlRange(file, 0, fileBytes.length, fields, 'off').records.map((r) => ({ offset: r.offset, length: r.length, id: r.id, text: asString(r.text) }));

  function readBack(wanted: typeof all) {
    const fd = openSync(file, 'r');
    try {
      const recordAt = recordsAt(fields, 'off', fd, Float64Array.from(wanted, (r) => r.offset), Uint32Array.from(wanted, (r) => r.length));
      return wanted.map((_, i) => {
        const record = recordAt(i);
        return record === null || 'skip' in record ? record : { id: record.id, text: asString(record.text) };
      });
    } finally {
      closeSync(fd);
    }
  }

  it('reads back each record as the range read gave it, records near each other in one read', () => {
    expect(all.length).toBe(lines.length);
    const near = all.filter((r) => !String(r.id).startsWith('filler'));
    for (const wanted of [all, near, near.filter((_, i) => i % 2 === 1), near.slice(-3), [near[3]]]) {
      expect(readBack(wanted)).toEqual(wanted.map(({ id, text }) => ({ id, text })));
    }
  });

  it('reads records asked for out of file order, each read alone', () => {
    const wanted = [all[5], all[1], all[all.length - 1], all[0], all[0]];
    expect(readBack(wanted)).toEqual(wanted.map(({ id, text }) => ({ id, text })));
  });

  it('reads what is there when the file got shorter, for the caller to compare', () => {
    const cut = join(dir, 'places-cut.jsonl');
    writeFileSync(cut, fileBytes);
    const last = all[all.length - 1];
    truncateSync(cut, last.offset + 4); // the last record cut short
    const fd = openSync(cut, 'r');
    try {
      const recordAt = recordsAt(fields, 'off', fd, Float64Array.from(all, (r) => r.offset), Uint32Array.from(all, (r) => r.length));
      const first = recordAt(0);
      expect(first !== null && !('skip' in first) && first.id).toBe(all[0].id);
      for (let i = 1; i < all.length - 1; i++) recordAt(i);
      expect(recordAt(all.length - 1)).toEqual(expect.objectContaining({ skip: expect.any(String) }));
    } finally {
      closeSync(fd);
    }
  });
});
