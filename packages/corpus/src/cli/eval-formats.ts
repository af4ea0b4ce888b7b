// The evaluation as text (a table per k, the best k, distances by kind of pair) or as JSON; with the corpus-scale
// evaluation, its table and the recommended k after them.
import { RECOMMENDATION_RULE, type CorpusScale } from '../evaluation/corpus-scale.js';
import type { Evaluation } from '../evaluation/metrics.js';

export function formatEvaluationText(e: Evaluation, tooShort: number, scale?: CorpusScale): string {
  const out: string[] = [];
  out.push(`${e.pairs} labelled pairs (${e.duplicates} duplicates)${tooShort > 0 ? `; ${tooShort} left out: a side below --min-tokens` : ''}`);
  out.push('');
  out.push(' k  precision  recall     F1      TP      FP      FN');
  for (const r of e.rows) {
    const p = r.precision === null ? '     -' : r.precision.toFixed(4);
    const rc = r.recall === null ? '     -' : r.recall.toFixed(4);
    out.push(`${String(r.k).padStart(2)}     ${p}  ${rc}  ${r.f1.toFixed(4)}  ${pad(r.truePositives)}  ${pad(r.falsePositives)}  ${pad(r.falseNegatives)}`);
  }
  out.push('');
  out.push('distance by kind of pair:');
  out.push('  kind             label      pairs   mean  median  max  within best k');
  for (const s of e.kinds) {
    out.push(`  ${s.kind.padEnd(16)} ${(s.duplicate ? 'duplicate' : 'different').padEnd(9)} ${pad(s.pairs)}  ${s.meanDistance.toFixed(1).padStart(5)}  ${String(s.medianDistance).padStart(6)}  ${String(s.maxDistance).padStart(3)}  ${(100 * s.withinBest).toFixed(1).padStart(12)}%`);
  }
  out.push('');
  const b = e.best;
  const bestLine = `best F1 on the labelled pairs at k = ${b.k}: F1 ${b.f1.toFixed(4)}, precision ${b.precision?.toFixed(4) ?? '-'}, recall ${b.recall?.toFixed(4) ?? '-'}`;
  if (scale === undefined) {
    out.push(`${bestLine} (balanced pairs: at a corpus's scale, see --corpus)`);
    return `${out.join('\n')}\n`;
  }
  out.push(`${bestLine}: balanced pairs, as many copies as not; a corpus is not, see below`);
  out.push('');
  out.push(...corpusScaleLines(scale));
  return `${out.join('\n')}\n`;
}

export function corpusScaleLines(scale: CorpusScale): string[] {
  const out: string[] = [];
  const how = scale.method === 'exact' ? 'every pair counted' : `pairs within ${scale.exactUpTo} counted exactly, the rest estimated from ${scale.sampledPairs.toLocaleString('en-US')} random pairs`;
  out.push(`at the corpus's scale: ${scale.documents} distinct texts compared, ${scale.pairs.toLocaleString('en-US')} pairs (${how})`);
  out.push(`chance: a beta-binomial fitted to the pair distances (mean ${scale.fit.mean.toFixed(2)}, sd ${scale.fit.sd.toFixed(2)}); judged: up to ${scale.verification?.perDistance ?? 0} pairs per distance, right when their word 3-shingle Jaccard is >= 0.5`);
  out.push(' k  pairs within  by chance  precision (chance)  precision (judged)');
  const percent = (x: number | null | undefined) => (x === null || x === undefined ? '-' : `${(100 * x).toFixed(1)}%`);
  for (const r of scale.rows) {
    out.push(`${String(r.k).padStart(2)}  ${String(r.pairsWithin).padStart(12)}  ${r.chancePairsWithin.toFixed(1).padStart(9)}  ${percent(r.expectedPrecision).padStart(18)}  ${percent(r.verifiedPrecision).padStart(18)}`);
  }
  out.push('');
  const rec = scale.recommended;
  out.push(`recommended k = ${rec.distance}: ${rec.pairsWithin} pairs within, ${rec.chancePairsWithin.toFixed(1)} by chance; expected precision ${percent(rec.expectedPrecision)} (chance)${rec.verifiedPrecision === undefined ? '' : `, ${percent(rec.verifiedPrecision)} (judged)`}${rec.labelledRecall === undefined ? '' : `; recall of the labelled copies ${percent(rec.labelledRecall)}`}`);
  out.push(`  rule: ${RECOMMENDATION_RULE} (${percent(rec.target)}; --target)`);
  return out;
}

export function formatEvaluationJson(e: Evaluation, tooShort: number, pipelineVersion: string, scale?: CorpusScale): string {
  const corpus = scale === undefined ? {} : {
    recommended: scale.recommended,
    corpus: { documents: scale.documents, pairs: scale.pairs, method: scale.method, exactUpTo: scale.exactUpTo, sampledPairs: scale.sampledPairs, fit: scale.fit, verification: scale.verification, rows: scale.rows },
  };
  return `${JSON.stringify({ format: 'simhash-eval/1', pipelineVersion, pairs: e.pairs, duplicates: e.duplicates, tooShort, best: e.best, rows: e.rows, kinds: e.kinds, ...corpus }, null, 2)}\n`;
}

function pad(n: number): string {
  return String(n).padStart(6);
}
