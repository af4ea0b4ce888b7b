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
