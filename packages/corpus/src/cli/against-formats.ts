// What a run against a reference (--against) adds to dedupe's outputs: a line in the text and summary formats, and
// in JSON the documents dropped for a reference document, each with the one it went for.
import type { DedupeResult } from '../dedupe/pipeline.js';
import type { ReferenceStats } from '../grouping/reference-match.js';
import { roundSimilarity } from '../grouping/cluster-rows.js';
import { quoteName } from '../io/index.js';

/** Documents dropped for the reference listed in text output; JSON lists them all. */
const TEXT_REFERENCE_LIMIT = 10;

const HOW = {
  exact: 'verified by exact shingle similarity',
  sketch: 'verified by the estimate of the MinHash sketches the index holds',
  off: 'by SimHash distance alone',
} as const;

export function referenceLine(stats: ReferenceStats): string {
  return `against the reference: ${stats.documents} of these documents dropped for one of its ${stats.entries} documents (${stats.verifiedPairs} of ${stats.candidatePairs} candidate pairs within ${stats.distance} ${HOW[stats.verification]})`;
}

/** Text output: the documents dropped for the reference, the first few, each with the one it went for. */
export function referenceLines(result: DedupeResult): string[] {
  const matches = referenceJson(result);
  if (matches.length === 0) return [];
  const out = [`dropped for the reference: ${matches.length} document${matches.length === 1 ? '' : 's'}`];
  for (const m of matches.slice(0, TEXT_REFERENCE_LIMIT)) {
    const similarity = m.similarity === null ? '' : `, similarity ${m.similarity}`;
    out.push(`  ${String(m.distance).padStart(2)}  ${quoteName(String(m.id ?? m.source))}  for ${quoteName(String(m.reference))}${similarity}`);
  }
  if (matches.length > TEXT_REFERENCE_LIMIT) out.push(`  ... and ${matches.length - TEXT_REFERENCE_LIMIT} more (--format json and --clusters list them all)`);
  return [...out, ''];
}

/** JSON `reference`: every document dropped for a reference document, in input order. */
export function referenceJson(result: DedupeResult): { source: string; id?: string | number; reference: string | number; distance: number; similarity: number | null }[] {
  const matches = result.reference;
  if (matches === undefined) return [];
  const out = [];
  for (let doc = 0; doc < result.documents.length; doc++) {
    const entry = matches.entry[doc];
    if (entry < 0) continue;
    const info = result.documents.at(doc);
    out.push({ source: info.source, ...(info.id === undefined ? {} : { id: info.id }), reference: matches.names[entry], distance: matches.distance[doc], similarity: roundSimilarity(matches.similarity[doc]) });
  }
  return out;
}
