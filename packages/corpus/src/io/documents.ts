// Turns the walked inputs into documents, the one way every command reads them: whole files (optionally RFC 822
// messages, decoded to their text), JSONL records, stdin (JSONL when it starts with "{"), each of them plain,
// gzip or zstd; and containers of many documents (Parquet, WARC/WET, CSV/TSV: input-format.ts says which, by name
// and by magic bytes). Every input that cannot be a document is reported once, as a 'skipped' event, and skipped.
import type { Readable } from 'node:stream';
import { byteCounter, counting, progressEvent, withProgress } from './bytes/byte-counter.js';
import { decompressStream, detectCompression, MAGIC_BYTES, withoutCompressionSuffix } from './compression/compression.js';
import { containerDocuments } from './formats/container-documents.js';
import type { DocumentEvent, InputDocument, JsonlBlock, JsonlFile, ParquetFile, ReadUnit, WarcFile, WholeFile } from './input-document.js';
import { formatByMagic, formatByName, formatOfFile, plainFileSize, startsAsWarc, WARC_MAGIC_BYTES } from './formats/input-format.js';
import { jsonlDocuments } from './formats/jsonl-documents.js';
import { jsonlBlocks } from './formats/jsonl-blocks.js';
import { recordFields, type RecordFields } from './formats/jsonl-record.js';
import { concatBytes } from './bytes/lines.js';
import { peek } from './bytes/peek.js';
import { describeReadError } from './read-error.js';
import { readWholeFile } from './formats/read-file-document.js';
import type { DocumentOptions } from './read-options.js';
import { fileChunks, STDIN_LABEL } from './walk/sources.js';
import type { WalkEntry } from './walk/walk-directory.js';
import { warcDocuments } from './formats/warc-documents.js';
import { mailDocument } from './formats/mail.js';
import { wholeDocument } from './formats/whole-document.js';

const JSONL_NAME = /\.(?:jsonl|ndjson)$/i;

export async function* readDocuments(entries: Iterable<WalkEntry> | AsyncIterable<WalkEntry>, stdin: Readable, options: DocumentOptions): AsyncGenerator<DocumentEvent> {
  for await (const events of readDocumentBatches(entries, stdin, options)) yield* events;
}

/**
 * The same events, several at a time (a JSONL chunk's records, or one file's): for readers of millions of short
 * records, one step of the async machinery per batch instead of per record.
 */
export function readDocumentBatches(entries: Iterable<WalkEntry> | AsyncIterable<WalkEntry>, stdin: Readable, options: DocumentOptions): AsyncGenerator<DocumentEvent[]> {
  return readUnits(entries, stdin, options, false) as AsyncGenerator<DocumentEvent[]>;
}

/**
 * The same, except that what the workers can read on their own is not read here but handed on (`toWorkers`): a
 * plain JSONL file as a JsonlFile, to be read by ranges, a Parquet file as a ParquetFile, to be read by spans of
 * rows, a plain WARC file as a WarcFile, to be read by spans of records, a file that is one document as a WholeFile,
 * and, given
 * `blockBytes`, the records of any other JSONL stream (compressed, stdin) as JsonlBlocks of whole lines of about
 * that size (analysis/in-order.ts). Everything else is read as readDocumentBatches reads it.
 */
export async function* readUnits(entries: Iterable<WalkEntry> | AsyncIterable<WalkEntry>, stdin: Readable, options: DocumentOptions, toWorkers = true, blockBytes?: number): AsyncGenerator<ReadUnit> {
  const fields = recordFields(options.textField, options.idField, options.keepField);
  const blocks = toWorkers ? blockBytes : undefined;
  for await (const entry of entries) {
    if (entry.kind === 'error') yield [{ kind: 'skipped', source: entry.path, reason: describeReadError(entry.error) }];
    else if (entry.kind === 'stdin') yield* streamDocuments(STDIN_LABEL, stdin, options.jsonl, options, fields, blocks);
    else yield* fileDocuments(entry, options, fields, toWorkers, blocks);
  }
}

/**
 * A file by its kind. Files named as a container or as JSONL (or all files, with --jsonl) are streamed, and their
 * first bytes are looked at first: magic bytes win over the name (a Parquet file named .jsonl is read as Parquet),
 * and --jsonl does not make a Parquet or WARC file JSONL. Other files are read whole, and looked at once read.
 */
