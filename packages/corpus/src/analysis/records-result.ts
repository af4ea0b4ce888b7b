// What a worker gives back for documents it read itself (RangeTaskResult: a JSONL range's, range-task.ts, a Parquet span's or a WARC span's):
// per document its place (its line or row in what was read) and size, its text's length, its id (packed) and
// number to keep by, the reports by place, and the analysis, never the texts. HTML by its main content is the
// exception: each page's text depends on the lines repeated across the pages read before it, counted in input order
// on the main thread (in-order.ts). Records holding such a page are read but not analysed: their texts go back, for
// the main thread to count and analyse as it does documents it reads itself.
import type { LineNote, RangeRecord } from '../io/formats/jsonl-range.js';
import { htmlExtractor, type HtmlMode } from '../io/read-options.js';
import type { Analysis, AnalyzeOptions } from './analyze-document.js';
import type { AnalysisTaskInput } from './task.js';
import { packIds, type IdColumn } from './id-column.js';

/** What a worker gives back for a JSONL range (range-task.ts), a Parquet span (parquet-task.ts) or a span of WARC records (warc-task.ts). */
export interface RangeTaskResult {
  /** Lines that start in the range (blank and skipped ones too). */
  readonly lines: number;
  /** Per document, in order: its line in the range (from 0), the line's offset in the file and length (its bytes). */
  readonly line: Uint32Array;
  readonly offset: Float64Array;
  readonly length: Uint32Array;
  /** Its text's length in UTF-16 code units (what the main thread's batches are cut by). */
  readonly chars: Uint32Array;
  /** Their ids, packed (a string per range, not one per document: id-column.ts). */
  readonly ids: IdColumn;
  /** With a keep field: the number there per document, NaN where there is none. */
  readonly keepValues?: Float64Array;
  /** Skipped lines and flagged documents, in line order (`line` as in `line`). */
  readonly notes: readonly LineNote[];
  /** The documents analysed; absent when the range holds HTML read by its main content (then `texts`). */
  readonly analysis?: Analysis;
  readonly texts?: { readonly text: readonly string[]; readonly html: Uint8Array };
  /** The file could not be read (the whole file is then skipped from this range on, as a stream read would). */
  readonly readError?: string;
  /** A span of WARC records that warcio did not find where the scan did (warc-task.ts): nothing of it is used. */
  readonly unframed?: true;
}

/** Records read, and the reports by place: a JSONL range's (its offsets aside), a Parquet span's or a WARC span's. */
export interface RecordsRead {
  readonly lines: number;
  /** With their byte offsets where they have them (a JSONL range's lines; a Parquet row has none). */
  readonly records: readonly (Omit<RangeRecord, 'offset'> & { readonly offset?: number })[];
  readonly notes: readonly LineNote[];
}

export interface ResultSettings {
  readonly keepField?: string;
  readonly html: HtmlMode;
  readonly analysis: AnalyzeOptions;
}

/**
 * The result of records read (`offset`: empty for records with no byte offset of their own, such as a Parquet row:
 * their documents are read back by reading their input again, never by offset).
 */
export function recordsResult({ lines, records, notes }: RecordsRead, { keepField, html, analysis }: ResultSettings, analyze: (input: AnalysisTaskInput) => Analysis | Promise<Analysis>): RangeTaskResult | Promise<RangeTaskResult> {
  const n = records.length;
  const line = new Uint32Array(n);
  const length = new Uint32Array(n);
  const chars = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    line[i] = records[i].line;
    length[i] = records[i].length;
    chars[i] = records[i].chars;
  }
  const keepValues = keepField === undefined ? undefined : Float64Array.from(records, (r) => r.keepValue ?? NaN);
  const offset = n > 0 && records[0].offset !== undefined ? Float64Array.from(records, (r) => r.offset!) : new Float64Array(0);
  const base = { lines, line, offset, length, chars, ids: packIds(records.map((r) => r.id)), ...(keepValues === undefined ? {} : { keepValues }), notes };
  const extractor = htmlExtractor(html);
  if (extractor === 'main' && records.some((r) => r.html)) {
    return { ...base, texts: { text: records.map((r) => asString(r.text)), html: Uint8Array.from(records, (r) => (r.html ? 1 : 0)) } };
  }
  // A text read as UTF-8 (jsonl-scanned.ts) is never HTML: the engine fingerprints its bytes.
  const analysed = analyze({ ...analysis, inputs: records.map((r) => (typeof r.text === 'string' ? { text: r.text, html: r.html && extractor } : { text: r.text, html: false })) });
  // A promise only for the thread's first page read by its visible text, while htmlToText loads (task.ts).
  return analysed instanceof Promise ? analysed.then((result) => ({ ...base, analysis: result })) : { ...base, analysis: analysed };
}

const decoder = new TextDecoder();

/**
 * A text as a string, for the main thread. Scanned UTF-8 decodes to the string the JS reader made but for a lone
 * surrogate escape, already U+FFFD there: the text's fingerprint, which reads it as U+FFFD, is the same.
 */
function asString(text: string | Uint8Array): string {
  return typeof text === 'string' ? text : decoder.decode(text);
}

/** What was to be read could not be (fresh each time: its buffers are transferred). */
export function unreadResult(readError: string): RangeTaskResult {
  return { ...noRecords(), readError };
}

/** A span whose records were not where the scan found them (warc-task.ts). */
export function unframedResult(): RangeTaskResult {
  return { ...noRecords(), unframed: true };
}

function noRecords(): RangeTaskResult {
  return { lines: 0, line: new Uint32Array(0), offset: new Float64Array(0), length: new Uint32Array(0), chars: new Uint32Array(0), ids: packIds([]), notes: [] };
}
