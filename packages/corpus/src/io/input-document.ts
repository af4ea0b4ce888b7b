// A document as every command sees it, and the events reading produces: documents, skipped inputs, bytes read.

export interface InputDocument {
  /** How reports name it: the path, `path:line` for a JSONL record, `(stdin)`. */
  readonly source: string;
  /** A JSONL record's id, as given. */
  readonly id?: string | number;
  /** The input record this document came from (a JSONL object, a Parquet or CSV row), for --output. */
  readonly record?: Readonly<Record<string, unknown>>;
  /** A JSONL record's line as read (without its line break), so --output writes it back byte for byte. */
  readonly line?: Uint8Array;
  readonly text: string;
  /** Extract the visible text before fingerprinting. */
  readonly html: boolean;
  /** UTF-8 bytes the document came from (decompressed), for MB/s. */
  readonly bytes: number;
  /** The number in its record's keep field (read-options.ts, keepField), when asked for and it has one. */
  readonly keepValue?: number;
}

export type DocumentEvent =
  | { readonly kind: 'document'; readonly document: InputDocument }
  /** An input, or a JSONL line, that cannot be a document, and why: each is reported once, through this event. */
  | { readonly kind: 'skipped'; readonly source: string; readonly reason: string }
  /** A document read and used, whose record has a problem (no number in the keep field): reported once, after it. */
  | { readonly kind: 'flagged'; readonly source: string; readonly reason: string }
  /** Bytes of input consumed so far grew by `bytes`, counted before decompression (for progress against file sizes). */
  | { readonly kind: 'progress'; readonly bytes: number };

/**
 * A plain (uncompressed) file of JSONL records, named but not read: its reader cuts it into byte ranges that workers
 * read on their own (formats/jsonl-range.ts), each giving the documents and skipped lines the streamed read would.
 */
export interface JsonlFile {
  readonly kind: 'jsonl-file';
  readonly path: string;
  readonly size: number;
}

/**
 * A Parquet file, named but not read: its row groups are cut into spans of rows that workers read on their own
 * (formats/parquet-spans.ts), each giving the documents and reports the streamed read gives.
 */
export interface ParquetFile {
  readonly kind: 'parquet-file';
  readonly path: string;
}

/**
 * A plain (uncompressed) WARC or WET file, named but not read: its records are found by their headers and cut into
 * spans that workers read on their own (formats/warc-spans.ts), each giving the documents and reports the streamed
 * read gives.
 */
export interface WarcFile {
  readonly kind: 'warc-file';
  readonly path: string;
}

/**
 * A file that is one document (a text, an HTML page, an e-mail message with --mail), named but not read: a worker
 * reads it (formats/read-file-document.ts's readWholeFile) and gives the document or the reason it is skipped.
 */
export interface WholeFile {
  readonly kind: 'whole-file';
  readonly path: string;
  /** Its size as walked, to cut the files into tasks of about equal bytes. */
  readonly size: number;
}

/**
 * Whole lines of a JSONL stream that is not a plain file (compressed, or standard input), decompressed and cut here
 * (formats/jsonl-blocks.ts) for a worker to parse: its lines follow those of the stream's blocks before it.
 */
export interface JsonlBlock {
  readonly kind: 'jsonl-block';
  /** The same object for every block of one stream; `path` names its documents (`path:line`). */
  readonly stream: { readonly path: string };
  readonly bytes: Uint8Array;
}

/** What reading gives, in input order: events, or (asked for) files and blocks left to the workers to read. */
export type ReadUnit = DocumentEvent[] | JsonlFile | WholeFile | JsonlBlock | ParquetFile | WarcFile;

/** The name outputs give a document: its JSONL id when it has one, else where it came from. */
export function documentName(document: { readonly source: string; readonly id?: string | number }): string {
  return document.id === undefined ? document.source : String(document.id);
}
