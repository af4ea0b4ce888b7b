// The verification's exact shingle sets (grouping/verify.ts), made on a worker (or in this thread with one): what
// dedupe/verify-pass.ts hands out, a stretch of the wanted documents at a time, when the first pass's workers are
// still there. Either JSONL records read back here by their place in a file, each of which must still be the one the
// first pass read (its id as then: the task says which is not, and the main thread fails the run rather than compare
// another text); or texts the main thread read back itself (second-pass.ts, which checks them), for a worker to
// extract and shingle: pages by their main content are most of the verification's time, 4.5 ms each on WARC.
import { closeSync, openSync } from 'node:fs';
import type { Text } from 'simhash-wasm';
import { createFeatureKernels } from 'simhash-wasm/internal';
import type { Task } from 'simhash-wasm/internal/pool';
import { afterExtractorReady, extractText } from '../html/extractor.js';
import { recordsAt } from '../io/formats/jsonl-range.js';
import { recordFields } from '../io/formats/jsonl-record.js';
import { htmlExtractor, type HtmlMode } from '../io/read-options.js';
import { joinSets, leavingOut, shingleSetOf } from './shingle-sets.js';
import { featuresInto } from './task.js';

export type RecordSetsInput = RecordsAtPlaces | TextsRead;

/** JSONL records to read back by their place. */
export interface RecordsAtPlaces {
  readonly path: string;
  /** Per record: where its line is and its length (the first pass's), and its id then. */
  readonly offsets: Float64Array;
  readonly lengths: Uint32Array;
  readonly ids: readonly (string | number | undefined)[];
  readonly textField?: string;
  readonly idField?: string;
  readonly html: HtmlMode;
  /** Shingles each set comes without (the verification's boilerplate). */
  readonly without?: Uint32Array;
}

/** Documents' texts as the main thread read them back, in order. */
export interface TextsRead {
  readonly texts: readonly string[];
  /** 1 for a text that is a page, to extract by `html`'s extractor. */
  readonly pages: Uint8Array;
  readonly html: HtmlMode;
  readonly without?: Uint32Array;
}

export interface RecordSetsResult {
  /** The first record that is no longer the document the first pass read (-1: none); no sets then. */
  readonly changed: number;
  /** The records' sets end to end, in order, and where each ends. */
  readonly ends: Uint32Array;
  readonly shingles: Uint32Array;
}

export const recordSetsTask: Task<RecordSetsInput, RecordSetsResult> = {
  name: 'record-sets',
  prepare(context) {
    // The first pass's features, as it makes its sampled sets (analyze-document.ts): straight into the kernels'
    // memory, where the set is made. Features taken as a new array each (hasher.features) cost 4 µs a record more.
    const kernels = createFeatureKernels();
    const featuresOf = featuresInto(context, kernels);
    const setOf = (text: Text) => shingleSetOf(featuresOf(text).features, kernels);
    return (input) => {
      const records = 'texts' in input ? input.texts.map((text, i) => ({ text, html: input.pages[i] === 1 })) : recordsAtPlaces(input);
      if (typeof records === 'number') return { changed: records, ends: new Uint32Array(0), shingles: new Uint32Array(0) };
      const { html, without } = input;
      const extractor = htmlExtractor(html);
      const pages = records.some((r) => r.html);
      // A page by its main content waits for Readability to load, the first time (html/extractor.ts). Other tasks run
      // on this thread meanwhile, and the next range or records read reuses the memory of the texts read as UTF-8
      // (jsonl-range.ts): those are copied before a wait.
      const kept = pages ? records.map((r) => (typeof r.text === 'string' ? r : { text: r.text.slice(), html: false as const })) : records;
      const leftOut = leavingOut(without === undefined ? undefined : new Set(without));
      const setWithout = (text: Text) => leftOut(setOf(text));
      return afterExtractorReady(pages && extractor, () => ({
        changed: -1,
        ...joinSets(kept.map((r) => setWithout(r.html === false ? r.text : extractText(r.text, extractor)))),
      }));
    };
  },
  transfer: (result) => [result.ends.buffer, result.shingles.buffer] as ArrayBuffer[],
};

type ReadRecord = { readonly text: string; readonly html: boolean } | { readonly text: Uint8Array; readonly html: false };

/** The records at their places, or the first that is no longer the document the first pass read. */
function recordsAtPlaces({ path, offsets, lengths, ids, textField, idField, html }: RecordsAtPlaces): ReadRecord[] | number {
  const records: ReadRecord[] = [];
  const fd = openSync(path, 'r');
  try {
    const recordAt = recordsAt(recordFields(textField, idField), html, fd, offsets, lengths);
    for (let i = 0; i < offsets.length; i++) {
      const record = recordAt(i);
      if (record === null || 'skip' in record || record.id !== ids[i]) return i;
      records.push(record);
    }
  } finally {
    closeSync(fd);
  }
  return records;
}
