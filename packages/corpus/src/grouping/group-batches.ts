// Analysed batches gathered and grouped: the step `simhash dedupe` (pipeline.ts) and the library's dedupe() share.
// Per document only its name, fingerprint, token count and digest are kept, never its text.
import { DIGEST_BYTES, type AnalyzedBatch, type DocumentInfo } from '../analysis/analyze-document.js';
import { groupDocuments, type Grouping, type GroupingMode } from './group.js';

export interface GroupSettings {
  readonly maxDistance: number;
  readonly minTokens: number;
  readonly grouping: GroupingMode;
}

export interface GroupedDocuments extends Grouping {
  readonly documents: readonly DocumentInfo[];
  readonly fingerprints: BigUint64Array;
  readonly tokens: Uint32Array;
}

export async function groupBatches(batches: AsyncIterable<AnalyzedBatch>, settings: GroupSettings): Promise<GroupedDocuments> {
  const collected: AnalyzedBatch[] = [];
  for await (const batch of batches) collected.push(batch);
  const documents = collected.flatMap((b) => b.documents);
  const n = documents.length;
  const fingerprints = new BigUint64Array(n);
  const tokens = new Uint32Array(n);
  const digests = new Uint8Array(n * DIGEST_BYTES);
  let start = 0;
  for (const batch of collected) {
    fingerprints.set(batch.fingerprints, start);
    tokens.set(batch.tokens, start);
    digests.set(batch.digests, start * DIGEST_BYTES);
    start += batch.documents.length;
  }
  const grouping = groupDocuments({ fingerprints, tokens, digests, maxDistance: settings.maxDistance, minTokens: settings.minTokens, mode: settings.grouping });
  return { ...grouping, documents, fingerprints, tokens };
}
