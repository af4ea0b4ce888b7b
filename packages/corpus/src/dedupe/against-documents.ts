// A reference of documents (`simhash dedupe --against REF...` where REF is documents in any input form): read and
// analysed as the run's own inputs are (the same pipeline, so the same fingerprints and sketches), before the run's
// inputs are read. Their texts are read again only for the pairs whose sketches leave them in doubt, as the run's
// own (verify-pass.ts), so the verification against them is the exact one.
import { DocumentTable } from '../analysis/document-table.js';
import { Readable } from 'node:stream';
import type { AnalysisHooks } from '../analysis/read-and-analyze.js';
import { startAnalysis } from '../analysis/read-and-analyze.js';
import type { AnalyzedBatch } from '../analysis/analyze-document.js';
import { DEFAULT_VERIFY_THRESHOLD } from '../grouping/verify.js';
import { memoryReference, type ReferenceSet } from '../grouping/reference-set.js';
import { documentName } from '../io/index.js';
import type { DedupeOptions } from './pipeline.js';
import { rereadVerification } from './verify-pass.js';
import { joinBatches } from '../analysis/batch-arrays.js';
import { createAnalyzer } from '../analysis/analyzer.js';

export interface DocumentReference {
  readonly pipelineVersion: string;
  readonly reference: ReferenceSet;
}

/** `inputs`: files, directories and patterns (standard input is the new documents', never the reference's). */
export async function readReferenceDocuments(inputs: readonly string[], options: DedupeOptions, hooks: Pick<AnalysisHooks, 'skipped'>): Promise<DocumentReference> {
  const noStdin = () => Readable.from([]);
  const run = await startAnalysis(inputs, noStdin(), { ...options, sketches: true, keepField: undefined, share: undefined }, hooks);
  // The batches' arrays joined once at the end (no number or bigint per document on the heap).
  const batches: AnalyzedBatch[] = [];
  for await (const batch of run.batches()) batches.push(batch);
  const documents = new DocumentTable();
  for (const batch of batches) documents.addBatch(batch);
  const { fingerprints, tokens, sketches } = joinBatches(batches);
  // Its sets are read back while the new documents are grouped, when this run's workers are gone: in this thread.
  const verify = options.verify === undefined || options.verify === 'off' ? undefined : rereadVerification(
    { entries: run.entries, stdin: noStdin, options },
    run.sample!,
    { mode: options.verify, threshold: options.verifyThreshold ?? DEFAULT_VERIFY_THRESHOLD },
    (await createAnalyzer({ ...options, threads: 1 })).recordSets,
  );
  return {
    pipelineVersion: run.version,
    reference: memoryReference({
      names: Array.from({ length: documents.length }, (_, doc) => documentName(documents.at(doc))),
      fingerprints,
      tokens,
      sketches,
      ...(verify === undefined ? {} : { sets: (want: (entry: number) => boolean) => verify.sets(want, documents) }),
    }),
  };
}
