// A span of a Parquet file's rows (part of one row group: io/formats/parquet-spans.ts) read and analysed on a worker
// (or in this thread with one): the worker opens the file, decodes the span's rows and makes them documents by the
// rule every table row follows, and gives back what a JSONL range gives (records-result.ts): per document its row in
// the span, size and id, the rows skipped or flagged, and the analysis, never the texts. The main thread names the
// rows (`path:row N`) and puts the spans back in input order (in-order.ts).
import type { Task, TaskContext } from 'simhash-wasm/internal/pool';
import { FooterCache } from '../io/formats/parquet-file.js';
import { readParquetSpan, type RowSpan } from '../io/formats/parquet-spans.js';
import { recordFields } from '../io/formats/jsonl-record.js';
import { describeReadError } from '../io/read-error.js';
import type { HtmlMode } from '../io/read-options.js';
import type { AnalyzeOptions } from './analyze-document.js';
import { prepareAnalysis } from './task.js';
import { rangeTask, type RangeTaskResult } from './range-task.js';
import { recordsResult, unreadResult } from './records-result.js';

export interface ParquetTaskInput {
  readonly path: string;
  readonly span: RowSpan;
  readonly textField?: string;
  readonly idField?: string;
  readonly keepField?: string;
  readonly html: HtmlMode;
  /** What to analyse, as a batch of texts is told (never repeated lines: no page by its main content is analysed here). */
  readonly analysis: AnalyzeOptions;
}

export const parquetTask: Task<ParquetTaskInput, RangeTaskResult> = {
  name: 'read-parquet-rows',
  prepare(context: TaskContext) {
    const analyze = prepareAnalysis(context);
    // The footers of the files this thread reads: a file's spans come a task each.
    const footers = new FooterCache();
    return async ({ path, span, textField, idField, keepField, html, analysis }) => {
      let read;
      try {
        read = await readParquetSpan(path, span, recordFields(textField, idField, keepField), html, footers);
      } catch (error) {
        return unreadResult(describeReadError(error));
      }
      return recordsResult(read, { keepField, html, analysis }, analyze);
    };
  },
  // The same result as a JSONL range's, so the same buffers go back.
  transfer: rangeTask.transfer,
};
