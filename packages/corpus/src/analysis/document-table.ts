// The documents of a run, in input order, as the grouping holds them until the outputs are written. Documents a
// worker read from a JSONL file by range (range-task.ts), from a Parquet file by span of rows (parquet-task.ts) or
// from a WARC file by span of records (warc-task.ts) are held as columns: their line (or row, or record), where the
// line is in the file and its length, and their ids packed into one string per range (id-column.ts). About 30 bytes
// a document, where an object per document with its id string cost over 100: a million documents then hold no object
// or string each. Any other document (whole files, read here or by a worker; stdin; compressed WARC and CSV) is held
// as the object it came as.
//
// A document is made into a DocumentInfo when asked for (`at`), for the few an output names or a later pass reads
// back by its place in the file (`location`).
import type { AnalyzedBatch, DocumentInfo } from './analyze-document.js';
import { idAt, type IdColumn } from './id-column.js';
import { parquetRowSource } from '../io/formats/parquet-file.js';
import { warcRecordSource } from '../io/formats/warc-documents.js';

/**
 * Where a range's documents come from: a JSONL file or stream, a Parquet file (`rows`), whose lines are rows, or a
 * WARC file (`records`), whose lines are records, named by their offsets.
 */
export interface RangeFile {
  readonly path: string;
  readonly rows?: boolean;
  readonly records?: boolean;
}

/**
 * How reports name line `line` (from 1) of a range's file: `path:12`, a Parquet row as `path:row 12`, a WARC record
 * by the offset where it starts (`offset`) as `path:offset 1234`.
 */
export function lineSource(file: RangeFile, line: number, offset?: number): string {
  if (file.records === true) return warcRecordSource(file.path, offset ?? NaN);
  return file.rows === true ? parquetRowSource(file.path, line - 1) : `${file.path}:${line}`;
}

/** The documents of one range of a JSONL file or span of Parquet rows, as columns (in-order.ts makes them from its result). */
export interface RangeColumns {
  readonly file: RangeFile;
  /** Read by range from a plain JSONL file, so each document can be read back alone by its offset (else: by its input read again). */
  readonly byOffset: boolean;
  /** The line (or row) number, from 1, of the range's first line: each document's is this plus its `line`. */
  readonly firstLine: number;
  readonly line: Uint32Array;
  /**
   * Where its line starts in the file (with `byOffset` alone, or a WARC record's, which names it), and the line's
   * length without its break (the document's bytes).
   */
  readonly offset: Float64Array;
  readonly length: Uint32Array;
  readonly ids: IdColumn;
  /** With a keep field: the number there per document, NaN where there is none. */
  readonly keepValues?: Float64Array;
}

/** Where a document read by range is in its file: enough to read it back alone. */
export interface DocumentLocation {
  readonly path: string;
  readonly offset: number;
  readonly length: number;
}

/**
 * A document of a JSONL file read by range, made from its columns: its name (`path:line`) is made when asked for.
 * `offset`: where its line starts in the file (`bytes` long), so a later pass can read it back by reference.
 */
export class RangeDocument implements DocumentInfo {
  constructor(readonly file: { readonly path: string }, readonly line: number, readonly offset: number, readonly bytes: number, readonly id: string | number | undefined, readonly keepValue: number | undefined) {}

  get source(): string {
    return `${this.file.path}:${this.line}`;
  }
}

/** Document `i` of a range's columns: a RangeDocument when it can be read back by offset, else a plain DocumentInfo. */
export function rangeDocument(columns: RangeColumns, i: number): DocumentInfo {
  const keepValue = columns.keepValues === undefined || Number.isNaN(columns.keepValues[i]) ? undefined : columns.keepValues[i];
  const line = columns.firstLine + columns.line[i];
  const id = idAt(columns.ids, i);
  if (columns.byOffset) return new RangeDocument(columns.file, line, columns.offset[i], columns.length[i], id, keepValue);
  // As a streamed read names and sizes it (io/formats/jsonl-documents.ts, parquet-documents.ts).
  const info = { source: lineSource(columns.file, line, columns.offset[i]), bytes: columns.length[i], ...(id === undefined ? {} : { id }) };
  return keepValue === undefined ? info : { ...info, keepValue };
}

type Segment = { readonly start: number; readonly columns: RangeColumns } | { readonly start: number; readonly infos: readonly DocumentInfo[] };

export class DocumentTable {
  private readonly segments: Segment[] = [];
  private count = 0;

  /** Documents as objects, e.g. a whole run's held in memory (the collect step of a sharded run). */
  static of(infos: readonly DocumentInfo[]): DocumentTable {
    const table = new DocumentTable();
    table.addInfos(infos);
    return table;
  }

  get length(): number {
    return this.count;
  }

  /** A batch's documents: a range's as its columns (in-order.ts's RangeBatch), any other's as its objects. */
  addBatch(batch: AnalyzedBatch & { readonly columns?: RangeColumns }): void {
    if (batch.columns !== undefined) this.addColumns(batch.columns);
    else this.addInfos(batch.documents);
  }

  addInfos(infos: readonly DocumentInfo[]): void {
    if (infos.length === 0) return;
    this.segments.push({ start: this.count, infos });
    this.count += infos.length;
  }

  addColumns(columns: RangeColumns): void {
    if (columns.line.length === 0) return;
    this.segments.push({ start: this.count, columns });
    this.count += columns.line.length;
  }

  /** Document `doc` (0 <= doc < length). */
  at(doc: number): DocumentInfo {
    const segment = this.segmentOf(doc);
    return 'infos' in segment ? segment.infos[doc - segment.start] : rangeDocument(segment.columns, doc - segment.start);
  }

  /** Where `doc` is in its file, when it was read by range (else undefined: only a reading of its input finds it). */
  location(doc: number): DocumentLocation | undefined {
    const segment = this.segmentOf(doc);
    if ('infos' in segment) {
      const info = segment.infos[doc - segment.start];
      return info instanceof RangeDocument ? { path: info.file.path, offset: info.offset, length: info.bytes } : undefined;
    }
    const i = doc - segment.start;
    if (!segment.columns.byOffset) return undefined;
    return { path: segment.columns.file.path, offset: segment.columns.offset[i], length: segment.columns.length[i] };
  }

  /** Whether every document can be read back alone by its place (location), with no input read again. */
  allLocated(): boolean {
    return this.segments.every((segment) => ('infos' in segment ? segment.infos.every((info) => info instanceof RangeDocument) : segment.columns.byOffset));
  }

  /** The documents' bytes, all together. */
  totalBytes(): number {
    let total = 0;
    for (const segment of this.segments) {
      if ('infos' in segment) for (const info of segment.infos) total += info.bytes;
      else for (const length of segment.columns.length) total += length;
    }
    return total;
  }

  /** Each document's keep-field number, NaN where it has none (grouping/keep.ts). */
  keepValues(): Float64Array {
    const values = new Float64Array(this.count).fill(NaN);
    for (const segment of this.segments) {
      if ('infos' in segment) segment.infos.forEach((info, i) => (values[segment.start + i] = info.keepValue ?? NaN));
      else if (segment.columns.keepValues !== undefined) values.set(segment.columns.keepValues, segment.start);
    }
    return values;
  }

  private segmentOf(doc: number): Segment {
    if (!(doc >= 0 && doc < this.count)) throw new RangeError(`internal: no document ${doc} among ${this.count}`);
    // The last segment whose start is at or before doc.
    let low = 0, high = this.segments.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.segments[middle].start <= doc) low = middle;
      else high = middle - 1;
    }
    return this.segments[low];
  }
}
