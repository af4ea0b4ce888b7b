// Distances of labelled pairs under one pipeline (the dedupe analysis: HTML extraction, fingerprints, token counts).
import { hamming } from '../core/bits.js';
import { looksLikeHtml } from '../html/sniff.js';
import type { Analyzer } from './analyzer.js';
import type { HtmlMode } from '../io/index.js';
import type { LabelledDistance } from './eval-metrics.js';

export interface PairTexts {
  readonly a: string;
  readonly b: string;
  readonly duplicate: boolean;
  readonly kind?: string;
}

export interface PairDistances {
  readonly distances: LabelledDistance[];
  /** Pairs left out because a side has fewer than minTokens tokens. */
  readonly tooShort: number;
}

const BATCH = 512;

export async function pairDistances(pairs: readonly PairTexts[], analyzer: Analyzer, options: { minTokens: number; html: HtmlMode }): Promise<PairDistances> {
  const wants = (text: string) => options.html === 'on' || (options.html === 'auto' && looksLikeHtml(text));
  const inputs = pairs.flatMap((p) => [{ text: p.a, html: wants(p.a) }, { text: p.b, html: wants(p.b) }]);
  const work: ReturnType<Analyzer['analyze']>[] = [];
  for (let i = 0; i < inputs.length; i += BATCH) work.push(analyzer.analyze(inputs.slice(i, i + BATCH)));
  const fingerprints = new BigUint64Array(inputs.length);
  const tokens = new Uint32Array(inputs.length);
  for (let b = 0; b < work.length; b++) {
    const result = await work[b];
    fingerprints.set(result.fingerprints, b * BATCH);
    tokens.set(result.tokens, b * BATCH);
  }
  const distances: LabelledDistance[] = [];
  let tooShort = 0;
  pairs.forEach((p, i) => {
    if (tokens[2 * i] < options.minTokens || tokens[2 * i + 1] < options.minTokens) {
      tooShort++;
      return;
    }
    const distance = hamming(fingerprints[2 * i], fingerprints[2 * i + 1]);
    distances.push(p.kind === undefined ? { distance, duplicate: p.duplicate } : { distance, duplicate: p.duplicate, kind: p.kind });
  });
  return { distances, tooShort };
}
