// Sublinear term weights ('log', 'binary'): a shingle's vote grows slower than its count, so one shingle repeated
// hundreds of times (a quoted-printable "=3D=3D=3D" line) cannot set every bit alone. Computed here, once, over
// Engine.features (identical in both engines), so both engines give the same bits by construction.
import { describe } from './bits.js';
import { TERM_WEIGHTS, type TermWeights, type Weighting } from './types.js';
import type { WeightTable } from './weight-table.js';

export function validateTermWeights(value: unknown, name = 'options.termWeights'): TermWeights {
  if (value === undefined) return 'tf';
  if (typeof value !== 'string') throw new TypeError(`${name} must be 'tf', 'log' or 'binary', got ${describe(value)}`);
  if (!(TERM_WEIGHTS as readonly string[]).includes(value)) throw new RangeError(`${name} must be 'tf', 'log' or 'binary', got ${JSON.stringify(value)}`);
  return value as TermWeights;
}

/** The per-shingle multiplier of a shingle seen `count` times in the document. */
function termFactor(mode: Exclude<TermWeights, 'tf'>, count: number): number {
  return mode === 'binary' ? 1 : 1 + Math.log(count);
}

function baseWeight(weighting: Weighting, featureHash: bigint): number {
  switch (weighting.kind) {
    case 'unit': return 1;
    case 'function': return weighting.weightOf(featureHash);
    case 'table': return tableWeight(weighting.table, featureHash);
  }
}

/** A table lookup with the probe the engines use (weight-table.ts). */
function tableWeight(table: WeightTable, key: bigint): number {
  if (key === 0n) return table.zeroKeyWeight;
  let slot = Number(key & 0xffffffffn) & table.mask;
  for (;;) {
    const found = table.keys[slot];
    if (found === key) return table.weights[slot];
    if (found === 0n) return table.defaultWeight;
    slot = (slot + 1) & table.mask;
  }
}

/**
 * The fingerprint from a document's feature hashes under sublinear term weights: counts per distinct feature, then
 * per bit the signed sum of (base weight x term factor), summed in first-occurrence order (a fixed order, so the
 * float sums are reproducible), bit set when the sum is > 0, as in the tf definition.
 */
export function sublinearFingerprint(features: BigUint64Array, mode: Exclude<TermWeights, 'tf'>, weighting: Weighting): bigint {
  const counts = new Map<bigint, number>();
  for (const feature of features) counts.set(feature, (counts.get(feature) ?? 0) + 1);
  const sums = new Float64Array(64);
  for (const [feature, count] of counts) {
    const weight = baseWeight(weighting, feature) * termFactor(mode, count);
    if (weight === 0) continue;
    let lo = Number(feature & 0xffffffffn) >>> 0;
    let hi = Number(feature >> 32n) >>> 0;
    for (let b = 0; b < 32; b++, lo >>>= 1, hi >>>= 1) {
      sums[b] += (lo & 1) === 1 ? weight : -weight;
      sums[b + 32] += (hi & 1) === 1 ? weight : -weight;
    }
  }
  let fingerprint = 0n;
  for (let b = 63; b >= 0; b--) fingerprint = (fingerprint << 1n) | (sums[b] > 0 ? 1n : 0n);
  return fingerprint;
}
