// One JSONL line as a document record: a JSON object with a text and, optionally, an id. The one JSONL convention of
// every command: `{ "id", "text" }`, or other shapes through --text-field and --id-field.
import { getField, parseFieldPath, type FieldPath } from './field-path.js';
import type { DocumentEvent, InputDocument } from '../input-document.js';
import type { HtmlMode } from '../read-options.js';
import { wantsHtml } from './whole-document.js';
import { decodeUtf8 } from '../bytes/utf8.js';

export interface RecordFields {
  readonly text: FieldPath;
  readonly id: FieldPath;
  /** The number to keep by (dedupe --keep-max/--keep-min), when asked for. */
  readonly keep?: FieldPath;
}

export interface DocumentRecord {
  readonly id?: string | number;
  readonly text: string;
  /** With fields.keep: the number there, or why there is none. */
  readonly keep?: KeepNumber;
}

export type KeepNumber = number | { readonly problem: string };

export function recordFields(text = 'text', id = 'id', keep?: string): RecordFields {
  return { text: parseFieldPath(text), id: parseFieldPath(id), ...(keep === undefined ? {} : { keep: parseFieldPath(keep) }) };
}

/**
 * The keep field's value as a number: a JSON number, or an integer column (Parquet INT64 reads as a bigint). Anything
 * else is a problem the reader reports; the document stays and ranks last (grouping/keep.ts).
 */
export function keepNumber(value: unknown, path: FieldPath): KeepNumber {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'bigint') return Number(value);
  return { problem: `no number in "${path.join('.')}" to keep by (got ${kind(value)}): it ranks last in its group` };
}

/** The events of a document read: the document, then its flag when its keep field held no number. */
export function documentEvents(document: InputDocument, keep: KeepNumber | undefined): DocumentEvent[] {
  if (keep === undefined) return [{ kind: 'document', document }];
  if (typeof keep === 'number') return [{ kind: 'document', document: { ...document, keepValue: keep } }];
  return [{ kind: 'document', document }, { kind: 'flagged', source: document.source, reason: keep.problem }];
}

/** The record, `{ problem }` for a line that is not one, or null for a blank line (trailing newlines are common). */
export function parseRecord(line: Uint8Array, fields: RecordFields): DocumentRecord | { problem: string } | null {
  const json = decodeUtf8(line);
  if (json === undefined) return { problem: 'not valid UTF-8' };
  if (json.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { problem: `not JSON (${(error as Error).message})` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { problem: `expected an object { "${fields.id.join('.')}", "${fields.text.join('.')}" }, got ${kind(value)}` };
  const text = getField(value, fields.text);
  if (typeof text !== 'string') return { problem: `"${fields.text.join('.')}" must be a string, got ${kind(text)}` };
  const id = getField(value, fields.id);
  if (id !== undefined && typeof id !== 'string' && typeof id !== 'number') return { problem: `"${fields.id.join('.')}" must be a string or a number, got ${kind(id)}` };
  const record: DocumentRecord = id === undefined ? { text } : { id, text };
  return fields.keep === undefined ? record : { ...record, keep: keepNumber(getField(value, fields.keep), fields.keep) };
}

/** A line's record as a document (with whether it is HTML), the reason it is skipped, or null for a blank line. */
export type LineRecord = (DocumentRecord & { readonly html: boolean }) | { readonly skip: string } | null;

/** The one rule for a JSONL line, whether a stream (jsonl-documents.ts) or a worker's byte range (jsonl-range.ts) read it. */
export function recordOfLine(line: Uint8Array, fields: RecordFields, html: HtmlMode): LineRecord {
  const record = parseRecord(line, fields);
  if (record === null) return null;
  if ('problem' in record) return { skip: `malformed JSONL line: ${record.problem}` };
  if (record.text.length === 0) return { skip: `empty "${fields.text.join('.')}"` };
  // Written out, not spread: this runs once a record, millions of times.
  return { id: record.id, text: record.text, keep: record.keep, html: wantsHtml(html, record.text) };
}

function kind(value: unknown): string {
  return value === undefined ? 'none' : value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}
