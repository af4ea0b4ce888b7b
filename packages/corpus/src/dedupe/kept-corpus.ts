// The kept corpus (--output): every document in no group and each group's representative, in input order, as the
// input had it. Records are not held in memory through the run: the grouping keeps only a few bytes a document,
// and the kept records are read again in a second pass over the same inputs (stdin spooled to a file first, see
// src/io/walk/spool.ts) and written as they come. The second pass checks that it reads the documents the first read
// (same source, id and size, in the same order): an input changed in between fails the write, never a wrong corpus.
// JSONL out (plain or compressed) for any input; Parquet out for Parquet inputs (kept-parquet.ts).
import type { InputDocument } from '../io/index.js';
import { rereadDocuments, type Reread } from '../analysis/second-pass.js';
import { recordLine } from '../io/formats/record-line.js';
import { writeKeptParquet } from './kept-parquet.js';
import { compressChunks } from '../io/write/compress-chunks.js';
import { writeFileAtomic } from '../io/write/index.js';
import type { CorpusOutputKind } from '../io/write/output-kind.js';
import { isKept, type Placement } from '../grouping/cluster-rows.js';

export interface SecondPass extends Reread {
  readonly placement: Placement;
}

/** Bytes of output lines gathered before a chunk goes to the writer (or the compressor). */
const CHUNK_BYTES = 1 << 20;

export async function writeKeptCorpus(path: string, kind: CorpusOutputKind, pass: SecondPass): Promise<void> {
  const label = `the kept corpus ${path}`;
  if (kind.format === 'parquet') {
    await writeKeptParquet(path, label, pass, keptDocuments(pass, label));
    return;
  }
  const lines = keptLines(keptDocuments(pass, label));
  await writeFileAtomic(path, kind.compression === undefined ? lines : compressChunks(kind.compression, lines), { label });
}

/** The kept documents of the second pass, in input order. */
export async function* keptDocuments(pass: SecondPass, label: string): AsyncGenerator<InputDocument> {
  for await (const { document } of rereadDocuments(pass, label, (doc) => isKept(pass.placement, doc))) yield document;
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

