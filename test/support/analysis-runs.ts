// What an analysis run gives downstream, gathered for differential tests (test/dedupe/read-by-range.test.ts,
// read-whole-files.test.ts, read-parquet.test.ts): every document in order whatever batch it came in, with its
// analysis, the skipped inputs and flagged records in the order they were reported, and the boilerplate sample's
// sets; and what a dedupe run makes of them: the groups, the clusters file and the kept corpus.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { expect } from 'vitest';
import type { AnalyzedBatch } from '../../packages/corpus/src/analysis/analyze-document.js';
import type { BoilerplateSample } from '../../packages/corpus/src/analysis/boilerplate-sample.js';
import type { RangeBatch } from '../../packages/corpus/src/analysis/in-order.js';
import { documentName, type DocumentOptions, type WalkEntry } from '../../packages/corpus/src/io/index.js';
import { groupBatches } from '../../packages/corpus/src/grouping/group-batches.js';
import { clusterRows, placeDocuments } from '../../packages/corpus/src/grouping/cluster-rows.js';
import { clustersFileChunks } from '../../packages/corpus/src/dedupe/clusters-file.js';
import { writeKeptCorpus } from '../../packages/corpus/src/dedupe/kept-corpus.js';
import { rereadVerification } from '../../packages/corpus/src/dedupe/verify-pass.js';
import { createAnalyzer } from '../../packages/corpus/src/analysis/analyzer.js';
import { corpusOutputKind } from '../../packages/corpus/src/io/write/output-kind.js';

/** Hooks that note skipped inputs and flagged records into `notes`, in the order they are reported. */
export function noting(notes: string[][]) {
  return {
    skipped: (source: string, reason: string) => void notes.push(['skipped', source, reason]),
    flagged: (source: string, reason: string) => void notes.push(['flagged', source, reason]),
  };
}

/** The run's `result`, and how many of its documents came in batches a worker read by range or block (`ranged`). */
export async function collectRun(batches: AsyncIterable<AnalyzedBatch>, notes: string[][], sample?: BoilerplateSample) {
  const documents: unknown[][] = [];
  const fingerprints: bigint[] = [];
  const tokens: number[] = [];
  const digests: number[] = [];
  const sketches: number[] = [];
  /** The sampled texts' sets, by the document's place in the whole run. */
  const sampled: [number, number[]][] = [];
  let ranged = 0;
  for await (const batch of batches) {
    expect(batch.documents.length).toBeGreaterThan(0);
    const { docs, ends, shingles } = batch.sampled;
    docs.forEach((doc, i) => sampled.push([documents.length + doc, [...shingles.subarray(i === 0 ? 0 : ends[i - 1], ends[i])]]));
    documents.push(...batch.documents.map((d) => [d.source, d.id, d.bytes, d.keepValue]));
    fingerprints.push(...batch.fingerprints);
    tokens.push(...batch.tokens);
    digests.push(...batch.digests);
    sketches.push(...batch.sketches);
    if ((batch as RangeBatch).columns !== undefined) ranged += batch.documents.length;
  }
  const boilerplate = sample?.finish();
  return { result: { documents, notes, fingerprints, tokens, digests, sketches, sampled, boilerplate: boilerplate && [...boilerplate.shingles] }, ranged };
}

export interface OutputSettings {
  /** The reading the second pass repeats (the kept corpus, the verification's texts). */
  readonly options: DocumentOptions;
  readonly entries: readonly WalkEntry[];
  readonly sample: BoilerplateSample;
  /** Also a Parquet kept corpus (every input Parquet). */
  readonly parquet: boolean;
  /** Where the kept corpus is written (a fresh directory per run). */
  readonly dir: string;
}

/**
 * What a dedupe run makes of a run's batches, as `simhash dedupe -k 12 --keep-max score --clusters c.jsonl --output
 * kept.jsonl` (and `kept.parquet`) would: the groups, the clusters file and the kept corpus's bytes. The kept corpus
 * and the verification read the inputs again, checking each document against what the first pass gave.
 */
export async function groupedOutputs(batches: readonly AnalyzedBatch[], { options, entries, sample, parquet, dir }: OutputSettings) {
  const stdin = () => new PassThrough().end();
  // The sets read back in this thread (the run's workers are a pipeline's to keep: test/dedupe/verify-pass.test.ts).
  const inThread = await createAnalyzer({ threads: 1, engine: 'wasm', shingle: 3 });
  const verify = rereadVerification({ entries, stdin, options }, sample, { mode: 'jaccard', threshold: 0.5 }, inThread.recordSets);
  const grouped = await groupBatches((async function* () { yield* batches; })(), { maxDistance: 12, minTokens: 20, grouping: 'leader', verify, keep: { max: 'score' } });
  const placement = placeDocuments(grouped, grouped.documents.length);
  const rows = [...clusterRows(placement, (doc) => documentName(grouped.documents.at(doc)))];
  const clusters: Uint8Array[] = [];
  for await (const chunk of clustersFileChunks(rows, 'jsonl')) clusters.push(chunk);
  const pass = { entries, stdin, options, documents: grouped.documents, placement };
  const kept = join(dir, 'kept.jsonl');
  await writeKeptCorpus(kept, corpusOutputKind(kept)!, pass);
  const keptParquet = join(dir, 'kept.parquet');
  if (parquet) await writeKeptCorpus(keptParquet, corpusOutputKind(keptParquet)!, pass);
  return {
    groups: grouped.groups,
    verifiedPairs: grouped.verification?.verifiedPairs,
    clusters: Buffer.concat(clusters).toString(),
    kept: readFileSync(kept, 'utf8'),
    keptParquet: parquet ? readFileSync(keptParquet) : undefined,
  };
}
