// Turns the walked inputs into documents: whole files (optionally RFC 822 messages, whose headers are cut off)
// and JSONL records `{ "id", "text" }`. Every input that cannot be a document is reported and skipped.
import { readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { describeReadError, lines, openSource, STDIN } from './sources.js';
import { looksLikeHtml } from '../html/sniff.js';
import { messageBody } from './mail.js';
import { firstInvalidUtf8, looksBinary } from './utf8.js';
import type { WalkEntry } from './walk.js';

export type HtmlMode = 'auto' | 'on' | 'off';
export type InvalidUtf8Mode = 'skip' | 'replace';

export interface DocumentOptions {
  /** Read every input as JSONL; otherwise only files named *.jsonl or *.ndjson are. */
  readonly jsonl: boolean;
  /** Inputs that are not JSONL are e-mail messages: fingerprint the body only. */
  readonly mail: boolean;
  readonly html: HtmlMode;
  readonly invalidUtf8: InvalidUtf8Mode;
}

export interface InputDocument {
  /** How reports name it: the path, `path:line` for a JSONL record, `(stdin)`. */
  readonly source: string;
  /** A JSONL record's "id", as given. */
  readonly id?: string | number;
  readonly text: string;
  /** Extract the visible text before fingerprinting. */
  readonly html: boolean;
  /** UTF-8 bytes the document came from, for MB/s. */
  readonly bytes: number;
}

export type DocumentEvent =
  | { readonly kind: 'document'; readonly document: InputDocument }
  | { readonly kind: 'skipped'; readonly source: string; readonly reason: string }
  /** Bytes of input consumed so far grew by `bytes` (for progress). */
  | { readonly kind: 'progress'; readonly bytes: number };

const JSONL_NAME = /\.(?:jsonl|ndjson)$/i;

export async function* readDocuments(entries: Iterable<WalkEntry> | AsyncIterable<WalkEntry>, stdin: Readable, options: DocumentOptions): AsyncGenerator<DocumentEvent> {
  for await (const entry of entries) {
    if (entry.kind === 'error') {
      yield { kind: 'skipped', source: entry.path, reason: describeReadError(entry.error) };
      continue;
    }
    const label = entry.kind === 'stdin' ? '(stdin)' : entry.path;
    const isJsonl = options.jsonl || (entry.kind === 'file' && JSONL_NAME.test(entry.path));
    if (isJsonl) {
      const source = openSource(entry.kind === 'stdin' ? STDIN : entry.path, stdin);
      yield* jsonlDocuments(label, source.chunks(), options);
      continue;
    }
    let bytes: Uint8Array;
    try {
      // Synchronous: for many small files the promise API costs ten times more per file (see walk.ts).
      bytes = entry.kind === 'stdin' ? await readStream(stdin) : readFileSync(entry.path);
    } catch (error) {
      yield { kind: 'skipped', source: label, reason: describeReadError(error) };
      continue;
    }
    yield { kind: 'progress', bytes: bytes.length };
    const result = fileDocument(label, bytes, options);
    if ('reason' in result) yield { kind: 'skipped', source: label, reason: result.reason };
    else yield { kind: 'document', document: result };
  }
}

function fileDocument(label: string, raw: Uint8Array, options: DocumentOptions): InputDocument | { reason: string } {
  if (raw.length === 0) return { reason: 'empty file' };
  if (looksBinary(raw)) return { reason: 'binary file (contains NUL bytes)' };
  const bytes = options.mail ? messageBody(raw) : raw;
  if (bytes.length === 0) return { reason: 'empty message body (nothing after the headers)' };
  const text = decode(bytes, options.invalidUtf8);
  if (typeof text !== 'string') return text;
  return { source: label, text, html: wantsHtml(options.html, text, label), bytes: bytes.length };
}

function decode(bytes: Uint8Array, mode: InvalidUtf8Mode): string | { reason: string } {
  if (mode === 'skip') {
    const bad = firstInvalidUtf8(bytes);
    if (bad >= 0) return { reason: `not valid UTF-8 (byte 0x${bytes[bad].toString(16).padStart(2, '0')} at offset ${bad}; --invalid-utf8 replace reads it anyway)` };
  }
  return new TextDecoder().decode(bytes);
}

function wantsHtml(mode: HtmlMode, text: string, fileName?: string): boolean {
  return mode === 'on' || (mode === 'auto' && looksLikeHtml(text, fileName));
}

async function* jsonlDocuments(label: string, chunks: AsyncIterable<Uint8Array>, options: DocumentOptions): AsyncGenerator<DocumentEvent> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const { line, number } of lines(chunks)) {
      yield { kind: 'progress', bytes: line.length + 1 };
      const source = `${label}:${number}`;
      const record = parseRecord(line, decoder);
      if (record === null) continue;
      if ('problem' in record) {
        yield { kind: 'skipped', source, reason: `malformed JSONL line: ${record.problem}` };
        continue;
      }
      if (record.text.length === 0) {
        yield { kind: 'skipped', source, reason: 'empty "text"' };
        continue;
      }
      const document: InputDocument = { source, id: record.id, text: record.text, html: wantsHtml(options.html, record.text), bytes: line.length };
      yield { kind: 'document', document };
    }
  } catch (error) {
    yield { kind: 'skipped', source: label, reason: describeReadError(error) };
  }
}

/** One JSONL line as a record; null for a blank line (ignored, as trailing newlines are common). */
function parseRecord(line: Uint8Array, decoder: TextDecoder): { id?: string | number; text: string } | { problem: string } | null {
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
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { problem: 'expected an object { "id", "text" }' };
  const { id, text } = value as { id?: unknown; text?: unknown };
  if (typeof text !== 'string') return { problem: `"text" must be a string, got ${text === undefined ? 'none' : text === null ? 'null' : typeof text}` };
  if (id !== undefined && typeof id !== 'string' && typeof id !== 'number') return { problem: `"id" must be a string or a number, got ${id === null ? 'null' : typeof id}` };
  return id === undefined ? { text } : { id, text };
}

async function readStream(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const chunk of stream) parts.push(chunk);
  return Buffer.concat(parts);
}
