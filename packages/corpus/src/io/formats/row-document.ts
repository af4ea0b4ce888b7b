// A table row (Parquet, CSV) as a document: its text and id found by --text-field and --id-field, the row itself
// kept as the document's record (for --output). A row without a usable text is a problem the reader reports by the
// row's place in the file, and the run goes on; a row without a number in the keep field stays, flagged.
import { getField } from './field-path.js';
import type { DocumentEvent } from '../input-document.js';
import { documentEvents, keepNumber, type RecordFields } from './jsonl-record.js';
import type { HtmlMode } from '../read-options.js';
import { wantsHtml } from './whole-document.js';

/** The row's events: its document (and its flag), or the one 'skipped' event of a row that is no document. */
export function rowDocumentEvents(row: Readonly<Record<string, unknown>>, source: string, fields: RecordFields, html: HtmlMode): DocumentEvent[] {
  const textName = fields.text.join('.');
  const text = fieldValue(row, fields.text);
  if (typeof text !== 'string') return [{ kind: 'skipped', source, reason: `"${textName}" must be a string, got ${kind(text)}` }];
  if (text.length === 0) return [{ kind: 'skipped', source, reason: `empty "${textName}"` }];
  const id = idValue(fieldValue(row, fields.id));
  if (typeof id === 'object') return [{ kind: 'skipped', source, reason: `"${fields.id.join('.')}" must be a string or a number, got ${id.got}` }];
  const document = { source, ...(id === undefined ? {} : { id }), record: row, text, html: wantsHtml(html, text), bytes: Buffer.byteLength(text) };
  return documentEvents(document, fields.keep === undefined ? undefined : keepNumber(fieldValue(row, fields.keep), fields.keep));
}

/**
 * A column named as the whole path first (a CSV header "meta.title" is one column), else the path's steps into
 * nested values (a Parquet struct column).
 */
function fieldValue(row: Readonly<Record<string, unknown>>, path: readonly string[]): unknown {
  if (path.length > 1) {
    const whole = path.join('.');
    if (Object.prototype.hasOwnProperty.call(row, whole)) return row[whole];
  }
  return getField(row, path);
}

/**
 * Strings and numbers as they are; a 64-bit integer (Parquet INT64 reads as a bigint) as a number when exact, else
 * as its decimal string; null or missing as no id (the document is then named by its place).
 */
function idValue(value: unknown): string | number | undefined | { got: string } {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  return { got: kind(value) };
}

function kind(value: unknown): string {
  if (value === undefined) return 'none';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Uint8Array) return 'bytes';
  return typeof value;
}
