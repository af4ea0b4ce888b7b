// The precision/recall plot as a hand-written SVG (no plotting dependency): precision, recall and F1 against
// the threshold k, the best k marked, and optionally a histogram of natural near-duplicates' distances. With the
// corpus-scale evaluation, its two precision curves (chance, judged sample) and the recommended k instead of the
// best F1, which on balanced pairs says nothing of the corpus.
import type { CorpusScale } from './corpus-scale.js';
import type { Evaluation } from './metrics.js';

export interface PlotOptions {
  readonly title: string;
  readonly subtitle?: string;
  /** Distances of near-duplicate pairs found in the corpus itself, drawn as grey bars (scaled to their own maximum). */
  readonly natural?: readonly number[];
  readonly naturalLabel?: string;
  readonly scale?: CorpusScale;
}

const W = 760, H = 440;
const M = { left: 56, right: 24, top: 64, bottom: 84 };
const PW = W - M.left - M.right, PH = H - M.top - M.bottom;
const COLORS = { precision: '#1f77b4', recall: '#d62728', f1: '#2ca02c', natural: '#c7c7c7', best: '#555', chance: '#ff7f0e', judged: '#9467bd' };

export function renderPlot(evaluation: Evaluation, options: PlotOptions): string {
  const maxK = evaluation.rows[evaluation.rows.length - 1].k;
  const x = (k: number) => M.left + (k / maxK) * PW;
  const y = (v: number) => M.top + (1 - v) * PH;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="Helvetica, Arial, sans-serif" font-size="12">`);
  parts.push(`<rect width="${W}" height="${H}" fill="#fff"/>`);
  parts.push(`<text x="${M.left}" y="24" font-size="16" font-weight="bold">${escape(options.title)}</text>`);
  if (options.subtitle) parts.push(`<text x="${M.left}" y="44" fill="#444">${escape(options.subtitle)}</text>`);
  if (options.natural && options.natural.length > 0) {
    const counts = new Array<number>(maxK + 1).fill(0);
    for (const d of options.natural) if (d <= maxK) counts[d]++;
    const top = Math.max(...counts);
    const bar = (PW / maxK) * 0.7;
    counts.forEach((c, k) => {
      if (c === 0) return;
      parts.push(`<rect x="${f(x(k) - bar / 2)}" y="${f(y(c / top))}" width="${f(bar)}" height="${f((c / top) * PH)}" fill="${COLORS.natural}"><title>${c} natural pairs at distance ${k}</title></rect>`);
      parts.push(`<text x="${f(x(k))}" y="${f(y(c / top) - 4)}" text-anchor="middle" font-size="10" fill="#777">${c}</text>`);
    });
  }
  for (let v = 0; v <= 1.0001; v += 0.2) {
    parts.push(`<line x1="${M.left}" x2="${M.left + PW}" y1="${f(y(v))}" y2="${f(y(v))}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${M.left - 8}" y="${f(y(v) + 4)}" text-anchor="end">${v.toFixed(1)}</text>`);
  }
  for (let k = 0; k <= maxK; k += 4) parts.push(`<text x="${f(x(k))}" y="${M.top + PH + 18}" text-anchor="middle">${k}</text>`);
  parts.push(`<line x1="${M.left}" x2="${M.left + PW}" y1="${M.top + PH}" y2="${M.top + PH}" stroke="#333"/>`);
  parts.push(`<line x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${M.top + PH}" stroke="#333"/>`);
  parts.push(`<text x="${M.left + PW / 2}" y="${M.top + PH + 38}" text-anchor="middle">threshold k: pairs at Hamming distance ≤ k are called duplicates</text>`);
  const best = evaluation.best;
  const recommended = options.scale?.recommended;
  const marked = recommended?.distance ?? best.k;
  parts.push(`<line x1="${f(x(marked))}" x2="${f(x(marked))}" y1="${M.top}" y2="${M.top + PH}" stroke="${COLORS.best}" stroke-dasharray="4 3"/>`);
  // Low in the plot, where the rising curves have already passed by the time k is large.
  const label = recommended === undefined
    ? `best F1 at k = ${best.k}: ${best.f1.toFixed(3)} (P ${fmt(best.precision)}, R ${fmt(best.recall)})`
    : `recommended k = ${recommended.distance}: expected corpus precision ${fmt(recommended.verifiedPrecision ?? recommended.expectedPrecision)}`;
  const right = x(marked) > M.left + PW / 2;
  parts.push(`<text x="${f(x(marked) + (right ? -6 : 6))}" y="${M.top + PH - 12}" text-anchor="${right ? 'end' : 'start'}" fill="${COLORS.best}">${escape(label)}</text>`);
  const series = [
    { name: 'precision', color: COLORS.precision, dash: '', value: (r: Evaluation['rows'][number]) => r.precision },
    { name: 'recall', color: COLORS.recall, dash: '', value: (r: Evaluation['rows'][number]) => r.recall },
    { name: 'F1', color: COLORS.f1, dash: ' stroke-dasharray="6 3"', value: (r: Evaluation['rows'][number]) => r.f1 },
  ];
  const corpusRows = options.scale?.rows ?? [];
  const corpusSeries = options.scale === undefined ? [] : [
    { name: 'corpus precision (chance)', color: COLORS.chance, dash: ' stroke-dasharray="2 2"', value: (k: number) => corpusRows[k]?.expectedPrecision ?? null },
    { name: 'corpus precision (judged sample)', color: COLORS.judged, dash: ' stroke-dasharray="2 2"', value: (k: number) => corpusRows[k]?.verifiedPrecision ?? null },
  ];
  for (const s of corpusSeries) {
    const points = evaluation.rows.filter((r) => s.value(r.k) !== null).map((r) => `${f(x(r.k))},${f(y(s.value(r.k)!))}`);
    if (points.length > 0) parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${s.color}" stroke-width="2"${s.dash}/>`);
  }
  for (const s of series) {
    const points = evaluation.rows.filter((r) => s.value(r) !== null).map((r) => `${f(x(r.k))},${f(y(s.value(r)!))}`);
    if (points.length > 0) parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${s.color}" stroke-width="2"${s.dash}/>`);
  }
  const legend = [...series.map((s) => ({ label: s.name, color: s.color })), ...corpusSeries.map((s) => ({ label: s.name, color: s.color })), ...(options.natural?.length ? [{ label: options.naturalLabel ?? 'natural near-duplicates (count, scaled)', color: COLORS.natural }] : [])];
  let lx = M.left;
  let ly = legend.length > 4 ? H - 34 : H - 18;
  for (const item of legend) {
    const width = 30 + item.label.length * 6.4;
    if (lx + width > W - M.right && lx > M.left) {
      lx = M.left;
      ly += 16;
    }
    parts.push(`<rect x="${lx}" y="${ly - 9}" width="14" height="10" fill="${item.color}"/>`);
    parts.push(`<text x="${lx + 20}" y="${ly}">${escape(item.label)}</text>`);
    lx += width;
  }
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

function f(v: number): string {
  return v.toFixed(1);
}

function fmt(v: number | null): string {
  return v === null ? '–' : v.toFixed(3);
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
