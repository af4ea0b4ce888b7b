// The corpus `simhash eval --corpus` measures, read by dedupe's own first pass (analysis/read-and-analyze.ts: the
// workers read and analyse JSONL ranges, whole files and Parquet spans; pages by their main content with the
// corpus's repeated lines), so what it says dedupe does is what dedupe computes: the same fingerprints, token
// counts, digests, sketches and boilerplate sample. Then its texts, which the pairs are made of and the judges
// compare, read once more as dedupe's verification reads them (HTML reduced to its text), checked against the first
// pass (analysis/second-pass.ts). All the texts are held: the evaluation draws pairs from anywhere in the corpus.
import type { Readable } from 'node:stream';
import type { AnalyzedBatch } from '../analysis/analyze-document.js';
import type { Analyzer } from '../analysis/analyzer.js';
import { joinBatches } from '../analysis/batch-arrays.js';
import type { BoilerplateSample } from '../analysis/boilerplate-sample.js';
import { DocumentTable } from '../analysis/document-table.js';
import { startAnalysis, type AnalysisOptions } from '../analysis/read-and-analyze.js';
import { rereadDocuments } from '../analysis/second-pass.js';
import { extractTextWhenReady } from '../html/extractor.js';
import { htmlExtractor } from '../io/index.js';
import type { CorpusDocument } from './make-pairs.js';

export interface CorpusRead {
  /** Each document's text as dedupe's verification reads it (HTML reduced to its text), and its name. */
  readonly documents: readonly CorpusDocument[];
  readonly fingerprints: BigUint64Array;
  readonly tokens: Uint32Array;
  readonly digests: Uint8Array;
  /** Dedupe's first pass's sketches and boilerplate sample, for its verification. */
  readonly sketches: Uint32Array;
  readonly sample: BoilerplateSample;
}

/** `stdin`: standard input from its start, each time it is called (it is read twice: a spooled copy). */
export async function readAnalysedCorpus(inputs: readonly string[], stdin: () => Readable, options: AnalysisOptions, skipped: (source: string, reason: string) => void, analyzer: Analyzer): Promise<CorpusRead> {
  const run = await startAnalysis(inputs, stdin(), { ...options, sketches: true }, { skipped }, analyzer);
  const batches: AnalyzedBatch[] = [];
  for await (const batch of run.batches()) batches.push(batch);
  const table = new DocumentTable();
  for (const batch of batches) table.addBatch(batch);
  const extractor = htmlExtractor(options.html);
  const documents: CorpusDocument[] = [];
  const pass = { entries: run.entries, stdin, options, documents: table };
  for await (const { document } of rereadDocuments(pass, 'the pairs made from the corpus', () => true)) {
    documents.push({ text: document.html ? await extractTextWhenReady(document.text, extractor) : document.text, source: document.source });
  }
  return { documents, ...joinBatches(batches), sample: run.sample! };
}
