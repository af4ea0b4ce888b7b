// The library's corpus job: dedupe(documents, options) over records in memory or streamed, with the same analysis,
// the same tiers and the same rows as `simhash dedupe --clusters` (the documents read as inputs are, by
// memory-documents.ts over analysis/in-order.ts; group-batches.ts and cluster-rows.ts serve both). Only fingerprints, token counts, digests and sketches are kept per document, never its text. The
// verification (grouping/verify.ts) needs the texts of the candidates their sketches do not rule out after the first
// pass: an array is read again, as the command line reads its inputs again; any other iterable may not be
// repeatable, so its documents' shingle sets are made as they stream by and held until the groups are made (4 bytes
// a distinct shingle a document).
import { describe } from 'simhash-wasm/internal';
import type { EngineName, TermWeights, Tokenization } from 'simhash-wasm';
import type { HtmlExtractor } from '../html/extractor.js';
import { createAnalyzer } from '../analysis/analyzer.js';
import { clusterRows, keepCounts, placeDocuments, type ClusterRow, type KeepCounts } from '../grouping/cluster-rows.js';
import type { GroupingMode } from '../grouping/group.js';
import { groupBatches } from '../grouping/group-batches.js';
import { leavingOut } from '../analysis/shingle-sets.js';
import { DEFAULT_VERIFY_MODE, DEFAULT_VERIFY_THRESHOLD, shingleHasher, shingleHashes, VERIFY_MODES, type Verification, type VerifyMode, type VerifySettings } from '../grouping/verify.js';
import { BoilerplateSample } from '../analysis/boilerplate-sample.js';
import { extractorReady, extractText, extractTextWhenReady } from '../html/extractor.js';
import { DEFAULT_DISTANCE, DEFAULT_MIN_TOKENS } from './defaults.js';
import { chooseCandidates } from '../evaluation/candidate-search.js';
import { KEEP_NAMES, keepField, type KeepRule } from '../grouping/keep.js';
// The small module of io that says what a field path is; no file reader.
import { fieldPathProblem, parseFieldPath } from '../io/formats/field-path.js';
import { referenceFromDocuments } from './against-memory.js';
import { analyzeMemoryDocuments } from './memory-documents.js';

export interface DedupeDocument {
  readonly id: string | number;
  readonly text: string;
  /** Other fields are carried along unread, but for the one options.keep ranks by ({ max: 'meta.score' }). */
  readonly [field: string]: unknown;
}

export interface DedupeOptions {
  /**
   * Largest Hamming distance of near-duplicate candidates, 0..32. Default: with verification, chosen for the corpus
   * at hand (evaluation/candidate-search.ts, chooseCandidates); with verify 'off', 3.
   */
  readonly maxDistance?: number;
  readonly shingle?: number;
  readonly tokens?: Tokenization;
  readonly termWeights?: TermWeights;
  /** Documents with fewer tokens are kept out of the near tier (exact copies still group); default 20. */
  readonly minTokens?: number;
  readonly grouping?: GroupingMode;
  /**
   * Check each near candidate (within maxDistance) by the exact overlap of the two texts' shingle sets, boilerplate
   * shingles left out: 'jaccard-or-contained' (default: Jaccard, or a copy cut short or with a paragraph appended),
   * 'jaccard', 'containment', or 'off' (SimHash distance alone).
   */
  readonly verify?: VerifyMode;
  /** The least similarity of a verified pair, in (0, 1]; default 0.5. */
  readonly verifyThreshold?: number;
  /** Every document is HTML: find all its visible text (true or 'text') or its main content alone ('main': Readability); default false. */
  readonly html?: boolean | HtmlExtractor;
  readonly engine?: EngineName;
  /** Worker threads (Node); default 1, in this thread. */
  readonly threads?: number;
  /**
   * Which member of each group is its representative, the one kept: 'first' (default, the earliest), 'longest' or
   * 'shortest' (by token count), or { max: FIELD } / { min: FIELD }: the largest / smallest number in each
   * document's FIELD (a dotted path into the document object; one without a number there ranks last). Ties: the
   * earliest. The groups are the same whatever it is.
   */
  readonly keep?: KeepRule;
  /**
   * Documents kept before, as { id, text } (an array): a document near one of them (within maxDistance and
   * verified as pairs of the run are, exactly) is dropped for it: its row's tier is 'reference' and its
   * `representative` and `reference` name that document. The rest are deduplicated among themselves.
   */
  readonly against?: readonly DedupeDocument[];
}

export interface DedupeOutcome {
  /** One per document, in input order: what `--clusters` writes. */
  readonly rows: ClusterRow[];
  readonly summary: KeepCounts;
  readonly pipelineVersion: string;
  /** The candidate distance used: options.maxDistance, or the one chosen for these documents. */
  readonly maxDistance: number;
  /**
   * Under a keep rule by field: the documents without a finite number there, in input order, each with the reason
   * (as the command line reports them); they are grouped, and rank last in their group. Empty otherwise.
   */
  readonly flagged: readonly DedupeFlag[];
}

export interface DedupeFlag {
  readonly id: string | number;
  readonly reason: string;
}

