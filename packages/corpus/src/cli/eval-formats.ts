// The evaluation as text (a table per k, the best k, distances by kind of pair) or as JSON; with the corpus-scale
// evaluation, its table and the recommended k after them, then dedupe's own settings for the corpus and what they
// are expected to give, each number with how it was had.
import { RECOMMENDATION_RULE, type CorpusScale } from '../evaluation/corpus-scale.js';
import type { VerifiedDedupe } from '../evaluation/verified-dedupe.js';
import { DEFAULT_VERIFY_MODE, DEFAULT_VERIFY_THRESHOLD } from '../grouping/verify.js';
import { describeRule } from '../grouping/pair-rule.js';
import type { Evaluation } from '../evaluation/metrics.js';

export function formatEvaluationText(e: Evaluation, tooShort: number, scale?: CorpusScale, verified?: VerifiedDedupe): string {
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
  if (verified !== undefined) out.push('', ...verifiedLines(verified));
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

/** Dedupe's settings for the corpus (the k it chooses, its verification) and the precision and recall they give. */
export function verifiedLines(v: VerifiedDedupe): string[] {
  const percent = (x: number | null) => (x === null ? '-' : `${(100 * x).toFixed(1)}%`);
  const rule = describeRule(v);
  const settings = `k = ${v.distance} and ${rule}`;
  const l = v.labelled;
  const { textsCounted, sampleShare } = v.boilerplate;
  const texts = sampleShare === 1 ? `${textsCounted} distinct texts` : `${textsCounted} distinct texts sampled (1 in ${Math.round(1 / sampleShare)})`;
  return [
    `with verification, as \`simhash dedupe\` runs with no -k: ${settings}`,
    `  k = ${v.distance}: ${v.distanceChoice.how}`,
    `  ${rule} on word shingles, those in ${v.boilerplate.threshold} or more of the ${texts} left out as boilerplate (${v.mode === DEFAULT_VERIFY_MODE && v.threshold === DEFAULT_VERIFY_THRESHOLD ? 'dedupe\'s default' : 'as given'}; --verify, --verify-threshold)`,
    `  the corpus: ${v.corpus.candidatePairs} candidate pairs within k, ${v.corpus.verifiedPairs} verified (${v.corpus.how})`,
    `  labelled pairs: precision ${percent(l.precision)}, recall ${percent(l.recall)}, F1 ${percent(l.f1)} (TP ${l.truePositives}, FP ${l.falsePositives}, FN ${l.falseNegatives} of ${l.pairs}): ${l.how}`,
    `  precision at the corpus's scale, by chance: ${percent(v.chance.precision)} (${v.chance.how})`,
    `  precision at the corpus's scale, judged: ${percent(v.judged.precision)} (${v.judged.how})`,
    `expected with ${settings}: precision ${percent(v.expected.precision)}, recall ${percent(v.expected.recall)} (${v.expected.how})`,
  ];
}

export function formatEvaluationJson(e: Evaluation, tooShort: number, pipelineVersion: string, scale?: CorpusScale, verified?: VerifiedDedupe): string {
  const corpus = scale === undefined ? {} : {
    recommended: scale.recommended,
    corpus: { documents: scale.documents, pairs: scale.pairs, method: scale.method, exactUpTo: scale.exactUpTo, sampledPairs: scale.sampledPairs, fit: scale.fit, verification: scale.verification, rows: scale.rows },
    ...(verified === undefined ? {} : { verified }),
  };
  return `${JSON.stringify({ format: 'simhash-eval/1', pipelineVersion, pairs: e.pairs, duplicates: e.duplicates, tooShort, best: e.best, rows: e.rows, kinds: e.kinds, ...corpus }, null, 2)}\n`;
}

function pad(n: number): string {
  return String(n).padStart(6);
}
