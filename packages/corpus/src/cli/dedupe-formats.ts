// The dedupe result as JSON (--format json, one object; jsonl, one record per line) or as text for people.
// The JSON shape is documented in docs/cli.md ("Output") and versioned by its "format" field: fields are only ever added.
import { toHex } from 'simhash-wasm';
import { quoteName } from '../io/index.js';
import { keepCounts, roundSimilarity } from '../grouping/cluster-rows.js';
import type { VerificationStats } from '../grouping/verify.js';
import type { DistanceChoice } from '../grouping/group-batches.js';
import type { Group } from '../grouping/group.js';
import type { DedupeOptions, DedupeResult } from '../dedupe/pipeline.js';
import { runWarnings } from '../grouping/warnings.js';
import { describeRule } from '../grouping/pair-rule.js';
import type { ReferenceStats } from '../grouping/reference-match.js';
import { referenceJson, referenceLine, referenceLines } from './against-formats.js';
import { prettyJson, Streamed } from './pretty-json.js';

export const JSON_FORMAT = 'simhash-dedupe/1';
export type OutputFormat = 'text' | 'summary' | 'json' | 'jsonl';
/** Too-short documents listed in text output; JSON lists them all. */
const TEXT_TOO_SHORT_LIMIT = 10;

export interface Summary {
  readonly documents: number;
  readonly skipped: number;
  readonly tooShort: number;
  readonly groups: number;
  readonly exactGroups: number;
  readonly nearGroups: number;
  /** Documents in groups other than each group's representative: what deduplication would drop. */
  readonly duplicates: number;
  /** Documents in the kept corpus (--output): those in no group, and each group's representative. */
  readonly kept: number;
  /** The same as duplicates: documents the kept corpus leaves out, as exact copies and as near-duplicates. */
  readonly dropped: number;
  readonly droppedExact: number;
  readonly droppedNear: number;
  readonly bytes: number;
  readonly seconds: number;
  readonly documentsPerSecond: number;
  readonly megabytesPerSecond: number;
  /** Threads that fingerprinted (one for a small input unless --threads was given). */
  readonly threads: number;
  /** With no -k and verification: the k chosen, for how many distinct texts, the chance pairs expected within it. */
  readonly distanceChoice?: DistanceChoice;
  /** What the verification did (absent with --verify off): candidate and verified pairs, the boilerplate threshold, its time. */
  readonly verification?: VerificationStats;
  /** Against a reference (--against): of those dropped, how many for a reference document, and how they were matched. */
  readonly droppedReference?: number;
  readonly reference?: ReferenceStats;
}

export function summarize(result: DedupeResult): Summary {
  const counts = keepCounts(result, result.documents.length);
  const seconds = result.seconds;
  return {
    documents: counts.documents,
    skipped: result.skipped.length,
    tooShort: counts.tooShort,
    groups: counts.groups,
    exactGroups: counts.exactGroups,
    nearGroups: counts.nearGroups,
    duplicates: counts.dropped,
    kept: counts.kept,
    dropped: counts.dropped,
    droppedExact: counts.droppedExact,
    droppedNear: counts.droppedNear,
    bytes: result.bytes,
    seconds: round(seconds, 3),
    documentsPerSecond: Math.round(result.documents.length / Math.max(seconds, 1e-6)),
    megabytesPerSecond: round(result.bytes / 1e6 / Math.max(seconds, 1e-6), 1),
    threads: result.threads,
    ...(result.distanceChoice === undefined ? {} : { distanceChoice: { ...result.distanceChoice, chancePerDocument: round(result.distanceChoice.chancePerDocument, 4) } }),
    ...(result.reference === undefined ? {} : { droppedReference: counts.droppedReference, reference: result.reference.stats }),
    ...(result.verification === undefined ? {} : { verification: { ...result.verification, seconds: round(result.verification.seconds, 3), shingleSeconds: round(result.verification.shingleSeconds, 3), pairSeconds: round(result.verification.pairSeconds, 4) } }),
  };
}

function settings(options: DedupeOptions) {
  return {
    maxDistance: options.maxDistance,
    shingle: options.shingle,
    tokens: options.tokens ?? 'words',
    termWeights: options.termWeights ?? 'tf',
    minTokens: options.minTokens,
    grouping: options.grouping,
    keep: options.keep ?? 'first',
    verify: options.verify ?? 'off',
    ...(options.verify === undefined || options.verify === 'off' ? {} : { verifyThreshold: options.verifyThreshold }),
    html: options.html,
    mail: options.mail,
    invalidUtf8: options.invalidUtf8,
    engine: options.engine,
  };
}

