// The verification tier's reading (grouping/verify.ts says what it computes): after the first pass, the documents the
// sketches could not rule out are read again and shingled on this thread; they keep their sets, 4 bytes a distinct
// shingle, until the groups are made. A record of a JSONL file the workers read by range is read back by its place
// in the file (its offset and length), alone; any other wanted document comes from reading the inputs once more
// (second-pass.ts: same documents, same order; stdin from its spooled copy). Either way the record must still be the
// one the first pass read (same id, same length), or the run fails rather than compare another text.
import { closeSync, openSync } from 'node:fs';
import type { Tokenization } from 'simhash-wasm';
import type { BoilerplateSample } from '../analysis/boilerplate-sample.js';
import type { DocumentTable } from '../analysis/document-table.js';
import { extractText } from '../html/extractor.js';
import { htmlExtractor, readRecordAt, recordFields } from '../io/index.js';
import { OutputError } from '../io/write/index.js';
import { shingleHasher, shingleHashes, type Verification, type VerifySettings } from '../grouping/verify.js';
import { rereadDocuments, type Reread } from '../analysis/second-pass.js';

export interface VerifyPassSettings extends VerifySettings {
  readonly shingle: number;
  readonly tokens?: Tokenization;
}

const LABEL = 'the verification of near pairs';

/** A Verification whose sets come from the inputs of the first pass, read again. */
export function rereadVerification(pass: Omit<Reread, 'documents'>, sample: BoilerplateSample, settings: VerifyPassSettings): Verification {
  return {
    settings: { mode: settings.mode, threshold: settings.threshold },
    sample,
    async *sets(want, documents) {
      const hasher = shingleHasher(settings);
      const extractor = htmlExtractor(pass.options.html);
      const textOf = (text: string, html: boolean) => (html ? extractText(text, extractor) : text);
      let unlocated = false;
      for (const { doc, text, html } of locatedRecords(documents, want, pass)) yield { doc, set: shingleHashes(hasher, textOf(text, html)) };
      for (let doc = 0; doc < documents.length && !unlocated; doc++) unlocated = want(doc) && documents.location(doc) === undefined;
      if (!unlocated) return;
      const rest = (doc: number) => want(doc) && documents.location(doc) === undefined;
      for await (const { doc, document } of rereadDocuments({ ...pass, documents }, LABEL, rest)) yield { doc, set: shingleHashes(hasher, textOf(document.text, document.html)) };
    },
  };
}

/** The wanted documents of JSONL files read by range, each read back alone by its offset. */
function* locatedRecords(documents: DocumentTable, want: (doc: number) => boolean, pass: Omit<Reread, 'documents'>): Generator<{ doc: number; text: string; html: boolean }> {
  const fields = recordFields(pass.options.textField, pass.options.idField);
  const files = new Map<string, number>();
  try {
    for (let doc = 0; doc < documents.length; doc++) {
      const location = want(doc) ? documents.location(doc) : undefined;
      if (location === undefined) continue;
      const document = documents.at(doc);
      let fd = files.get(location.path);
      if (fd === undefined) files.set(location.path, fd = openSync(location.path, 'r'));
      const record = readRecordAt(fd, location.offset, location.length, fields, pass.options.html);
      if (record === null || 'skip' in record || record.id !== document.id) {
        throw new OutputError(`cannot write ${LABEL}: ${document.source} changed while dedupe read it (it was read twice: once to group, once to verify)`, LABEL);
      }
      yield { doc, text: record.text, html: record.html };
    }
  } finally {
    for (const fd of files.values()) closeSync(fd);
  }
}
