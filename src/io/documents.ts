// Turns the walked inputs into documents, the one way every command reads them: whole files (optionally RFC 822
// messages, decoded to their text), JSONL records, stdin (JSONL when it starts with "{"), each of them plain,
// gzip or zstd. Every input that cannot be a document is reported once, as a 'skipped' event, and skipped.
import type { Readable } from 'node:stream';
import { decompressStream, detectCompression, MAGIC_BYTES, withoutCompressionSuffix } from './compression.js';
import type { DocumentEvent, InputDocument } from './input-document.js';
import { jsonlDocuments } from './jsonl-documents.js';
import { recordFields, type RecordFields } from './jsonl-record.js';
import { concatBytes } from './lines.js';
import { peek } from './peek.js';
import { describeReadError } from './read-error.js';
import { readFileDocument, readFileMessage, type FileDocument } from './read-file-document.js';
import type { DocumentOptions } from './read-options.js';
import { fileChunks, STDIN_LABEL } from './sources.js';
import type { WalkEntry } from './walk-directory.js';
import { mailDocument } from './mail.js';
import { wholeDocument } from './whole-document.js';

const JSONL_NAME = /\.(?:jsonl|ndjson)$/i;

export async function* readDocuments(entries: Iterable<WalkEntry> | AsyncIterable<WalkEntry>, stdin: Readable, options: DocumentOptions): AsyncGenerator<DocumentEvent> {
  for await (const events of readDocumentBatches(entries, stdin, options)) yield* events;
}

/**
 * The same events, several at a time (a JSONL chunk's records, or one file's): for readers of millions of short
 * records, one step of the async machinery per batch instead of per record.
 */
export async function* readDocumentBatches(entries: Iterable<WalkEntry> | AsyncIterable<WalkEntry>, stdin: Readable, options: DocumentOptions): AsyncGenerator<DocumentEvent[]> {
  const fields = recordFields(options.textField, options.idField);
  for await (const entry of entries) {
    if (entry.kind === 'error') yield [{ kind: 'skipped', source: entry.path, reason: describeReadError(entry.error) }];
    else if (entry.kind === 'stdin') yield* streamDocuments(STDIN_LABEL, stdin, options.jsonl, options, fields);
    else if (options.jsonl === true || (options.jsonl === undefined && JSONL_NAME.test(withoutCompressionSuffix(entry.path)))) {
      yield* streamDocuments(entry.path, fileChunks(entry.path), true, options, fields);
    } else yield fileEvents(entry.path, options.mail ? await readFileMessage(entry.path, options) : readFileDocument(entry.path, options));
  }
}

function fileEvents(path: string, { read, result: document }: FileDocument): DocumentEvent[] {
  return read > 0 ? [{ kind: 'progress', bytes: read }, result(path, document)] : [result(path, document)];
}

/**
 * A stream (stdin, or a JSONL file) decompressed on the way if its first bytes say so. `jsonl` undefined: JSONL
 * when the first byte that is not blank is "{" (plain text rarely starts so; --no-jsonl says otherwise).
 */
async function* streamDocuments(label: string, raw: AsyncIterable<Uint8Array>, jsonl: boolean | undefined, options: DocumentOptions, fields: RecordFields): AsyncGenerator<DocumentEvent[]> {
  const counter = { bytes: 0, reported: 0 };
  const progress = (): DocumentEvent | undefined => {
    const bytes = counter.bytes - counter.reported;
    counter.reported = counter.bytes;
    return bytes > 0 ? { kind: 'progress', bytes } : undefined;
  };
  const withProgress = (events: DocumentEvent[]): DocumentEvent[] => {
    const read = progress();
    return read === undefined ? events : [read, ...events];
  };
  try {
    const compressed = await peek(counting(raw, counter), (head) => head.length >= MAGIC_BYTES);
    const compression = detectCompression(compressed.head);
    let chunks = compression === undefined ? compressed.chunks : decompressStream(compression, compressed.chunks);
    if (jsonl === undefined) {
      const start = await peek(chunks, (head) => firstNonBlank(head) !== undefined);
      jsonl = firstNonBlank(start.head) === 0x7b; // "{"
      chunks = start.chunks;
    }
    if (jsonl) {
      yield* jsonlDocuments(label, chunks, fields, options.html, progress);
      const read = progress();
      if (read !== undefined) yield [read];
      return;
    }
    const parts: Uint8Array[] = [];
    for await (const chunk of chunks) parts.push(chunk);
    const whole = concatBytes(parts);
    yield withProgress([result(label, options.mail ? await mailDocument(label, whole, options) : wholeDocument(label, whole, undefined, options))]);
  } catch (error) {
    yield withProgress([{ kind: 'skipped', source: label, reason: describeReadError(error) }]);
  }
}

function result(source: string, document: InputDocument | { readonly reason: string }): DocumentEvent {
  return 'reason' in document ? { kind: 'skipped', source, reason: document.reason } : { kind: 'document', document };
}

async function* counting(chunks: AsyncIterable<Uint8Array>, counter: { bytes: number }): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) {
    counter.bytes += chunk.length;
    yield chunk;
  }
}

/** The first byte that is not a space, tab, CR or LF, if any. */
function firstNonBlank(bytes: Uint8Array): number | undefined {
  for (const byte of bytes) if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return byte;
  return undefined;
}
