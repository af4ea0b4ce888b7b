// `simhash eval --corpus`: the threshold measured on one corpus at its own scale. Its documents are read and analysed
// by dedupe's own first pass, and their texts read again with HTML reduced to text (analysed-corpus.ts); labelled
// pairs (given, or made from the corpus by controlled edits) give precision and recall per k; the corpus's own pair
// distances give the pairs within each k and how many of them are chance or (judged on a sample) not copies; and a
// k is recommended for SimHash alone. Then dedupe's own settings for the corpus (verified-dedupe.ts): the candidate distance it would
// choose and its verification, with the precision and recall to expect from them.
import type { Analyzer } from '../analysis/analyzer.js';
import type { CorpusRead } from './analysed-corpus.js';
import { fingerprintsAt, nearRepresentatives } from '../grouping/group.js';
import { exactClasses } from '../grouping/exact-classes.js';
import { DEFAULT_VERIFY_MODE, DEFAULT_VERIFY_THRESHOLD, type VerifySettings } from '../grouping/verify.js';
import { corpusScale, type CorpusScale } from './corpus-scale.js';
import { evaluatePairs, type PairEvaluation, type PairEvaluationOptions, type PairTexts } from './labelled-pairs.js';
import { makePairs } from './make-pairs.js';
import { jaccard, JUDGE_JACCARD, shingleSet } from './shingle-jaccard.js';
import { verifiedDedupe, type VerifiedDedupe } from './verified-dedupe.js';

export interface CorpusEvaluationOptions extends PairEvaluationOptions {
  readonly target?: number;
  /** Labelled pairs to use; by default made from the corpus (makePairs, seed 1). */
  readonly pairs?: readonly PairTexts[];
  /** The verification to evaluate with dedupe's candidate distance; default dedupe's: jaccard, 0.5. */
  readonly verify?: VerifySettings;
}

export interface CorpusEvaluation extends PairEvaluation {
  readonly scale: CorpusScale;
  /** Corpus documents left out of the pair counts: below minTokens, or an exact copy of an earlier one. */
  readonly corpusLeftOut: number;
  /** What `simhash dedupe` with no -k does to this corpus, and the precision and recall to expect. */
  readonly verified: VerifiedDedupe;
}

/** The corpus has fewer than two distinct texts long enough to compare: it has no pairs to measure. */
export class TooFewTextsError extends Error {
  override name = 'TooFewTextsError';
}

/** `analyzer`: the pool the corpus was read with (analysed-corpus.ts), for the labelled pairs. */
export async function evaluateCorpus(corpus: CorpusRead, options: CorpusEvaluationOptions, analyzer: Analyzer): Promise<CorpusEvaluation> {
  const { documents } = corpus;
  // As dedupe's near tier compares them: one document per distinct text (exact copies are grouped by digest,
  // whatever k is), long enough to compare. Pairs of copies would otherwise count a pair once per copy.
  const classOf = exactClasses(corpus.digests, corpus.tokens, documents.length);
  const compared = nearRepresentatives(classOf, corpus.tokens, options.minTokens);
  if (compared.length < 2) throw new TooFewTextsError(`${compared.length} distinct text${compared.length === 1 ? '' : 's'} of ${options.minTokens} tokens or more; at least 2 are needed to measure pairs`);
  const pairs = options.pairs ?? makePairs(documents, { seed: 1, minWords: options.minTokens });
  // The corpus's texts are already reduced to text (analysed-corpus.ts), and so are the pairs made of them.
  const labelled = await evaluatePairs(pairs, { ...options, html: 'off' }, analyzer);
  const shingles = new Map<number, Set<string>>();
  const setOf = (doc: number) => {
    let set = shingles.get(doc);
    if (set === undefined) shingles.set(doc, (set = shingleSet(documents[doc].text)));
    return set;
  };
  const scale = corpusScale(fingerprintsAt(corpus.fingerprints, compared), {
    target: options.target,
    labelled: labelled.evaluation,
    verify: (a, b) => jaccard(setOf(compared[a]), setOf(compared[b])) >= JUDGE_JACCARD,
  });
  const verified = await verifiedDedupe({ ...corpus, classOf, texts: documents.map((d) => d.text) }, {
    ...options,
    verify: options.verify ?? { mode: DEFAULT_VERIFY_MODE, threshold: DEFAULT_VERIFY_THRESHOLD },
    pairs,
    measured: labelled.measured,
    pairsSource: options.pairs === undefined ? 'made' : 'given',
  });
  return { ...labelled, scale, corpusLeftOut: documents.length - compared.length, verified };
}
