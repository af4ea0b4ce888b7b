// Corpora in the formats dedupe reads, built by the tests: Parquet (snappy or zstd, several row groups) through
// hyparquet-writer, WARC and WET records written by hand to the WARC/1.0 layout (per-record gzip for .warc.gz), and
// CSV text. Each holds the same kind of documents, so a test can compare what was read with what was written.
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { parquetWriteFile } from 'hyparquet-writer';
import { zstdCompressor } from '../../packages/corpus/src/io/compression/zstd-compress.js';

export interface Row { readonly id: string; readonly text: string | null; readonly lang: string }

/** Writes `rows` as Parquet with the given codec, `rowGroupSize` rows per group; the text column is "body". */
export async function writeParquet(path: string, rows: readonly Row[], codec: 'SNAPPY' | 'ZSTD', rowGroupSize: number): Promise<void> {
  const compress = await zstdCompressor();
  await parquetWriteFile({
    filename: path,
    codec,
    compressors: { ZSTD: compress },
    rowGroupSize,
    columnData: [
      { name: 'doc_id', data: rows.map((r) => r.id), type: 'STRING' },
      { name: 'body', data: rows.map((r) => r.text), type: 'STRING', nullable: true },
      { name: 'lang', data: rows.map((r) => r.lang), type: 'STRING' },
    ],
  });
}

const CRLF = '\r\n';
const bytes = (text: string) => Buffer.from(text, 'utf8');

/** One WARC/1.0 record: its headers, a blank line, the block, and the two line breaks that end it. */
export function warcRecord(type: string, headers: Record<string, string>, block: Uint8Array): Buffer {
  const head = [`WARC/1.0`, `WARC-Type: ${type}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), `Content-Length: ${block.length}`].join(CRLF);
  return Buffer.concat([bytes(head + CRLF + CRLF), block, bytes(CRLF + CRLF)]);
}

/** A response record: an HTTP response of the given content type around `body`. */
export function responseRecord(uri: string, contentType: string, body: Uint8Array | string): Buffer {
  const payload = typeof body === 'string' ? bytes(body) : body;
  const http = Buffer.concat([bytes(`HTTP/1.1 200 OK${CRLF}Content-Type: ${contentType}${CRLF}Content-Length: ${payload.length}${CRLF}${CRLF}`), payload]);
  return warcRecord('response', { 'WARC-Target-URI': uri, 'WARC-Record-ID': `<urn:uuid:${uri.length}-${payload.length}>`, 'Content-Type': 'application/http; msgtype=response' }, http);
}

/** A WET conversion record: the page's plain text. */
export function conversionRecord(uri: string, text: string): Buffer {
  return warcRecord('conversion', { 'WARC-Target-URI': uri, 'Content-Type': 'text/plain' }, bytes(text));
}

export function warcinfoRecord(): Buffer {
  return warcRecord('warcinfo', { 'Content-Type': 'application/warc-fields' }, bytes(`software: simhash-wasm tests${CRLF}`));
}

/** A WARC file, plain or gzipped record by record (as crawlers write .warc.gz). */
export function writeWarc(path: string, records: readonly Buffer[], gzip: boolean): void {
  writeFileSync(path, Buffer.concat(gzip ? records.map((r) => gzipSync(r)) : records));
}
