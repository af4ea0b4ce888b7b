// A file that holds many documents, read by its format's reader: Parquet through a file handle; WARC/WET and CSV/TSV
// as streams, decompressed on the way where they are compressed as a whole (a gzipped WARC is gzipped record by
// record, which warcio reads itself). A file that cannot be opened is reported once, by its path.
import { byteCounter, counting } from '../bytes/byte-counter.js';
import { decompressStream, detectCompression, MAGIC_BYTES } from '../compression/compression.js';
import { csvDocuments } from './csv-documents.js';
import type { DocumentEvent } from '../input-document.js';
import type { ContainerFormat } from './input-format.js';
import type { RecordFields } from './jsonl-record.js';
import { parquetDocuments } from './parquet-documents.js';
import { peek } from '../bytes/peek.js';
import { describeReadError } from '../read-error.js';
import type { DocumentOptions } from '../read-options.js';
import { alignedFileChunks, fileChunks } from '../walk/sources.js';
import { warcDocuments } from './warc-documents.js';

/**
 * `from`: a plain WARC file is read on from the record that starts there (the records before it were read by spans,
 * analysis/in-order.ts), in chunks that fall where a whole file's do.
 */
export async function* containerDocuments(path: string, format: ContainerFormat, options: DocumentOptions, fields: RecordFields, from = 0): AsyncGenerator<DocumentEvent[]> {
  if (format === 'parquet') {
    yield* parquetDocuments(path, fields, options.html);
    return;
  }
  const counter = byteCounter();
  let head;
  try {
    head = await peek(counting(from === 0 ? fileChunks(path) : alignedFileChunks(path, from), counter), (bytes) => bytes.length >= MAGIC_BYTES);
  } catch (error) {
    yield [{ kind: 'skipped', source: path, reason: describeReadError(error) }];
    return;
  }
  if (format === 'warc' && from > 0) {
    yield* warcDocuments(path, head.chunks, options, counter, { base: from });
    return;
  }
  const compression = detectCompression(head.head);
  if (format === 'warc') {
    // Gzipped record by record: past a damaged member, the file is read again from the next (warc-members.ts).
    const reread = compression === 'gzip' ? (offset: number) => alignedFileChunks(path, offset) : undefined;
    yield* warcDocuments(path, compression === 'zstd' ? decompressStream('zstd', head.chunks) : head.chunks, options, counter, { reread });
    return;
  }
  const chunks = compression === undefined ? head.chunks : decompressStream(compression, head.chunks);
  yield* csvDocuments(path, chunks, format === 'tsv' ? '\t' : ',', fields, options.html, options.invalidUtf8, counter);
}
