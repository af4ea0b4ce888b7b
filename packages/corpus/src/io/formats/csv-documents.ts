// The rows of a CSV or TSV stream as documents (csv-parse, streaming): a header row names the columns, --text-field
// and --id-field pick two of them, and each row's record is the row object. Quoted fields may hold delimiters,
// quotes and line breaks. A row that cannot be read (a wrong number of fields) or has no text is reported by the
// line it starts on, and the rest go on. csv-parse loads on the first CSV file.
import type { CsvError, Info } from 'csv-parse';
import { pipeline, Readable } from 'node:stream';
import { withProgress, type ByteCounter } from '../bytes/byte-counter.js';
import type { DocumentEvent } from '../input-document.js';
import type { RecordFields } from './jsonl-record.js';
import type { HtmlMode, InvalidUtf8Mode } from '../read-options.js';
import { rowDocumentEvents } from './row-document.js';
import { utf8Strings } from '../bytes/utf8-strings.js';

export type Delimiter = ',' | '\t';

/** Rows are handed on this many events at a time. */
const BATCH_EVENTS = 512;

interface Parsed {
  readonly record: Record<string, string>;
  readonly info: Info;
  readonly raw: string;
}

/** A problem found while parsing, at the line its row starts on. */
interface LineProblem {
  readonly line: number;
  readonly reason: string;
}

/** `counter`: the bytes the caller has read so far (before decompression), reported with the rows. */
export async function* csvDocuments(label: string, chunks: AsyncIterable<Uint8Array>, delimiter: Delimiter, fields: RecordFields, html: HtmlMode, invalidUtf8: InvalidUtf8Mode, counter: ByteCounter): AsyncGenerator<DocumentEvent[]> {
  const { parse } = await import('csv-parse');
  const textColumn = fields.text.join('.');
  const problems: LineProblem[] = [];
  // pipeline: an error of the source (a read error, damaged compressed data, invalid UTF-8) ends the parser with it.
  const parser = pipeline(
    Readable.from(utf8Strings(chunks, invalidUtf8)),
    parse({
      delimiter,
      columns: (header: string[]) => checkedHeader(header, textColumn),
      bom: true,
      // Both line ends, whatever the first line used; inside quotes they stay part of the field.
      record_delimiter: ['\r\n', '\n'],
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: (error: CsvError | undefined, raw: string | undefined) => {
        if (error !== undefined) problems.push({ line: startLine(Number(error.lines), raw ?? ''), reason: `unreadable row (${error.message})` });
        return undefined;
      },
      info: true,
      raw: true,
    }),
    () => {},
  );
  let events: DocumentEvent[] = [];
  const take = (): DocumentEvent[] => {
    const taken = withProgress(counter, events);
    events = [];
    return taken;
  };
  // Problems are found ahead of the rows parsed before them: each goes out just before the first row after it.
  const problemsBefore = (line: number) => {
    while (problems.length > 0 && problems[0].line < line) {
      const { line: at, reason } = problems.shift()!;
      events.push({ kind: 'skipped', source: `${label}:${at}`, reason });
    }
  };
  try {
    for await (const { record, info, raw } of parser as AsyncIterable<Parsed>) {
      const line = startLine(info.lines, raw);
      problemsBefore(line);
      const source = `${label}:${line}`;
      events.push(...rowDocumentEvents(record, source, fields, html));
      if (events.length >= BATCH_EVENTS) yield take();
    }
    problemsBefore(Infinity);
  } catch (error) {
    problemsBefore(Infinity);
    events.push({ kind: 'skipped', source: label, reason: `${(error as Error).message}; the rest of the file is not read` });
  }
  const rest = take();
  if (rest.length > 0) yield rest;
}

/** The header's columns, or an error when the text column is not among them (no row could be a document). */
function checkedHeader(header: string[], textColumn: string): string[] {
  if (!header.includes(textColumn)) throw new Error(`no column "${textColumn}" in the header (it has ${header.map((name) => `"${name}"`).join(', ')}; --text-field names the column)`);
  return header;
}

/**
 * The line a row starts on, from the line it ends on (csv-parse's count) and its raw text: the raw text may begin
 * with the blank lines skipped before it and ends with its line break.
 */
function startLine(endLine: number, raw: string): number {
  const row = raw.replace(/^(?:\r?\n)+/, '').replace(/\r?\n$/, '');
  let breaks = 0;
  for (let at = row.indexOf('\n'); at !== -1; at = row.indexOf('\n', at + 1)) breaks++;
  return endLine - breaks;
}
