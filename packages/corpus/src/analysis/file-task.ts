// Files that are one document each (a text, an HTML page, an e-mail message with --mail), read, decoded and analysed
// on a worker (or in this thread with one): the main thread hands out their paths in batches and gets back, per file
// in order, the document's size or the reason it is skipped, and the documents' analysis, never their texts.
//
// As for JSONL ranges (range-task.ts), HTML by its main content is the exception: each page's text depends on the
// lines repeated across the pages before it, counted in input order on the main thread (in-order.ts). A batch holding
// such a page is read but not analysed: its texts go back, for the main thread to count and analyse.
//
// A file whose first bytes show a container of many documents (a Parquet or WARC file under another name) ends the
// batch: its reader runs on the main thread, and the files after it go out again as a batch of their own.
import type { Task, TaskContext } from 'simhash-wasm/internal/pool';
// The files this task reads by, not io/index.js: the worker script loads none of the container readers.
import { readWholeFile } from '../io/formats/read-file-document.js';
import type { InputDocument } from '../io/input-document.js';
import { htmlExtractor, type DocumentOptions } from '../io/read-options.js';
import type { Analysis, AnalyzeOptions } from './analyze-document.js';
import { analysisTask, prepareAnalysis } from './task.js';

export interface FileTaskInput {
  readonly paths: readonly string[];
  /** Their sizes as walked, summed (an analyzer that grows with its input counts them: growing-analyzer.ts). */
  readonly bytes: number;
  readonly reading: Pick<DocumentOptions, 'mail' | 'html' | 'invalidUtf8'>;
  /** What to analyse, as a batch of texts is told (never repeated lines: no page by its main content is analysed here). */
  readonly analysis: AnalyzeOptions;
}

/** A file read, in the batch's order: `read` bytes from the disk (before decompression), for progress. */
export type FileOutcome =
  /** A document: its UTF-8 bytes (decompressed) and its text's length in UTF-16 code units (what batches are cut by). */
  | { readonly read: number; readonly bytes: number; readonly chars: number }
  | { readonly read: number; readonly reason: string }
  | { readonly container: 'parquet' | 'warc' };

export interface FileTaskResult {
  /** One per file read: all the paths, or up to and including a container, which is then the last. */
  readonly files: readonly FileOutcome[];
  /** The documents analysed, in order; absent when there is none, or when a page is among them by its main content (then `texts`). */
  readonly analysis?: Analysis;
  readonly texts?: { readonly text: readonly string[]; readonly html: Uint8Array };
}

export const fileTask: Task<FileTaskInput, FileTaskResult> = {
  name: 'read-whole-files',
  prepare(context: TaskContext) {
    const analyze = prepareAnalysis(context);
    return async ({ paths, reading, analysis }) => {
      const files: FileOutcome[] = [];
      const documents: InputDocument[] = [];
      for (const path of paths) {
        const input = await readWholeFile(path, reading);
        if ('container' in input) {
          files.push({ container: input.container });
          break;
        }
        const { read, result } = input;
        if ('reason' in result) {
          files.push({ read, reason: result.reason });
          continue;
        }
        files.push({ read, bytes: result.bytes, chars: result.text.length });
        documents.push(result);
      }
      if (documents.length === 0) return { files };
      const extractor = htmlExtractor(reading.html);
      if (extractor === 'main' && documents.some((d) => d.html)) {
        return { files, texts: { text: documents.map((d) => d.text), html: Uint8Array.from(documents, (d) => (d.html ? 1 : 0)) } };
      }
      return { files, analysis: await analyze({ ...analysis, inputs: documents.map((d) => ({ text: d.text, html: d.html && extractor })) }) };
    };
  },
  transfer: (result) => [
    ...(result.analysis === undefined ? [] : analysisTask.transfer(result.analysis)),
    ...(result.texts === undefined ? [] : [result.texts.html.buffer as ArrayBuffer]),
  ],
};
