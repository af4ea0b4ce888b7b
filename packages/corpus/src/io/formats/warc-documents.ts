// The documents of a WARC or WET file, plain or gzipped record by record (warcio tells the two apart): response
// records (HTTP headers stripped, the body un-chunked and decompressed, decoded by its charset, HTML extracted),
// resource records likewise, and conversion records (WET: the page's plain text). Each is named by its
// WARC-Target-URI, else its WARC-Record-ID. Other records (warcinfo, request, metadata, revisit) and payloads that
// are not text (images, PDFs) or are empty (redirects) hold no document and are passed over. warcio loads on the
// first WARC file.
import type { WARCParser, WARCRecord } from 'warcio';
import { byteCounter, counting, withProgress, type ByteCounter } from '../bytes/byte-counter.js';
import type { DocumentEvent, InputDocument } from '../input-document.js';
import { describeReadError } from '../read-error.js';
import type { DocumentOptions } from '../read-options.js';
import { decodePayload, isHtmlType, isTextual, parseMediaType } from './warc-payload.js';
import { wantsHtml } from './whole-document.js';

/** Records are handed on this many events at a time: one step of the async machinery per batch, not per record. */
const BATCH_EVENTS = 64;

/** How reports name a record: by the byte offset where it starts (of the compressed file, for .warc.gz). */
export function warcRecordSource(label: string, offset: number): string {
  return `${label}:offset ${offset}`;
}

/**
 * `chunks`: the file's bytes, plain or per-record gzip (warcio detects which), zstd already decompressed;
 * `counter`: the bytes the caller has read so far (before decompression), reported with the records.
 */
export async function* warcDocuments(label: string, chunks: AsyncIterable<Uint8Array>, options: DocumentOptions, counter: ByteCounter): AsyncGenerator<DocumentEvent[]> {
  let events: DocumentEvent[] = [];
  const take = (): DocumentEvent[] => {
    const taken = withProgress(counter, events);
    events = [];
    return taken;
  };
  const { WARCParser: Parser } = await import('warcio');
  // The bytes warcio is given (its offsets count the same bytes), so what it leaves after the last record is known.
  const fed = byteCounter();
  const stream = counting(chunks, fed);
  const parser: WARCParser = new Parser(stream);
  let records = 0;
  try {
    for (;;) {
      const record = await parser.parse();
      if (record === null) {
        // warcio ends quietly where no record header follows: bytes left there are reported, never dropped unseen.
        // The parser's offset and length are those of the last record by now (it measures a record when it moves on).
        const end = records === 0 ? 0 : parser.offset + parser.recordLength;
        let left = fed.bytes - end;
        for await (const chunk of stream) left += chunk.length;
        if (left > 0) events.push({ kind: 'skipped', source: warcRecordSource(label, end), reason: `${left} bytes after the last record are not a WARC record, not read` });
        break;
      }
      const source = warcRecordSource(label, parser.offset);
      records++;
      // warcio hands back what follows a record even when it is no WARC record (no WARC-Type): say so, go on.
      if (record.warcType === null || record.warcType === undefined) {
        events.push({ kind: 'skipped', source, reason: 'not a WARC record (its header has no WARC-Type), skipped' });
        continue;
      }
      const result = await recordDocument(record, source, options);
      if (result !== undefined) events.push('reason' in result ? { kind: 'skipped', source, reason: result.reason } : { kind: 'document', document: result });
      if (events.length >= BATCH_EVENTS) yield take();
    }
  } catch (error) {
    // The parser has lost its place: nothing after a damaged record can be found again. Its offset is the record's.
    events.push({ kind: 'skipped', source: warcRecordSource(label, parser.offset), reason: `damaged WARC data, the rest of the file is not read (${describeReadError(error)})` });
  }
  const rest = take();
  if (rest.length > 0) yield rest;
}

/** The record's document, why it cannot be one, or undefined for a record that holds no document. */
async function recordDocument(record: WARCRecord, source: string, options: DocumentOptions): Promise<InputDocument | { reason: string } | undefined> {
  const kind = record.warcType;
  if (kind !== 'response' && kind !== 'resource' && kind !== 'conversion') return undefined;
  // For a response, the Content-Type is the HTTP header's; for the others, the WARC header's.
  const type = parseMediaType(kind === 'response' ? record.httpHeaders?.headers.get('Content-Type') : record.warcContentType);
  const payload = await record.readFully(true);
  if (payload.length === 0 || !isTextual(type, payload)) return undefined;
  const text = decodePayload(payload, type, options.invalidUtf8);
  if (typeof text !== 'string') return text;
  const id = record.warcTargetURI ?? record.warcHeader('WARC-Record-ID') ?? undefined;
  const html = wantsHtml(options.html, text, isHtmlType(type) ? 'page.html' : undefined);
  return { source, ...(id === undefined ? {} : { id }), text, html, bytes: payload.length };
}
