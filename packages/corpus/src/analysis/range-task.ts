// A byte range of a plain JSONL file read and analysed on a worker (or in this thread with one): the worker reads
// the range itself (io/formats/jsonl-range.ts) and runs the analysis task's own function on its records, so the main
// thread never sees a record's text. It gets back what it keeps per document (id, size, where the line is) and the
// skipped lines, by their place in the range: line numbers are the main thread's to count, in input order. What it
// gives back is what a Parquet span's task gives (records-result.ts), HTML by its main content the exception there.
import type { Task } from 'simhash-wasm/internal/pool';
import type { HtmlMode } from '../io/read-options.js';
import { readJsonlBlock, readJsonlRange } from '../io/formats/jsonl-range.js';
import { recordFields } from '../io/formats/jsonl-record.js';
import { describeReadError } from '../io/read-error.js';
import type { AnalyzeOptions } from './analyze-document.js';
import { analysisTask, prepareAnalysis } from './task.js';
import { recordsResult, unreadResult, type RangeTaskResult } from './records-result.js';

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

// What it gives back is records-result.ts's, the shape a Parquet span's task gives too.
export type { RangeTaskResult };


export const rangeTask: Task<RangeTaskInput, RangeTaskResult> = {
  name: 'read-jsonl-range',
  prepare(context) {
    const analyze = prepareAnalysis(context);
    return ({ path, start, end, block, textField, idField, keepField, html, analysis }) => {
      let range;
      try {
        const fields = recordFields(textField, idField, keepField);
        range = block === undefined ? readJsonlRange(path, start, end, fields, html) : readJsonlBlock(block, fields, html);
      } catch (error) {
        return unreadResult(describeReadError(error));
      }
      return recordsResult(range, { keepField, html, analysis }, analyze);
    };
  },
  transfer: (result) => [
    result.line.buffer, result.offset.buffer, result.length.buffer, result.chars.buffer, result.ids.ends.buffer, result.ids.kinds.buffer, ...(result.keepValues === undefined ? [] : [result.keepValues.buffer]),
    ...(result.analysis === undefined ? [] : analysisTask.transfer(result.analysis)),
    ...(result.texts === undefined ? [] : [result.texts.html.buffer]),
  ] as ArrayBuffer[],
};