/**
 * A document's JSON: its name, fingerprint and token count. Fields are set one by one rather than spread from
 * conditional objects (the same keys in the same order): spreads made the groups of a 1M-document run three times
 * as slow to write.
 */
function documentJson(result: DedupeResult, doc: number): Record<string, unknown> {
  const info = result.documents.at(doc);
  const json: Record<string, unknown> = { source: info.source };
  if (info.id !== undefined) json.id = info.id;
  json.fingerprint = toHex(result.fingerprints[doc]);
  json.tokens = result.tokens[doc];
  return json;
}

function groupJson(result: DedupeResult, group: Group, number: number) {
  return {
    group: number,
    tier: group.tier,
    representative: group.representative,
    members: group.members.map((m) => {
      const json = documentJson(result, m.doc);
      json.distance = m.distance;
      json.tier = m.tier;
      if (m.copyOf !== undefined) json.copyOf = m.copyOf;
      if (m.similarity !== undefined) json.similarity = roundSimilarity(m.similarity);
      return json;
    }),
  };
}

/** One JSON object, written a piece at a time (pretty-json.ts): its groups and too-short documents a row each. */
export function* formatJson(result: DedupeResult, options: DedupeOptions): Generator<string> {
  yield* prettyJson({
    format: JSON_FORMAT,
    pipelineVersion: result.pipelineVersion,
    settings: settings(options),
    summary: summarize(result),
    warnings: runWarnings(result, result.documents.length, options.maxDistance),
    groups: new Streamed(mapped(result.groups, (g, i) => groupJson(result, g, i + 1))),
    tooShort: new Streamed(mapped(result.tooShort, (d) => documentJson(result, d))),
    skipped: result.skipped,
    flagged: result.flagged,
    ...(result.reference === undefined ? {} : { reference: referenceJson(result) }),
  });
  yield '\n';
}

/** A record a line, each made as it is written. */
export function* formatJsonl(result: DedupeResult, options: DedupeOptions): Generator<string> {
  const line = (value: unknown) => `${JSON.stringify(value)}\n`;
  for (let i = 0; i < result.groups.length; i++) yield line({ type: 'group', ...groupJson(result, result.groups[i], i + 1) });
  for (const d of result.tooShort) yield line({ type: 'tooShort', ...documentJson(result, d) });
  for (const s of result.skipped) yield line({ type: 'skipped', ...s });
  for (const s of result.flagged) yield line({ type: 'flagged', ...s });
  for (const r of referenceJson(result)) yield line({ type: 'reference', ...r });
  yield line({ type: 'summary', format: JSON_FORMAT, pipelineVersion: result.pipelineVersion, settings: settings(options), ...summarize(result), warnings: runWarnings(result, result.documents.length, options.maxDistance) });
}

function* mapped<T, U>(items: readonly T[], map: (item: T, index: number) => U): Generator<U> {
  for (let i = 0; i < items.length; i++) yield map(items[i], i);
}

export function formatText(result: DedupeResult, options: DedupeOptions): string {
  const out: string[] = [];
  const name = documentNamer(result);
  result.groups.forEach((group, i) => out.push(...groupLines(group, i + 1, name), ''));
  if (result.tooShort.length > 0) {
    out.push(`too short to compare (fewer than ${options.minTokens} tokens; exact copies are still grouped): ${count(result.tooShort.length, 'document')}`);
    for (const d of result.tooShort.slice(0, TEXT_TOO_SHORT_LIMIT)) out.push(`  ${name(d)} (${result.tokens[d]} tokens)`);
    if (result.tooShort.length > TEXT_TOO_SHORT_LIMIT) out.push(`  ... and ${result.tooShort.length - TEXT_TOO_SHORT_LIMIT} more (--format json lists them all)`);
    out.push('');
  }
  out.push(...referenceLines(result));
  const s = summarize(result);
  out.push(summaryLine(s, options));
  if (s.verification !== undefined) out.push(verificationLine(s.verification, s.distanceChoice));
  if (s.reference !== undefined) out.push(referenceLine(s.reference));
  return `${out.join('\n')}\n`;
}

/** Groups shown by --format summary, largest first, and members shown of each. */
const SUMMARY_GROUPS = 5;
const SUMMARY_MEMBERS = 4;

