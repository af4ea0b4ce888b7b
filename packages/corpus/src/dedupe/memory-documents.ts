// Documents given in memory (dedupe()'s documents, and its `against`) read as the command line reads its inputs:
// each checked, then made a reading event (named by its id; HTML when the caller says every document is) and
// analysed in input order on the pool by the one path every input takes (analysis/in-order.ts: the same batches,
// the same repeated lines of pages by their main content, the same boilerplate sample), a few batches at a time on
// each thread.
import { describe } from 'simhash-wasm/internal';
import type { AnalyzedBatch } from '../analysis/analyze-document.js';
import type { Analyzer } from '../analysis/analyzer.js';
import type { BoilerplateSample } from '../analysis/boilerplate-sample.js';
import { analyzeInOrder } from '../analysis/in-order.js';
import type { HtmlExtractor } from '../html/extractor.js';
import type { DocumentEvent } from '../io/index.js';
import { getField, type FieldPath } from '../io/formats/field-path.js';
import { keepNumber } from '../io/formats/jsonl-record.js';

export interface MemoryDocument {
  readonly id: string | number;
  readonly text: string;
}

export interface MemoryReading {
  readonly analyzer: Analyzer;
  /** Every document is HTML, read by this extractor; or none is. */
  readonly html: false | HtmlExtractor;
  /** How errors name the documents: `documents` gives "documents[3].text must be a string". */
  readonly label: string;
  /** For a verification: the sample to gather (and the batches carry sketches). */
  readonly sample?: BoilerplateSample;
  /** The field to keep by, read from each document object. */
  readonly keepPath?: FieldPath;
  /** Each document as it is read, numbered from 0 in input order. */
  readonly read?: (doc: number, document: MemoryDocument) => void;
  /** A document without a number in the keep field (it is grouped, and ranks last), with why. */
  readonly flagged?: (id: string | number, reason: string) => void;
}

/** Events are handed to the analysis this many documents at a time. */
const EVENTS = 512;

export function analyzeMemoryDocuments(documents: Iterable<unknown> | AsyncIterable<unknown>, reading: MemoryReading): AsyncGenerator<AnalyzedBatch> {
  const { analyzer, html, sample } = reading;
  return analyzeInOrder(memoryEvents(documents, reading), analyzer, { skipped() {} }, { fingerprintsOnly: false, sample, extractor: html === false ? 'text' : html });
}

async function* memoryEvents(documents: Iterable<unknown> | AsyncIterable<unknown>, { html, label, keepPath, read, flagged }: MemoryReading): AsyncGenerator<DocumentEvent[]> {
  let events: DocumentEvent[] = [];
  let doc = 0;
  for await (const document of documents) {
    const checked = checkDocument(document, `${label}[${doc}]`);
    read?.(doc++, checked);
    const { id, text } = checked;
    const keep = keepPath === undefined ? undefined : keepNumber(getField(document, keepPath), keepPath);
    if (typeof keep === 'object') flagged?.(id, keep.problem);
    // bytes only feed the command line's MB/s, which the library does not report: the UTF-16 length spares an encode.
    events.push({ kind: 'document', document: { source: String(id), id, text, html: html !== false, bytes: text.length, ...(typeof keep === 'number' ? { keepValue: keep } : {}) } });
    if (events.length === EVENTS) {
      yield events;
      events = [];
    }
  }
  if (events.length > 0) yield events;
}

function checkDocument(document: unknown, name: string): MemoryDocument {
  if (document === null || typeof document !== 'object') throw new TypeError(`${name} must be an object { id, text }, got ${describe(document)}`);
  const { id, text } = document as { id: unknown; text: unknown };
  if (typeof id !== 'string' && typeof id !== 'number') throw new TypeError(`${name}.id must be a string or a number, got ${describe(id)}`);
  if (typeof text !== 'string') throw new TypeError(`${name}.text must be a string, got ${describe(text)}`);
  return { id, text };
}
