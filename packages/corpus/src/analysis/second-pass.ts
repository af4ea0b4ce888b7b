// The inputs read a second time, after the first pass, for what it did not keep: the kept corpus's records
// (dedupe/kept-corpus.ts), the report's sample of texts (report-page/), the verification's texts
// (dedupe/verify-pass.ts) and the texts `eval --corpus` makes its pairs of (evaluation/analysed-corpus.ts). It checks
// that it reads the documents the first pass read (same source, id and size, in the same order): an input changed
// in between fails, never gives another document's text or record.
import { Readable } from 'node:stream';
import { readDocumentBatches, type DocumentOptions, type InputDocument, type WalkEntry } from '../io/index.js';
import { OutputError } from '../io/write/index.js';
import type { DocumentTable } from './document-table.js';

export interface Reread {
  /** The inputs as the first pass walked them. */
  readonly entries: readonly WalkEntry[];
  /** Standard input from its start again (the spooled copy), when it is among the entries. */
  readonly stdin: () => Readable;
  readonly options: DocumentOptions;
  /** What the first pass read, in order. */
  readonly documents: DocumentTable;
  /** Input bytes read and documents passed so far. */
  readonly progress?: (bytesRead: number, documents: number) => void;
}

/** The documents `want` asks for (by number, input order), read again; `label` names the output in errors. */
export async function* rereadDocuments(pass: Reread, label: string, want: (doc: number) => boolean): AsyncGenerator<{ doc: number; document: InputDocument }> {
  const { documents } = pass;
  let doc = 0;
  let bytesRead = 0;
  // The spooled copy is opened only when stdin is among the inputs (readDocumentBatches reads stdin for no other entry).
  const stdin = pass.entries.some((entry) => entry.kind === 'stdin') ? pass.stdin() : Readable.from([]);
  for await (const events of readDocumentBatches(pass.entries, stdin, pass.options)) {
    for (const event of events) {
      if (event.kind === 'progress') bytesRead += event.bytes;
      if (event.kind !== 'document') continue; // skipped inputs were reported by the first pass
      const read = event.document;
      const expected = doc < documents.length ? documents.at(doc) : undefined;
      if (expected === undefined || expected.source !== read.source || expected.id !== read.id || expected.bytes !== read.bytes) {
        throw changedInput(label, expected?.source ?? read.source);
      }
      if (want(doc)) yield { doc, document: read };
      doc++;
    }
    pass.progress?.(bytesRead, doc);
  }
  if (doc !== documents.length) throw changedInput(label, documents.at(doc).source);
}

function changedInput(label: string, source: string): OutputError {
  return new OutputError(`cannot write ${label}: ${source} changed while dedupe read it (it was read twice: once to group, once to write what is kept or shown)`, label);
}
