// Precision and recall of "duplicate iff distance <= k" for every k, from labelled pairs: the design notes' advice to
// measure the threshold on one's own data rather than copy k = 3 (as Manku et al. plotted it for the web).

export interface LabelledDistance {
  readonly distance: number;
  readonly duplicate: boolean;
  readonly kind?: string;
}

export interface ThresholdRow {
  readonly k: number;
  readonly truePositives: number;
  readonly falsePositives: number;
  readonly falseNegatives: number;
  readonly trueNegatives: number;
  /** null when nothing is predicted duplicate at this k (precision is undefined there). */
  readonly precision: number | null;
  /** null when no pair is labelled duplicate. */
  readonly recall: number | null;
  readonly f1: number;
}

export interface KindStats {
  readonly kind: string;
  readonly duplicate: boolean;
  readonly pairs: number;
  readonly meanDistance: number;
  readonly medianDistance: number;
  readonly maxDistance: number;
  /** Share of the kind's pairs at distance <= the best k. */
  readonly withinBest: number;
}

export interface Evaluation {
  readonly pairs: number;
  readonly duplicates: number;
  readonly rows: readonly ThresholdRow[];
  /** The k with the highest F1 (the smallest such k on a tie). */
  readonly best: ThresholdRow;
  readonly kinds: readonly KindStats[];
}

export const EVAL_MAX_K = 32;

export function evaluate(pairs: readonly LabelledDistance[], maxK = EVAL_MAX_K): Evaluation {
  // Counts by distance, so every k is a prefix sum.
  const dup = new Float64Array(65);
  const non = new Float64Array(65);
  for (const p of pairs) (p.duplicate ? dup : non)[p.distance]++;
  const duplicates = dup.reduce((a, b) => a + b, 0);
  const others = pairs.length - duplicates;
  const rows: ThresholdRow[] = [];
  let tp = 0, fp = 0;
  for (let k = 0; k <= maxK; k++) {
    tp += dup[k];
    fp += non[k];
    const precision = tp + fp === 0 ? null : tp / (tp + fp);
    const recall = duplicates === 0 ? null : tp / duplicates;
    const f1 = precision === null || recall === null || tp === 0 ? 0 : (2 * precision * recall) / (precision + recall);
    rows.push({ k, truePositives: tp, falsePositives: fp, falseNegatives: duplicates - tp, trueNegatives: others - fp, precision, recall, f1 });
  }
  const best = rows.reduce((a, b) => (b.f1 > a.f1 ? b : a));
  return { pairs: pairs.length, duplicates, rows, best, kinds: kindStats(pairs, best.k) };
}

function kindStats(pairs: readonly LabelledDistance[], bestK: number): KindStats[] {
  const byKind = new Map<string, { duplicate: boolean; distances: number[] }>();
  for (const p of pairs) {
    const kind = `${p.kind ?? (p.duplicate ? 'duplicate' : 'different')}`;
    let entry = byKind.get(kind);
    if (!entry) byKind.set(kind, (entry = { duplicate: p.duplicate, distances: [] }));
    entry.distances.push(p.distance);
  }
  return [...byKind].map(([kind, { duplicate, distances }]) => {
    distances.sort((a, b) => a - b);
    return {
      kind,
      duplicate,
      pairs: distances.length,
      meanDistance: distances.reduce((a, b) => a + b, 0) / distances.length,
      medianDistance: distances[distances.length >> 1],
      maxDistance: distances[distances.length - 1],
      withinBest: distances.filter((d) => d <= bestK).length / distances.length,
    };
  });
}
