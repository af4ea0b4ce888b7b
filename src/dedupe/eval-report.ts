// The evaluation as text (a table per k, the best k, distances by kind of pair) or as JSON.
import type { Evaluation } from './eval-metrics.js';

export function formatEvaluationText(e: Evaluation, tooShort: number): string {
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
  out.push(`best k = ${b.k}: F1 ${b.f1.toFixed(4)}, precision ${b.precision?.toFixed(4) ?? '-'}, recall ${b.recall?.toFixed(4) ?? '-'}`);
  return `${out.join('\n')}\n`;
}

export function formatEvaluationJson(e: Evaluation, tooShort: number, pipelineVersion: string): string {
  return `${JSON.stringify({ format: 'simhash-eval/1', pipelineVersion, pairs: e.pairs, duplicates: e.duplicates, tooShort, best: e.best, rows: e.rows, kinds: e.kinds }, null, 2)}\n`;
}

function pad(n: number): string {
  return String(n).padStart(6);
}
