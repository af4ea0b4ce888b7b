// The kept corpus (--output): every document in no group and each group's representative, in input order, as the
// input had it. Records are not held in memory through the run: the grouping keeps only a few bytes a document,
// and the kept records are read again in a second pass over the same inputs (stdin spooled to a file first, see
// src/io/spool.ts) and written as they come. The second pass checks that it reads the documents the first read
// (same source, id and size, in the same order): an input changed in between fails the write, never a wrong corpus.
import { Readable } from 'node:stream';
import { readDocumentBatches, type DocumentOptions, type InputDocument, type WalkEntry } from '../io/index.js';
import { recordLine } from '../io/record-line.js';
import { compressChunks } from '../io/write/compress-chunks.js';
import { OutputError, writeFileAtomic } from '../io/write/index.js';
import type { CorpusOutputKind } from '../io/write/output-kind.js';
import type { DocumentInfo } from './analysis-run.js';
import { isKept, type Placement } from './cluster-rows.js';

export interface SecondPass {
  /** The inputs as the first pass walked them. */
  readonly entries: readonly WalkEntry[];
  /** Standard input from its start again (the spooled copy), when it is among the entries. */
  readonly stdin: () => Readable;
  readonly options: DocumentOptions;
  /** What the first pass read, in order. */
  readonly documents: readonly DocumentInfo[];
  readonly placement: Placement;
  /** Input bytes read and documents passed so far. */
  readonly progress?: (bytesRead: number, documents: number) => void;
}

/** Bytes of output lines gathered before a chunk goes to the writer (or the compressor). */
const CHUNK_BYTES = 1 << 20;

/** Why this kind of output cannot be written (asked when the command line is parsed), or undefined when it can. */
export function corpusOutputProblem(kind: CorpusOutputKind): string | undefined {
  // PARQUET OUTPUT PLUGS IN HERE (1 of 2): undefined once writeParquetRecords exists.
  return kind.format === 'parquet' ? 'Parquet output is not available yet; name a .jsonl, .jsonl.gz or .jsonl.zst file' : undefined;
}

export async function writeKeptCorpus(path: string, kind: CorpusOutputKind, pass: SecondPass): Promise<void> {
  const label = `the kept corpus ${path}`;
  if (kind.format === 'parquet') {
    // PARQUET OUTPUT PLUGS IN HERE (2 of 2): await writeParquetRecords(path, keptDocuments(pass, label), { label }),
    // atomic like the rest (each kept document's `record` holds the row's fields).
    throw new OutputError(`cannot write ${label}: ${corpusOutputProblem(kind)}`, label);
  }
  const lines = keptLines(keptDocuments(pass, label));
  await writeFileAtomic(path, kind.compression === undefined ? lines : compressChunks(kind.compression, lines), { label });
}

/** The kept documents of the second pass, in input order. */
export async function* keptDocuments(pass: SecondPass, label: string): AsyncGenerator<InputDocument> {
  const { documents, placement } = pass;
  let doc = 0;
  let bytesRead = 0;
  // The spooled copy is opened only when stdin is among the inputs (readDocumentBatches reads stdin for no other entry).
  const stdin = pass.entries.some((entry) => entry.kind === 'stdin') ? pass.stdin() : Readable.from([]);
  for await (const events of readDocumentBatches(pass.entries, stdin, pass.options)) {
    for (const event of events) {
      if (event.kind === 'progress') bytesRead += event.bytes;
      if (event.kind !== 'document') continue; // skipped inputs were reported by the first pass
      const read = event.document;
      const expected = documents[doc];
      if (expected === undefined || expected.source !== read.source || expected.id !== read.id || expected.bytes !== read.bytes) {
        throw changedInput(label, expected?.source ?? read.source);
      }
      if (isKept(placement, doc)) yield read;
      doc++;
    }
    pass.progress?.(bytesRead, doc);
  }
  if (doc !== documents.length) throw changedInput(label, documents[doc].source);
}

async function* keptLines(documents: AsyncIterable<InputDocument>): AsyncGenerator<Uint8Array> {
  let parts: Uint8Array[] = [];
  let size = 0;
  for await (const document of documents) {
    const line = recordLine(document);
    parts.push(line);
    size += line.length;
    if (size >= CHUNK_BYTES) {
      yield Buffer.concat(parts, size);
      parts = [];
      size = 0;
    }
  }
  if (size > 0) yield Buffer.concat(parts, size);
}

function changedInput(label: string, source: string): OutputError {
  return new OutputError(`cannot write ${label}: ${source} changed while dedupe read it (it was read twice: once to group, once to write what is kept)`, label);
}
