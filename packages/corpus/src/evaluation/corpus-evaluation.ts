// `simhash eval --corpus`: the threshold measured on one corpus at its own scale. Its documents (read as every
// command reads them, HTML already reduced to text) are fingerprinted; labelled pairs (given, or made from the
// corpus by controlled edits) give precision and recall per k; the corpus's own pair distances give the pairs
// within each k and how many of them are chance or (judged on a sample) not copies; and a k is recommended.
import { DIGEST_BYTES } from '../analysis/analyze-document.js';
import { analyzeTexts } from '../analysis/analyze-texts.js';
import { createAnalyzer } from '../analysis/analyzer.js';
import { corpusScale, type CorpusScale } from './corpus-scale.js';
import { evaluatePairs, type PairEvaluation, type PairEvaluationOptions, type PairTexts } from './labelled-pairs.js';
import { makePairs, type CorpusDocument } from './make-pairs.js';
import { jaccard, shingleSet } from './shingle-jaccard.js';

/** A pair of documents is a copy, for the judge, when their word 3-shingle sets overlap this much (Jaccard). */
export const JUDGE_JACCARD = 0.5;

export interface CorpusEvaluationOptions extends PairEvaluationOptions {
  readonly target?: number;
  /** Labelled pairs to use; by default made from the corpus (makePairs, seed 1). */
  readonly pairs?: readonly PairTexts[];
}

export interface CorpusEvaluation extends PairEvaluation {
  readonly scale: CorpusScale;
  /** Corpus documents left out of the pair counts: below minTokens, or an exact copy of an earlier one. */
  readonly corpusLeftOut: number;
}

/** The corpus has fewer than two distinct texts long enough to compare: it has no pairs to measure. */
export class TooFewTextsError extends Error {
  override name = 'TooFewTextsError';
}

export async function evaluateCorpus(corpus: readonly CorpusDocument[], options: CorpusEvaluationOptions): Promise<CorpusEvaluation> {
  // The texts are already extracted (readCorpus): the analyzer must not extract again.
  const analyzer = await createAnalyzer(options);
  try {
    const analysed = await analyzeTexts(analyzer, corpus.map((d) => ({ text: d.text, html: false })));
    // As dedupe's near tier compares them: one document per distinct text (exact copies are grouped by digest,
    // whatever k is), long enough to compare. Pairs of copies would otherwise count a pair once per copy.
    const compared: number[] = [];
    const seen = new Set<string>();
    analysed.tokens.forEach((count, doc) => {
      const digest = String(analysed.digests.subarray(doc * DIGEST_BYTES, (doc + 1) * DIGEST_BYTES));
      if (count >= options.minTokens && !seen.has(digest)) compared.push(doc);
      seen.add(digest);
    });
    if (compared.length < 2) throw new TooFewTextsError(`${compared.length} distinct text${compared.length === 1 ? '' : 's'} of ${options.minTokens} tokens or more; at least 2 are needed to measure pairs`);
    const pairs = options.pairs ?? makePairs(corpus, { seed: 1, minWords: options.minTokens });
    const labelled = await evaluatePairs(pairs, { ...options, html: 'off' }, analyzer);
    const shingles = new Map<number, Set<string>>();
    const setOf = (doc: number) => {
      let set = shingles.get(doc);
      if (set === undefined) shingles.set(doc, (set = shingleSet(corpus[doc].text)));
      return set;
    };
    const scale = corpusScale(BigUint64Array.from(compared, (doc) => analysed.fingerprints[doc]), {
      target: options.target,
      labelled: labelled.evaluation,
      verify: (a, b) => jaccard(setOf(compared[a]), setOf(compared[b])) >= JUDGE_JACCARD,
    });
    return { ...labelled, scale, corpusLeftOut: corpus.length - compared.length };
  } finally {
    await analyzer.close();
  }
}
