// The threshold evaluation of labelled pairs (`simhash eval`, and `npm start` on the SpamAssassin pairs): their
// distances under one pipeline (the dedupe analysis: HTML extraction, fingerprints, token counts), then precision and
// recall at every k.
import { hamming } from 'simhash-wasm';
import { htmlExtractor, wantsHtml, type HtmlMode } from '../io/index.js';
import { analyzeTexts } from '../analysis/analyze-texts.js';
import { DIGEST_BYTES } from '../analysis/analyze-document.js';
import { createAnalyzer, type Analyzer, type AnalyzerOptions } from '../analysis/analyzer.js';
import { evaluate, type Evaluation, type LabelledDistance } from './metrics.js';

export interface PairTexts {
  readonly a: string;
  readonly b: string;
  readonly duplicate: boolean;
  readonly kind?: string;
}

/** A labelled pair that was measured: its place among the pairs given, and whether dedupe's exact tier joins it. */
export interface MeasuredPair extends LabelledDistance {
  readonly pair: number;
  /** The two sides have one digest (the same normalised text): exact copies, grouped whatever k is. */
  readonly exact: boolean;
}

interface PairDistances {
  readonly distances: MeasuredPair[];
  /** Pairs left out because a side has fewer than minTokens tokens. */
  readonly tooShort: number;
}

export interface PairEvaluationOptions extends AnalyzerOptions {
  /** Pairs with a side of fewer tokens are left out (their distances are noise). */
  readonly minTokens: number;
  readonly html: HtmlMode;
}

export interface PairEvaluation {
  /** Of the pairs kept; `evaluation.pairs` is 0 when every pair was too short. */
  readonly evaluation: Evaluation;
  /** Pairs left out because a side has fewer than minTokens tokens. */
  readonly tooShort: number;
  /** Pipeline version of the fingerprints measured. */
  readonly version: string;
  /** Each pair kept (both sides long enough), in order: what `evaluation` counts. */
  readonly measured: readonly MeasuredPair[];
}

/** Fingerprints both sides of every pair (on options.threads workers) and evaluates every threshold. */
export async function evaluatePairs(pairs: readonly PairTexts[], options: PairEvaluationOptions, running?: Analyzer): Promise<PairEvaluation> {
  const analyzer = running ?? (await createAnalyzer(options));
  try {
    const measured = await pairDistances(pairs, analyzer, options);
    return { evaluation: evaluate(measured.distances), tooShort: measured.tooShort, version: analyzer.version, measured: measured.distances };
  } finally {
    if (running === undefined) await analyzer.close();
  }
}

/**
 * The distances of the near-duplicates a dedupe run found: the first member of each text in a group, but for the
 * representative's text, to the representative (--keep; the first member when `representative` is absent, as in
 * files of earlier versions). The natural ones.
 */
export function naturalDistances(groups: readonly { readonly representative?: number; readonly members: readonly { readonly tier: string; readonly distance: number; readonly copyOf?: number }[] }[]): number[] {
  return groups.flatMap((g) => {
    const kept = g.representative ?? 0;
    const keptText = g.members[kept]?.copyOf ?? kept;
    return g.members.filter((m, i) => m.tier !== 'exact' && i !== keptText && i !== kept).map((m) => m.distance);
  });
}

async function pairDistances(pairs: readonly PairTexts[], analyzer: Analyzer, options: { minTokens: number; html: HtmlMode }): Promise<PairDistances> {
  const extractor = htmlExtractor(options.html);
  const html = (text: string) => wantsHtml(options.html, text) && extractor;
  const inputs = pairs.flatMap((p) => [{ text: p.a, html: html(p.a) }, { text: p.b, html: html(p.b) }]);
  const { fingerprints, tokens, digests } = await analyzeTexts(analyzer, inputs);
  const digest = (side: number) => Buffer.from(digests.buffer, digests.byteOffset + side * DIGEST_BYTES, DIGEST_BYTES);
  const distances: MeasuredPair[] = [];
  let tooShort = 0;
  pairs.forEach((p, i) => {
    if (tokens[2 * i] < options.minTokens || tokens[2 * i + 1] < options.minTokens) {
      tooShort++;
      return;
    }
    const measured = { pair: i, distance: hamming(fingerprints[2 * i], fingerprints[2 * i + 1]), duplicate: p.duplicate, exact: digest(2 * i).equals(digest(2 * i + 1)) };
    distances.push(p.kind === undefined ? measured : { ...measured, kind: p.kind });
  });
  return { distances, tooShort };
}
