// A span of whole records of a plain WARC/WET file (io/formats/warc-spans.ts) read and analysed on a worker (or in
// this thread with one): the worker reads the span's bytes itself, parses its records by the reader every WARC file
// goes through (warcio), decodes their payloads and analyses their texts, HTML extracted; it gives back what a JSONL
// range gives (records-result.ts): per document its record's place in the span, its offset in the file (which names
// it, `path:offset N`), size and id, the records skipped with their offsets, and the analysis, never the texts. A
// span whose records warcio does not find where the scan did comes back unframed, for the main thread to read the
// file on from there as a stream (in-order.ts).
import type { Task, TaskContext } from 'simhash-wasm/internal/pool';
import { readWarcSpan } from '../io/formats/warc-span-records.js';
import type { WarcSpan } from '../io/formats/warc-spans.js';
import { describeReadError } from '../io/read-error.js';
import type { DocumentOptions } from '../io/read-options.js';
import type { AnalyzeOptions } from './analyze-document.js';
import { prepareAnalysis } from './task.js';
import { rangeTask, type RangeTaskResult } from './range-task.js';
import { recordsResult, unframedResult, unreadResult } from './records-result.js';

export interface WarcTaskInput {
  readonly path: string;
  readonly span: WarcSpan;
  readonly reading: Pick<DocumentOptions, 'html' | 'invalidUtf8'>;
  /** What to analyse, as a batch of texts is told (never repeated lines: no page by its main content is analysed here). */
  readonly analysis: AnalyzeOptions;
}

export const warcTask: Task<WarcTaskInput, RangeTaskResult> = {
  name: 'read-warc-records',
  prepare(context: TaskContext) {
    const analyze = prepareAnalysis(context);
    return async ({ path, span, reading, analysis }) => {
      let read;
      try {
        read = await readWarcSpan(path, span, reading);
      } catch (error) {
        return unreadResult(describeReadError(error));
      }
      return read === undefined ? unframedResult() : recordsResult(read, { html: reading.html, analysis }, analyze);
    };
  },
  // The same result as a JSONL range's, so the same buffers go back.
  transfer: rangeTask.transfer,
};