/** --format summary: what a person reads first: the counts, what deduplicating keeps, the largest groups. */
export function formatSummary(result: DedupeResult, options: DedupeOptions): string {
  const s = summarize(result);
  const name = documentNamer(result);
  const out = [
    summaryLine(s, options),
    `deduplicated: ${s.kept} kept, ${s.dropped} dropped (${s.droppedExact} exact copies, ${s.droppedNear} near-duplicates${s.droppedReference === undefined ? '' : `, ${s.droppedReference} for the reference`})`,
    ...(s.verification === undefined ? [] : [verificationLine(s.verification, s.distanceChoice)]),
    ...(s.reference === undefined ? [] : [referenceLine(s.reference)]),
  ];
  const largest = result.groups.map((group, i) => ({ group, number: i + 1 }))
    .sort((a, b) => b.group.members.length - a.group.members.length || a.number - b.number)
    .slice(0, SUMMARY_GROUPS);
  if (largest.length > 0) out.push('', largest.length === 1 ? 'the largest group:' : `the ${largest.length} largest groups:`);
  for (const { group, number } of largest) out.push(...groupLines(group, number, name, SUMMARY_MEMBERS));
  out.push('', '(--format text lists every group, --format json adds fingerprints and token counts)');
  return `${out.join('\n')}\n`;
}

function documentNamer(result: DedupeResult): (doc: number) => string {
  return (doc) => {
    const info = result.documents.at(doc);
    // Quoted as git quotes paths when a name holds a newline or a tab: one line stays one document.
    return info.id === undefined ? quoteName(info.source) : `${quoteName(info.source)} (id ${JSON.stringify(info.id)})`;
  };
}

/**
 * A group as text: its header, then a line per member (distance to the representative, name, how it joined), the
 * first `limit` of them and the representative. The representative is marked `kept` when it is not the first.
 */
function groupLines(group: Group, number: number, name: (doc: number) => string, limit = Infinity): string[] {
  const out = [`group ${number}: ${group.tier}, ${group.members.length} documents`];
  let shown = 0;
  group.members.forEach((m, i) => {
    if (i >= limit && i !== group.representative) return;
    shown++;
    const how = m.tier === 'first' ? '' : m.tier === 'near' ? '  near' : m.copyOf === 0 ? '  exact copy' : `  exact copy of ${name(group.members[m.copyOf!].doc)}`;
    const kept = i === group.representative && i !== 0 ? ', kept' : '';
    out.push(`  ${String(m.distance).padStart(2)}  ${name(m.doc)}${how}${kept}`);
  });
  if (group.members.length > shown) out.push(`  ... and ${group.members.length - shown} more`);
  return out;
}

export function summaryLine(s: Summary, options: DedupeOptions): string {
  return [
    count(s.documents, 'document'),
    s.skipped > 0 ? `, ${count(s.skipped, 'input')} skipped` : '',
    `, ${s.tooShort} too short`,
    `: ${count(s.groups, 'group')} (${s.exactGroups} exact, ${s.nearGroups} near), ${count(s.duplicates, 'duplicate')}`,
    ` at distance <= ${options.maxDistance}, shingle ${options.shingle}`,
    `; ${s.seconds.toFixed(2)} s, ${s.documentsPerSecond.toLocaleString('en')} documents/s, ${s.megabytesPerSecond} MB/s`,
    ` (${options.engine}, ${s.threads} thread${s.threads === 1 ? '' : 's'})`,
  ].join('');
}

/**
 * Its own line after the summary line (which keeps the shape README.md and docs/cli.md show): what the
 * verification let through, out of what SimHash proposed.
 */
export function verificationLine(v: VerificationStats, choice?: DistanceChoice): string {
  const chosen = choice === undefined ? '' : `; k = ${choice.distance} chosen for ${choice.documents} texts (${choice.chancePerDocument.toFixed(3)} chance candidates a text within it)`;
  const texts = v.sampleShare === 1 ? `${v.textsCounted} distinct texts` : `${v.textsCounted} distinct texts sampled (1 in ${Math.round(1 / v.sampleShare)})`;
  const ruledOut = v.sketchDropped === 0 ? '' : `${v.sketchDropped} ruled out by their sketches; `;
  return `verified: ${v.verifiedPairs} of ${count(v.candidatePairs, 'candidate pair')} had ${describeRule(v)} on word shingles (${ruledOut}shingles in ${v.boilerplateThreshold} or more of the ${texts} left out as boilerplate)${chosen}; ${v.seconds.toFixed(2)} s`;
}

/** "1 document", "2 documents". */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
