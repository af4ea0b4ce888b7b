// A kept document as a line of the output corpus: a JSONL record as it was read (byte for byte), another record
// (a Parquet or CSV row) as a JSON object of all its fields, and a whole file as {"id": its path, "text"}.
import { documentName, type InputDocument } from '../input-document.js';

const encoder = new TextEncoder();
const NEWLINE = 0x0a;

export function recordLine(document: InputDocument): Uint8Array {
  if (document.line !== undefined) {
    const out = new Uint8Array(document.line.length + 1);
    out.set(document.line);
    out[document.line.length] = NEWLINE;
    return out;
  }
  const value = document.record ?? { id: documentName(document), text: document.text };
  return encoder.encode(`${JSON.stringify(value, jsonSafe)}\n`);
}

/** JSON has no 64-bit integers: a bigint (Parquet INT64) within 2^53 becomes a number, a larger one a string of its digits. */
function jsonSafe(_key: string, value: unknown): unknown {
  if (typeof value !== 'bigint') return value;
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
}
