// What a run against a reference (--against) adds to dedupe's outputs: a line in the text and summary formats, and
// in JSON the documents dropped for a reference document, each with the one it went for.
import type { DedupeResult } from '../dedupe/pipeline.js';
import type { ReferenceStats } from '../grouping/reference-match.js';
import { roundSimilarity } from '../grouping/cluster-rows.js';

const HOW = {
  exact: 'verified by exact shingle similarity',
  sketch: 'verified by the estimate of the MinHash sketches the index holds',
  off: 'by SimHash distance alone',
} as const;

export function referenceLine(stats: ReferenceStats): string {
  return `against the reference: ${stats.documents} of these documents dropped for one of its ${stats.entries} documents (${stats.verifiedPairs} of ${stats.candidatePairs} candidate pairs within ${stats.distance} ${HOW[stats.verification]})`;
}

/** JSON `reference`: every document dropped for a reference document, in input order. */
export function referenceJson(result: DedupeResult): { source: string; id?: string | number; reference: string | number; distance: number; similarity: number | null }[] {
  const matches = result.reference;
  if (matches === undefined) return [];
  const out = [];
  for (let doc = 0; doc < result.documents.length; doc++) {
    const entry = matches.entry[doc];
    if (entry < 0) continue;
    const info = result.documents[doc];
    out.push({ source: info.source, ...(info.id === undefined ? {} : { id: info.id }), reference: matches.names[entry], distance: matches.distance[doc], similarity: roundSimilarity(matches.similarity[doc]) });
  }
  return out;
}