async function* fileDocuments({ path, size: walkedSize }: { path: string; size: number }, options: DocumentOptions, fields: RecordFields, toWorkers: boolean, blocks: number | undefined): AsyncGenerator<ReadUnit> {
  const jsonl = options.jsonl === true || (options.jsonl === undefined && JSONL_NAME.test(withoutCompressionSuffix(path)));
  if (jsonl || formatByName(path) !== undefined) {
    const container = formatOfFile(path, options.jsonl !== true);
    const size = container === undefined && toWorkers ? plainFileSize(path) : undefined;
    if (container === 'parquet' && toWorkers) yield { kind: 'parquet-file', path } satisfies ParquetFile;
    else if (container === 'warc' && toWorkers && plainFileSize(path) !== undefined) yield { kind: 'warc-file', path } satisfies WarcFile;
    else if (container !== undefined) yield* containerDocuments(path, container, options, fields);
    else if (size !== undefined) yield { kind: 'jsonl-file', path, size } satisfies JsonlFile;
    else yield* streamDocuments(path, fileChunks(path), true, options, fields, blocks);
    return;
  }
  if (toWorkers) {
    yield { kind: 'whole-file', path, size: walkedSize } satisfies WholeFile;
    return;
  }
  const input = await readWholeFile(path, options);
  if ('container' in input) {
    yield* containerDocuments(path, input.container, options, fields);
    return;
  }
  const { read, result: document } = input;
  yield read > 0 ? [{ kind: 'progress', bytes: read }, result(path, document)] : [result(path, document)];
}

/**
 * A stream (stdin, or a JSONL file) decompressed on the way if its first bytes say so. `jsonl` undefined: JSONL
 * when the first byte that is not blank is "{" (plain text rarely starts so; --no-jsonl says otherwise). A WARC
 * stream is read as WARC, whatever `jsonl` says; Parquet needs a file to seek in, so a Parquet stream is refused.
 */
async function* streamDocuments(label: string, raw: AsyncIterable<Uint8Array>, jsonl: boolean | undefined, options: DocumentOptions, fields: RecordFields, blocks?: number): AsyncGenerator<ReadUnit> {
  const counter = byteCounter();
  try {
    const compressed = await peek(counting(raw, counter), (head) => head.length >= MAGIC_BYTES);
    if (formatByMagic(compressed.head) === 'parquet') {
      yield withProgress(counter, [{ kind: 'skipped', source: label, reason: 'Parquet data cannot be read from a stream: give the file\'s path' }]);
      return;
    }
    const compression = detectCompression(compressed.head);
    const decompressed = compression === undefined ? compressed.chunks : decompressStream(compression, compressed.chunks);
    const start = await peek(decompressed, (head) => head.length >= WARC_MAGIC_BYTES && (jsonl !== undefined || firstNonBlank(head) !== undefined));
    const chunks = start.chunks;
    if (startsAsWarc(start.head)) {
      // Decompressed here already, so warcio reads it plain (record offsets are then of the decompressed stream).
      yield* warcDocuments(label, chunks, options, counter);
      return;
    }
    if (jsonl ?? firstNonBlank(start.head) === 0x7b /* "{" */) {
      if (blocks !== undefined) {
        // Cut here, parsed and analysed on the workers: this thread only decompresses.
        const stream = { path: label };
        for await (const bytes of jsonlBlocks(chunks, blocks)) {
          const read = progressEvent(counter);
          if (read !== undefined) yield [read];
          yield { kind: 'jsonl-block', stream, bytes } satisfies JsonlBlock;
        }
      } else {
        yield* jsonlDocuments(label, chunks, fields, options.html, () => progressEvent(counter));
      }
      const read = progressEvent(counter);
      if (read !== undefined) yield [read];
      return;
    }
    const parts: Uint8Array[] = [];
    for await (const chunk of chunks) parts.push(chunk);
    const whole = concatBytes(parts);
    yield withProgress(counter, [result(label, options.mail ? await mailDocument(label, whole, options) : wholeDocument(label, whole, undefined, options))]);
  } catch (error) {
    yield withProgress(counter, [{ kind: 'skipped', source: label, reason: describeReadError(error) }]);
  }
}

function result(source: string, document: InputDocument | { readonly reason: string }): DocumentEvent {
  return 'reason' in document ? { kind: 'skipped', source, reason: document.reason } : { kind: 'document', document };
}

/** The first byte that is not a space, tab, CR or LF, if any. */
function firstNonBlank(bytes: Uint8Array): number | undefined {
  for (const byte of bytes) if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return byte;
  return undefined;
}
