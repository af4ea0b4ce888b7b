// The WebAssembly scan kernel, SIMD and scalar builds, against brute force: every pair within k, in (query,
// stored) order, for k = 0..64, random, clustered and duplicate-heavy sets, sizes around the tile (64 queries)
// and block (2,048 stored) edges, empty inputs, a reused output, and the stored array kept between calls.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ScanKernel, ScanMatches } from '../../packages/simhash-wasm/src/core/scan-kernel.js';
import { createWasmScanKernel } from '../../packages/simhash-wasm/src/wasm/scan-kernel.js';
import { createSimdScanKernel } from '../../packages/simhash-wasm/src/wasm/simd-scan-kernel.js';
import { makeData, popcount64 } from '../support/index-oracle.js';
import { XorShift32 } from '../support/random.js';

function brute(stored: BigUint64Array, queries: BigUint64Array, k: number): [number, number, number][] {
  const out: [number, number, number][] = [];
  queries.forEach((q, i) => stored.forEach((s, j) => {
    const d = popcount64(q ^ s);
    if (d <= k) out.push([i, j, d]);
  }));
  return out;
}

const triples = (m: ScanMatches) => Array.from({ length: m.count }, (_, i) => [m.query[i], m.stored[i], m.distance[i]]);

function dataOf(rng: XorShift32, kind: 'random' | 'clustered' | 'duplicates', n: number, k: number): BigUint64Array {
  if (kind === 'duplicates') {
    const few = makeData(rng, 'random', 3, k);
    return BigUint64Array.from({ length: n }, () => few[rng.below(few.length)]);
  }
  return BigUint64Array.from(makeData(rng, kind, n, Math.max(1, k >> 2), 4));
}

const kernels: [string, ScanKernel][] = [
  ['SIMD', createSimdScanKernel()!],
  ['scalar', createWasmScanKernel()!],
];

describe.each(kernels)('the WebAssembly scan kernel (%s)', (_, kernel) => {
  it('equals brute force for every k from 0 to 64 on random, clustered and duplicate-heavy sets', () => {
    fc.assert(fc.property(
      fc.integer({ min: 0, max: 64 }),
      fc.constantFrom('random', 'clustered', 'duplicates'),
      fc.integer({ min: 0, max: 2_200 }),
      fc.integer({ min: 0, max: 140 }),
      fc.integer({ min: 1, max: 2 ** 31 }),
      (k, kind, n, m, seed) => {
        const rng = new XorShift32(seed);
        const stored = dataOf(rng, kind as 'random', n, k);
        const queries = BigUint64Array.from({ length: m }, (_, i) => (n > 0 && i % 3 !== 2 ? rng.flip(stored[rng.below(n)], rng.below(k + 2)) : rng.fp()));
        expect(triples(kernel.scan(stored, queries, k))).toEqual(brute(stored, queries, k));
      },
    ), { numRuns: 60 });
  });

  it('crosses the block and tile edges, keeps the stored copy only for the same array, and reuses its output', () => {
    const rng = new XorShift32(9);
    const stored = BigUint64Array.from({ length: 4_099 }, () => rng.fp());
    const queries = BigUint64Array.from({ length: 129 }, (_, i) => (i % 2 === 0 ? stored[rng.below(stored.length)] : rng.fp()));
    const into = kernel.scan(stored, queries, 20);
    expect(triples(into)).toEqual(brute(stored, queries, 20));
    // Another array (same length) must be read, not the copy of the first.
    const other = BigUint64Array.from(stored, (x) => ~x & 0xffffffffffffffffn);
    const again = kernel.scan(other, queries, 20, into);
    expect(again).toBe(into);
    expect(triples(again)).toEqual(brute(other, queries, 20));
    // k = 64 matches every pair: the output grows past its first capacity.
    expect(kernel.scan(stored.subarray(0, 300), queries, 64).count).toBe(300 * 129);
    expect(kernel.scan(new BigUint64Array(0), queries, 5).count).toBe(0);
    expect(kernel.scan(stored, new BigUint64Array(0), 5).count).toBe(0);
  });
});

it('the SIMD build is the one taken where WebAssembly SIMD validates (Node 20 does)', () => {
  expect(kernels[0][1].name).toBe('wasm-simd');
  expect(kernels[1][1].name).toBe('wasm');
});

describe('bucketPairs over stretches of buckets (what multi-index-pairs.ts calls), with the table kept between calls', () => {
  // A table of 16-bit buckets: fingerprints sorted, bucket = top 16 bits; radius 2 as the xors of weight 0 to 2.
  const rng = new XorShift32(91);
  const fps = BigUint64Array.from(makeData(rng, 'clustered', 5_000, 4, 4)).sort();
  const hi = Uint32Array.from(fps, (f) => Number(f >> 32n)), lo = Uint32Array.from(fps, (f) => Number(f & 0xffffffffn));
  const buckets = 1 << 16;
  const offsets = new Uint32Array(buckets + 1);
  for (const h of hi) offsets[(h >>> 16) + 1]++;
  for (let b = 0; b < buckets; b++) offsets[b + 1] += offsets[b];
  const xors = Uint32Array.from([0, ...Array.from({ length: 16 }, (_, i) => 1 << i), ...Array.from({ length: 16 * 15 / 2 }, (_, n) => {
    let i = 0, left = n;
    while (left >= 15 - i) left -= 15 - i++;
    return (1 << i) | (1 << (i + 1 + left));
  })]);
  const sorted = (m: ScanMatches) => triples(m).sort((a, b) => a[0] - b[0] || a[1] - b[1]);

  it.each(kernels)('%s: the stretches together find what one call finds, also with scans and probes between them', (_, kernel) => {
    const whole = sorted(kernel.bucketPairs!(hi, lo, offsets, 0, buckets, xors, 9));
    expect(whole.length).toBeGreaterThan(100);
    const parts: number[][] = [];
    for (let start = 0; start < buckets; start += 4096) {
      for (const triple of triples(kernel.bucketPairs!(hi, lo, offsets, start, Math.min(buckets, start + 4096), xors, 9))) parts.push(triple);
      // Other uses of the module's memory between two stretches: the table must be placed again after them.
      if (start === 8192) kernel.scan(fps.subarray(0, 500), fps.subarray(0, 70), 3);
      if (start === 16384) kernel.bucketProbes?.(hi, lo, offsets, hi.subarray(0, 10), lo.subarray(0, 10), Uint32Array.from(hi.subarray(0, 10), (h) => h >>> 16), xors, 3);
    }
    expect(parts.sort((a, b) => a[0] - b[0] || a[1] - b[1])).toEqual(whole);
  });
});
