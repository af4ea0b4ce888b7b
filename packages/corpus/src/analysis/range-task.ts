// A byte range of a plain JSONL file read and analysed on a worker (or in this thread with one): the worker reads
// the range itself (io/formats/jsonl-range.ts) and runs the analysis task's own function on its records, so the main
// thread never sees a record's text. It gets back what it keeps per document (id, size, where the line is) and the
// skipped lines, by their place in the range: line numbers are the main thread's to count, in input order.
//
// HTML by its main content is the exception: each page's text depends on the lines repeated across the pages read
// before it, counted in input order on the main thread (in-order.ts). A range holding such a page is read but not
// analysed: its texts go back, for the main thread to count and analyse as it does documents it reads itself.
import type { Task } from 'simhash-wasm/internal/pool';
import { htmlExtractor, type HtmlMode } from '../io/read-options.js';
import { readJsonlBlock, readJsonlRange, type LineNote } from '../io/formats/jsonl-range.js';
import { recordFields } from '../io/formats/jsonl-record.js';
import { describeReadError } from '../io/read-error.js';
import type { Analysis, AnalyzeInput, AnalyzeOptions } from './analyze-document.js';
import { analysisTask } from './task.js';
import { packIds, type IdColumn } from './id-column.js';

export interface RangeTaskInput {
  readonly path: string;
  /** The range: lines whose first byte is in [start, end). */
  readonly start: number;
  readonly end: number;
  /** A block of whole lines read on the main thread (a compressed stream or stdin: JsonlBlock), read instead of the range. */
  readonly block?: Uint8Array;
  readonly textField?: string;
  readonly idField?: string;
  readonly keepField?: string;
  readonly html: HtmlMode;
  /** What to analyse, as a batch of texts is told (never repeated lines: no page by its main content is analysed here). */
  readonly analysis: AnalyzeOptions;
}

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
}

/** Fresh each time: its buffers are transferred. */
function unread(readError: string): RangeTaskResult {
  return { lines: 0, line: new Uint32Array(0), offset: new Float64Array(0), length: new Uint32Array(0), chars: new Uint32Array(0), ids: packIds([]), notes: [], readError };
}

export const rangeTask: Task<RangeTaskInput, RangeTaskResult> = {
  name: 'read-jsonl-range',
  prepare(context) {
    const analyze = analysisTask.prepare(context);
    return ({ path, start, end, block, textField, idField, keepField, html, analysis }) => {
      let range;
      try {
        const fields = recordFields(textField, idField, keepField);
        range = block === undefined ? readJsonlRange(path, start, end, fields, html) : readJsonlBlock(block, fields, html);
      } catch (error) {
        return unread(describeReadError(error));
      }
      const { records } = range;
      const n = records.length;
      const line = new Uint32Array(n);
      const offset = new Float64Array(n);
      const length = new Uint32Array(n);
      const chars = new Uint32Array(n);
      for (let i = 0; i < n; i++) {
        line[i] = records[i].line;
        offset[i] = records[i].offset;
        length[i] = records[i].length;
        chars[i] = records[i].text.length;
      }
      const keepValues = keepField === undefined ? undefined : Float64Array.from(records, (r) => r.keepValue ?? NaN);
      const base = { lines: range.lines, line, offset, length, chars, ids: packIds(records.map((r) => r.id)), ...(keepValues === undefined ? {} : { keepValues }), notes: range.notes };
      const extractor = htmlExtractor(html);
      if (extractor === 'main' && records.some((r) => r.html)) {
        return { ...base, texts: { text: records.map((r) => r.text), html: Uint8Array.from(records, (r) => (r.html ? 1 : 0)) } };
      }
      const inputs: AnalyzeInput[] = records.map((r) => ({ text: r.text, html: r.html && extractor }));
      return { ...base, analysis: analyze({ ...analysis, inputs }) };
    };
  },
  transfer: (result) => [
    result.line.buffer, result.offset.buffer, result.length.buffer, result.chars.buffer, result.ids.ends.buffer, result.ids.kinds.buffer, ...(result.keepValues === undefined ? [] : [result.keepValues.buffer]),
    ...(result.analysis === undefined ? [] : analysisTask.transfer(result.analysis)),
    ...(result.texts === undefined ? [] : [result.texts.html.buffer]),
  ] as ArrayBuffer[],
};
