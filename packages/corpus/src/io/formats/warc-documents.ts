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
import { nextWarcMember } from './warc-members.js';
import { wantsHtml } from './whole-document.js';

/** Records are handed on this many events at a time: one step of the async machinery per batch, not per record. */
const BATCH_EVENTS = 64;

/** warcio, loaded on the first WARC file (a worker reads a span a task: loaded once, not resolved again each time). */
let warcio: Promise<typeof import('warcio')> | undefined;
const loadWarcio = () => (warcio ??= import('warcio'));

/** How reports name a record: by the byte offset where it starts (of the compressed file, for .warc.gz). */
export function warcRecordSource(label: string, offset: number): string {
  return `${label}:offset ${offset}`;
}

/** What one step of a WARC stream gives, at `offset` in the stream's bytes. */
export type WarcOutcome =
  /** A record: its document (named by the caller), why it cannot be one, or undefined when it holds none. */
  | { readonly offset: number; readonly record: true; readonly result: Omit<InputDocument, 'source'> | { readonly reason: string } | undefined }
  /** No record: bytes after the last one, or damaged data (nothing after it is read). */
  | { readonly offset: number; readonly record: false; readonly reason: string };

/** A gzipped WARC file's bytes from an offset on, read again: where the records after a damaged member are found. */
export type Reread = (offset: number) => AsyncIterable<Uint8Array>;

/**
 * `chunks`: the file's bytes, plain or per-record gzip (warcio detects which), zstd already decompressed;
 * `counter`: the bytes the caller has read so far (before decompression), reported with the records. `base`: the
 * bytes are a plain file's from a record at this offset on (the records before were read by spans: warc-spans.ts),
 * which names the records by their offsets in the file. `reread`: a gzipped file's, to read on past a damaged member.
 */
export async function* warcDocuments(label: string, chunks: AsyncIterable<Uint8Array>, options: DocumentOptions, counter: ByteCounter, { base, reread }: { base?: number; reread?: Reread } = {}): AsyncGenerator<DocumentEvent[]> {
  let events: DocumentEvent[] = [];
  for await (const outcome of warcOutcomes(chunks, options, base !== undefined, reread)) {
    const source = warcRecordSource(label, (base ?? 0) + outcome.offset);
    const { result } = outcome.record ? outcome : { result: { reason: outcome.reason } };
    if (result !== undefined) events.push('reason' in result ? { kind: 'skipped', source, reason: result.reason } : { kind: 'document', document: { source, ...result } });
    if (events.length >= BATCH_EVENTS) {
      yield withProgress(counter, events);
      events = [];
    }
  }
  const rest = withProgress(counter, events);
  if (rest.length > 0) yield rest;
}

/**
 * The records of a WARC stream in order, each by its offset in the stream's bytes, and what follows the last.
 * `plain`: the bytes are part of a plain file that began as WARC, from one of its records on: read as plain from the
 * first byte, as warcio reads the whole file once its first chunk showed no gzip (left to guess on a part, warcio
 * would try a first chunk of a few bytes as gzip, wait for more, and drop it). `reread`: the stream is a gzipped
 * file's, to be read again past a damaged member, from the next member that holds a record (warc-members.ts).
 */
export async function* warcOutcomes(chunks: AsyncIterable<Uint8Array>, options: DocumentOptions, plain = false, reread?: Reread, origin = 0): AsyncGenerator<WarcOutcome> {
  const { AsyncIterReader: Reader, WARCParser: Parser } = await loadWarcio();
  // The bytes warcio is given (its offsets count the same bytes), so what it leaves after the last record is known.
  const fed = byteCounter();
  const stream = counting(chunks, fed);
  const parser: WARCParser = new Parser(plain ? new Reader(stream, null) : stream);
  let records = 0;
  let lastOffset = -1;
  try {
    for (;;) {
      const record = await parser.parse();
      if (record === null) {
        // warcio ends quietly where no record header follows: bytes left there are reported, never dropped unseen.
        let total = fed.bytes;
        for await (const chunk of stream) total += chunk.length;
        // Gzipped, its offset stands at the end of the last whole member by now: bytes past it are a member the file
        // ends inside (a .warc.gz cut short) or a damaged one, whose record warcio drops without a word; the records
        // of the members after a damaged one are read on.
        if ((records > 0 || reread !== undefined) && parser.offset !== lastOffset && parser.offset < total) {
          const cutShort = `${total - parser.offset} bytes after the last whole record are a record cut short, not read`;
          if (reread !== undefined) yield* readOnAfter(parser.offset, reread, options, cutShort, origin);
          else yield { offset: parser.offset, record: false, reason: cutShort };
          return;
        }
        // Plain, its offset and length are those of the last record (it measures a record when it moves on).
        const end = records === 0 ? 0 : parser.offset + parser.recordLength;
        if (total > end) yield { offset: end, record: false, reason: `${total - end} bytes after the last record are not a WARC record, not read` };
        return;
      }
      const offset = parser.offset;
      lastOffset = offset;
      records++;
      // warcio hands back what follows a record even when it is no WARC record (no WARC-Type): say so, go on. In a
      // gzipped file that is a damaged member (warcio then reads the rest as its block): read on from the next.
      const notWarc = 'not a WARC record (its header has no WARC-Type)';
      if ((record.warcType === null || record.warcType === undefined) && reread !== undefined) {
        yield* readOnAfter(offset, reread, options, notWarc, origin);
        return;
      }
      if (record.warcType === null || record.warcType === undefined) yield { offset, record: true, result: { reason: notWarc } };
      else yield { offset, record: true, result: await recordDocument(record, options) };
    }
  } catch (error) {
    // The parser has lost its place: nothing after a damaged record can be found again. Its offset is the record's.
    yield { offset: parser.offset, record: false, reason: `damaged WARC data, the rest of the file is not read (${describeReadError(error)})` };
  } finally {
    // Read to its end or not (damaged data, a caller that stops early), the file is closed now, not when collected.
    await stream.return(undefined);
  }
}

/**
 * A gzipped file's records after damage at `damage` (a member that does not inflate, or not to a record): the damage
 * reported, then the records from the next member that holds one (warc-members.ts), offsets as the stream's; with no
 * record after it, the damage is reported as `ifLast` says. `origin`: where the stream starts in the file, for the
 * report to name the next record's offset in it.
 */
async function* readOnAfter(damage: number, reread: Reread, options: DocumentOptions, ifLast: string, origin: number): AsyncGenerator<WarcOutcome> {
  const next = await nextWarcMember(reread(damage + 1), damage + 1);
  if (next === undefined) {
    yield { offset: damage, record: false, reason: ifLast };
    return;
  }
  yield { offset: damage, record: false, reason: `damaged WARC data: ${next - damage} bytes up to the next record, at offset ${origin + next}, not read` };
  for await (const outcome of warcOutcomes(reread(next), options, false, (offset) => reread(next + offset), origin + next)) yield { ...outcome, offset: next + outcome.offset };
}

/** The record's document, why it cannot be one, or undefined for a record that holds no document. */
async function recordDocument(record: WARCRecord, options: DocumentOptions): Promise<Omit<InputDocument, 'source'> | { reason: string } | undefined> {
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
  return { ...(id === undefined ? {} : { id }), text, html, bytes: payload.length };
}
