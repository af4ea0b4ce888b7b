// What an analysis run gives downstream, gathered for differential tests (test/dedupe/read-by-range.test.ts,
// read-whole-files.test.ts): every document in order whatever batch it came in, with its analysis, the skipped
// inputs and flagged records in the order they were reported, and the boilerplate sample's sets.
import { expect } from 'vitest';
import type { AnalyzedBatch } from '../../packages/corpus/src/analysis/analyze-document.js';
import type { BoilerplateSample } from '../../packages/corpus/src/analysis/boilerplate-sample.js';
import type { RangeBatch } from '../../packages/corpus/src/analysis/in-order.js';

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
