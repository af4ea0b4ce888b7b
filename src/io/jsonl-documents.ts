// The records of one JSONL stream as documents, a line at a time; a line that is no record is skipped and reported
// by its number, and the rest go on.
import type { DocumentEvent } from './input-document.js';
import { parseRecord, type RecordFields } from './jsonl-record.js';
import { lines } from './lines.js';
import type { HtmlMode } from './read-options.js';
import { wantsHtml } from './whole-document.js';

/** `progress`: the bytes read since it was last called, as an event, if any. */
export async function* jsonlDocuments(label: string, chunks: AsyncIterable<Uint8Array>, fields: RecordFields, html: HtmlMode, progress: () => DocumentEvent | undefined): AsyncGenerator<DocumentEvent> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const textName = fields.text.join('.');
  for await (const { line, number } of lines(chunks)) {
    const read = progress();
    if (read !== undefined) yield read;
    const source = `${label}:${number}`;
    const record = parseRecord(line, decoder, fields);
    if (record === null) continue;
    if ('problem' in record) {
      yield { kind: 'skipped', source, reason: `malformed JSONL line: ${record.problem}` };
      continue;
    }
    if (record.text.length === 0) {
      yield { kind: 'skipped', source, reason: `empty "${textName}"` };
      continue;
    }
    const { id, text } = record;
    yield { kind: 'document', document: { source, ...(id === undefined ? {} : { id }), text, html: wantsHtml(html, text), bytes: line.length } };
  }
}
