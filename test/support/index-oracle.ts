// Brute force for the index tests: every answer by all-pairs popcount over a plain list, and the data generators
// (uniform random fingerprints, or clusters: a few centres with 0..2k bits flipped, exact duplicates among them), drawn
// from xorshift32 so that a failing fast-check seed reproduces the same data.
import type { XorShift32 } from './random.js';

export interface Entry {
  id: number;
  fp: bigint;
}

export function popcount64(x: bigint): number {
  let hi = Number(x >> 32n) >>> 0;
  let lo = Number(x & 0xffffffffn) >>> 0;
  let c = 0;
  while (hi) { hi &= hi - 1; c++; }
  while (lo) { lo &= lo - 1; c++; }
  return c;
}

function pop32(x: number): number {
  let c = 0;
  for (x >>>= 0; x !== 0; x = (x & (x - 1)) >>> 0) c++;
  return c;
}

/** Halves of each entry's fingerprint, so the all-pairs loops stay in plain numbers (memoised per entry object). */
const halvesCache = new WeakMap<Entry, [number, number]>();
function halves(entries: readonly Entry[]) {
  const hi = new Uint32Array(entries.length), lo = new Uint32Array(entries.length);
  entries.forEach((e, i) => {
    let h = halvesCache.get(e);
    if (!h || e.fp !== ((BigInt(h[0]) << 32n) | BigInt(h[1]))) {
      h = [Number(e.fp >> 32n), Number(e.fp & 0xffffffffn)];
      halvesCache.set(e, h);
    }
    hi[i] = h[0];
    lo[i] = h[1];
  });
  return { hi, lo };
}

export function bruteQuery(entries: readonly Entry[], q: bigint, k: number): { id: number; distance: number }[] {
  const { hi, lo } = halves(entries);
  const qh = Number(q >> 32n), ql = Number(q & 0xffffffffn);
  const out: { id: number; distance: number }[] = [];
  for (let i = 0; i < entries.length; i++) {
    const d = pop32(hi[i] ^ qh) + pop32(lo[i] ^ ql);
    if (d <= k) out.push({ id: entries[i].id, distance: d });
  }
  return out.sort((a, b) => a.distance - b.distance || a.id - b.id);
}

export function brutePairs(entries: readonly Entry[], k: number): [number, number, number][] {
  const { hi, lo } = halves(entries);
  const out: [number, number, number][] = [];
  for (let i = 0; i < entries.length; i++) {
    for (let j = i + 1; j < entries.length; j++) {
      const d = pop32(hi[i] ^ hi[j]) + pop32(lo[i] ^ lo[j]);
      if (d <= k) {
        const a = Math.min(entries[i].id, entries[j].id), b = Math.max(entries[i].id, entries[j].id);
        out.push([a, b, d]);
      }
    }
  }
  return out.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
}

export function bruteClusters(entries: readonly Entry[], k: number, minSize = 2): number[][] {
  const parent = new Map<number, number>();
  for (const e of entries) parent.set(e.id, e.id);
  const find = (x: number): number => {
    while (parent.get(x) !== x) x = parent.get(x)!;
    return x;
  };
  for (const [a, b] of brutePairs(entries, k)) parent.set(find(a), find(b));
  const groups = new Map<number, number[]>();
  for (const e of entries) {
    const r = find(e.id);
    if (!groups.has(r)) groups.set(r, []);
    groups.get(r)!.push(e.id);
  }
  return [...groups.values()].filter((g) => g.length >= minSize).map((g) => g.sort((a, b) => a - b)).sort((a, b) => a[0] - b[0]);
}

export type DataKind = 'random' | 'clustered';

/** n fingerprints: random, or around `centres` centres with 0..2k bits flipped and about 1 in 8 an exact repeat. */
export function makeData(rng: XorShift32, kind: DataKind, n: number, k: number, centres = 3): bigint[] {
  const out: bigint[] = [];
  const cs = Array.from({ length: centres }, () => rng.fp());
  for (let i = 0; i < n; i++) {
    if (kind === 'random') out.push(rng.fp());
    else if (out.length > 0 && rng.below(8) === 0) out.push(out[rng.below(out.length)]);
    else out.push(rng.flip(cs[rng.below(centres)], rng.below(2 * k + 1)));
  }
  return out;
}

/** Queries: some stored fingerprints moved by 0..k+1 bits (near and just past the threshold), some random. */
export function makeQueries(rng: XorShift32, data: readonly bigint[], count: number, k: number): bigint[] {
  const out: bigint[] = [];
  for (let i = 0; i < count; i++) {
    if (data.length > 0 && i % 4 !== 3) out.push(rng.flip(data[rng.below(data.length)], rng.below(k + 2)));
    else out.push(rng.fp());
  }
  return out;
}
