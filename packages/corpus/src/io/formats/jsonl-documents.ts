// The records of one JSONL stream as documents; a line that is no record is skipped and reported by its number, and
// the rest go on. Events come out a chunk's lines at a time (see lineBatches).
import type { DocumentEvent } from '../input-document.js';
import { documentEvents, recordOfLine, type RecordFields } from './jsonl-record.js';
import { lineBatches } from '../bytes/lines.js';
import type { HtmlMode } from '../read-options.js';

/** `progress`: the bytes read since it was last called, as an event, if any. */
export async function* jsonlDocuments(label: string, chunks: AsyncIterable<Uint8Array>, fields: RecordFields, html: HtmlMode, progress: () => DocumentEvent | undefined): AsyncGenerator<DocumentEvent[]> {
  for await (const batch of lineBatches(chunks)) {
    const events: DocumentEvent[] = [];
    const read = progress();
    if (read !== undefined) events.push(read);
    for (const { line, number } of batch) {
      const source = `${label}:${number}`;
      const record = recordOfLine(line, fields, html);
      if (record === null) continue;
      if ('skip' in record) events.push({ kind: 'skipped', source, reason: record.skip });
      else {
        const { id, text } = record;
        // The line is kept (a view of the chunk, no copy) so that --output can write the record back byte for byte.
        const document = { source, ...(id === undefined ? {} : { id }), line, text, html: record.html, bytes: line.length };
        if (record.keep === undefined) events.push({ kind: 'document', document });
        else events.push(...documentEvents(document, record.keep));
      }
    }
    yield events;
  }
}