export async function dedupe(documents: Iterable<DedupeDocument> | AsyncIterable<DedupeDocument>, options: DedupeOptions = {}): Promise<DedupeOutcome> {
  if (documents === null || typeof documents !== 'object' || !(Symbol.iterator in documents || Symbol.asyncIterator in documents)) {
    throw new TypeError(`documents must be an iterable or async iterable of { id, text }, got ${describe(documents)}`);
  }
  if (options === null || typeof options !== 'object') throw new TypeError(`options must be an object, got ${describe(options)}`);
  const maxDistance = options.maxDistance ?? DEFAULT_DISTANCE;
  if (!Number.isInteger(maxDistance) || maxDistance < 0 || maxDistance > 32) throw new RangeError(`options.maxDistance must be an integer from 0 to 32, got ${describe(maxDistance)}`);
  const minTokens = options.minTokens ?? DEFAULT_MIN_TOKENS;
  if (!Number.isSafeInteger(minTokens) || minTokens < 0) throw new RangeError(`options.minTokens must be an integer ≥ 0, got ${describe(minTokens)}`);
  const verify = options.verify ?? DEFAULT_VERIFY_MODE;
  if (!VERIFY_MODES.includes(verify)) throw new RangeError(`options.verify must be one of ${VERIFY_MODES.map((m) => `'${m}'`).join(', ')}, got ${describe(verify)}`);
  const verifyThreshold = options.verifyThreshold ?? DEFAULT_VERIFY_THRESHOLD;
  if (typeof verifyThreshold !== 'number' || !(verifyThreshold > 0 && verifyThreshold <= 1)) throw new RangeError(`options.verifyThreshold must be a number above 0 and at most 1, got ${describe(verifyThreshold)}`);
  const threads = options.threads ?? 1;
  if (!Number.isInteger(threads) || threads < 1) throw new RangeError(`options.threads must be an integer ≥ 1, got ${describe(threads)}`);
  const keep = checkKeep(options.keep);
  const analyzer = await createAnalyzer({ threads, engine: options.engine ?? 'wasm', shingle: options.shingle ?? 3, tokens: options.tokens, termWeights: options.termWeights });
  try {
    const ids: (string | number)[] = [];
    const html = options.html === true ? 'text' : options.html ?? false;
    const settings: VerifySettings | undefined = verify === 'off' ? undefined : { mode: verify, threshold: verifyThreshold };
    const shingle = options.shingle ?? 3;
    // Not an array: the sets are made in the first pass (see the header), here.
    const streamed = settings !== undefined && !Array.isArray(documents) ? { hasher: shingleHasher({ shingle, tokens: options.tokens }), sets: new Map<number, Uint32Array>() } : undefined;
    const sample = settings === undefined ? undefined : new BoilerplateSample();
    let verification: Verification | undefined;
    if (settings !== undefined && sample !== undefined) {
      const array = documents as readonly DedupeDocument[];
      verification = {
        settings,
        sample,
        async *sets(want, _documents, without) {
          const left = leavingOut(without);
          if (streamed !== undefined) {
            for (const [doc, set] of streamed.sets) if (want(doc)) yield { doc, set: left(set) };
            return;
          }
          // One text (HTML extracted) at a time, never all of them at once.
          const hasher = shingleHasher({ shingle, tokens: options.tokens });
          for (let doc = 0; doc < array.length; doc++) {
            if (want(doc)) yield { doc, set: left(shingleHashes(hasher, html === false ? array[doc].text : await extractTextWhenReady(array[doc].text, html))) };
          }
        },
      };
    }
    const field = keepField(keep);
    const reference = options.against === undefined ? undefined : await referenceFromDocuments(options.against, { analyzer, html, ...(settings === undefined ? {} : { hasher: shingleHasher({ shingle, tokens: options.tokens }) }) });
    const flagged: DedupeFlag[] = [];
    // The streamed sets are made in a synchronous callback: the main-content extractor must be loaded before it.
    if (streamed !== undefined) await extractorReady(html);
    const batches = analyzeMemoryDocuments(documents, {
      analyzer, html, label: 'documents', sample, ...(field === undefined ? {} : { keepPath: parseFieldPath(field) }),
      read(doc, { id, text }) {
        ids.push(id);
        if (streamed !== undefined) streamed.sets.set(doc, shingleHashes(streamed.hasher, html === false ? text : extractText(text, html)));
      },
      flagged: (id, reason) => flagged.push({ id, reason }),
    });
    const grouped = await groupBatches(batches, {
      maxDistance, minTokens, grouping: options.grouping ?? 'leader', verify: verification, keep, reference,
      chooseDistance: verification !== undefined && options.maxDistance === undefined ? chooseCandidates : undefined,
    });
    const placement = placeDocuments(grouped, ids.length);
    return { rows: [...clusterRows(placement, (doc) => ids[doc])], summary: keepCounts(grouped, ids.length), pipelineVersion: analyzer.version, maxDistance: grouped.maxDistance, flagged };
  } finally {
    await analyzer.close();
  }
}

function checkKeep(keep: unknown): KeepRule {
  if (keep === undefined) return 'first';
  if (KEEP_NAMES.some((name) => name === keep)) return keep as KeepRule;
  if (keep !== null && typeof keep === 'object' && !Array.isArray(keep)) {
    const keys = Object.keys(keep);
    const field: unknown = (keep as Record<string, unknown>)[keys[0]];
    if (keys.length === 1 && (keys[0] === 'max' || keys[0] === 'min') && typeof field === 'string' && fieldPathProblem(field) === undefined) return keep as KeepRule;
  }
  throw new RangeError(`options.keep must be 'first', 'longest', 'shortest', { max: FIELD } or { min: FIELD } with FIELD a field name or dotted path, got ${describe(keep)}`);
}
