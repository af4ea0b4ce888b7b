// The distance between two unrelated 64-bit SimHash fingerprints would be Binomial(64, 1/2) if their bits were
// independent coins. In a real corpus they are not: documents share a language, a template, a topic, so distances
// spread wider than the binomial. A beta-binomial (p itself drawn from a Beta) has the binomial's support and one
// more parameter for that spread; fitted by its first two moments it reproduces the bulk of the distribution and
// extrapolates it into the left tail, where the few unrelated pairs that a threshold lets in live.

export interface BetaBinomial {
  readonly trials: number;
  readonly alpha: number;
  readonly beta: number;
  /** Of the fitted data. */
  readonly mean: number;
  readonly sd: number;
}

const BITS = 64;

/** Method of moments over a histogram (counts[d] observations of d). Underdispersed data gets the binomial's limit. */
export function fitBetaBinomial(counts: ArrayLike<number>): BetaBinomial {
  let total = 0, sum = 0, squares = 0;
  for (let d = 0; d < counts.length; d++) {
    total += counts[d];
    sum += d * counts[d];
    squares += d * d * counts[d];
  }
  if (total === 0) throw new RangeError('counts must hold at least one observation');
  const mean = sum / total;
  const variance = Math.max(0, squares / total - mean * mean);
  const p = Math.min(1 - 1e-9, Math.max(1e-9, mean / BITS));
  // variance = n p (1 - p) (1 + (n - 1) rho), rho = 1 / (alpha + beta + 1): the intra-pair correlation of the bits.
  // rho is floored at 1e-6 (practically the binomial) so the log-gamma differences below keep their digits.
  const rho = Math.max(1e-6, (variance / (BITS * p * (1 - p)) - 1) / (BITS - 1));
  const precision = 1 / rho - 1;
  return { trials: BITS, alpha: p * precision, beta: (1 - p) * precision, mean, sd: Math.sqrt(variance) };
}

/** P(D <= k) for every k = 0..trials. */
export function cumulative(model: BetaBinomial): Float64Array {
  const { trials: n, alpha, beta } = model;
  const out = new Float64Array(n + 1);
  const logNorm = logBeta(alpha, beta);
  let acc = 0;
  for (let k = 0; k <= n; k++) {
    acc += Math.exp(logChoose(n, k) + logBeta(k + alpha, n - k + beta) - logNorm);
    out[k] = Math.min(1, acc);
  }
  return out;
}

function logChoose(n: number, k: number): number {
  return logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1);
}

function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

/** Lanczos (g = 7, 9 terms): about 15 significant digits for x > 0, plenty for tail probabilities near 1e-12. */
const LANCZOS = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];

export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let series = LANCZOS[0];
  for (let i = 1; i < 9; i++) series += LANCZOS[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(series);
}
