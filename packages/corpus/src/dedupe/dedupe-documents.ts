// The library's corpus job: dedupe(documents, options) over records in memory or streamed, with the same analysis,
// the same two tiers and the same rows as `simhash dedupe --clusters` (group-batches.ts and cluster-rows.ts serve
// both). Only fingerprints, token counts and digests are kept per document, never its text.
import { describe } from 'simhash-wasm/internal';
import type { EngineName, TermWeights, Tokenization } from 'simhash-wasm';
import type { HtmlExtractor } from '../html/extractor.js';
import type { AnalyzedBatch, AnalyzeInput } from '../analysis/analyze-document.js';
import { createAnalyzer, type Analyzer } from '../analysis/analyzer.js';
import { clusterRows, keepCounts, placeDocuments, type ClusterRow, type KeepCounts } from '../grouping/cluster-rows.js';
import type { GroupingMode } from '../grouping/group.js';
import { groupBatches } from '../grouping/group-batches.js';
import { DEFAULT_DISTANCE, DEFAULT_MIN_TOKENS } from './defaults.js';

export interface DedupeDocument {
  readonly id: string | number;
  readonly text: string;
}

export interface DedupeOptions {
  /** Largest Hamming distance of near-duplicates, 0..32; default 3 (`simhash eval --corpus` recommends one). */
  readonly maxDistance?: number;
  readonly shingle?: number;
  readonly tokens?: Tokenization;
  readonly termWeights?: TermWeights;
  /** Documents with fewer tokens are kept out of the near tier (exact copies still group); default 20. */
  readonly minTokens?: number;
  readonly grouping?: GroupingMode;
  /** Every document is HTML: find all its visible text (true or 'text') or its main content alone ('main': Readability); default false. */
  readonly html?: boolean | HtmlExtractor;
  readonly engine?: EngineName;
  /** Worker threads (Node); default 1, in this thread. */
  readonly threads?: number;
}

export interface DedupeOutcome {
  /** One per document, in input order: what `--clusters` writes. */
  readonly rows: ClusterRow[];
  readonly summary: KeepCounts;
  readonly pipelineVersion: string;
}

const BATCH = 512;

export async function dedupe(documents: Iterable<DedupeDocument> | AsyncIterable<DedupeDocument>, options: DedupeOptions = {}): Promise<DedupeOutcome> {
  if (documents === null || typeof documents !== 'object' || !(Symbol.iterator in documents || Symbol.asyncIterator in documents)) {
    throw new TypeError(`documents must be an iterable or async iterable of { id, text }, got ${describe(documents)}`);
  }
  if (options === null || typeof options !== 'object') throw new TypeError(`options must be an object, got ${describe(options)}`);
  const maxDistance = options.maxDistance ?? DEFAULT_DISTANCE;
  if (!Number.isInteger(maxDistance) || maxDistance < 0 || maxDistance > 32) throw new RangeError(`options.maxDistance must be an integer from 0 to 32, got ${describe(maxDistance)}`);
  const minTokens = options.minTokens ?? DEFAULT_MIN_TOKENS;
  if (!Number.isSafeInteger(minTokens) || minTokens < 0) throw new RangeError(`options.minTokens must be an integer ≥ 0, got ${describe(minTokens)}`);
  const threads = options.threads ?? 1;
  if (!Number.isInteger(threads) || threads < 1) throw new RangeError(`options.threads must be an integer ≥ 1, got ${describe(threads)}`);
  const analyzer = await createAnalyzer({ threads, engine: options.engine ?? 'wasm', shingle: options.shingle ?? 3, tokens: options.tokens, termWeights: options.termWeights });
  try {
    const ids: (string | number)[] = [];
    const grouped = await groupBatches(analysedBatches(documents, analyzer, options.html === true ? 'text' : options.html ?? false, ids), { maxDistance, minTokens, grouping: options.grouping ?? 'leader' });
    const placement = placeDocuments(grouped, ids.length);
    return { rows: [...clusterRows(placement, (doc) => ids[doc])], summary: keepCounts(grouped, ids.length), pipelineVersion: analyzer.version };
  } finally {
    await analyzer.close();
  }
}

/** The documents checked and analysed a batch at a time, in order; their ids collected in `ids`. */
async function* analysedBatches(documents: Iterable<DedupeDocument> | AsyncIterable<DedupeDocument>, analyzer: Analyzer, html: false | HtmlExtractor, ids: (string | number)[]): AsyncGenerator<AnalyzedBatch> {
  let inputs: AnalyzeInput[] = [];
  let infos: AnalyzedBatch['documents'][number][] = [];
  const flush = async () => {
    const analysis = await analyzer.analyze(inputs);
    const batch = { ...analysis, documents: infos };
    inputs = [];
    infos = [];
    return batch;
  };
  for await (const document of documents) {
    const at = ids.length;
    if (document === null || typeof document !== 'object') throw new TypeError(`documents[${at}] must be an object { id, text }, got ${describe(document)}`);
    const { id, text } = document;
    if (typeof id !== 'string' && typeof id !== 'number') throw new TypeError(`documents[${at}].id must be a string or a number, got ${describe(id)}`);
    if (typeof text !== 'string') throw new TypeError(`documents[${at}].text must be a string, got ${describe(text)}`);
    ids.push(id);
    inputs.push({ text, html });
    // bytes only feed the CLI's MB/s, which the library does not report: the UTF-16 length spares an encode.
    infos.push({ source: String(id), id, bytes: text.length });
    if (inputs.length === BATCH) yield await flush();
  }
  if (inputs.length > 0) yield await flush();
}
