// One JSONL line as a document record: a JSON object with a text and, optionally, an id. The one JSONL convention of
// every command: `{ "id", "text" }`, or other shapes through --text-field and --id-field.
import { getField, parseFieldPath, type FieldPath } from './field-path.js';

export interface RecordFields {
  readonly text: FieldPath;
  readonly id: FieldPath;
}

export interface DocumentRecord {
  readonly id?: string | number;
  readonly text: string;
}

export function recordFields(text = 'text', id = 'id'): RecordFields {
  return { text: parseFieldPath(text), id: parseFieldPath(id) };
}

/** The record, `{ problem }` for a line that is not one, or null for a blank line (trailing newlines are common). */
export function parseRecord(line: Uint8Array, decoder: TextDecoder, fields: RecordFields): DocumentRecord | { problem: string } | null {
  let json: string;
  try {
    json = decoder.decode(line);
  } catch {
    return { problem: 'not valid UTF-8' };
  }
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
  if (id === undefined) return { text };
  if (typeof id !== 'string' && typeof id !== 'number') return { problem: `"${fields.id.join('.')}" must be a string or a number, got ${kind(id)}` };
  return { id, text };
}

function kind(value: unknown): string {
  return value === undefined ? 'none' : value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value;
}
