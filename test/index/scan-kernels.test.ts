// The index's scan layout through each scan kernel (TypeScript, and WebAssembly as the simhash-wasm entry sets
// it): query, queryMany and pairs equal brute force for k up to 32, with duplicates, removals and an unsealed buffer.
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SimHashIndex } from '../../packages/simhash-wasm/src/block-index/index.js';
import { setScanKernel } from '../../packages/simhash-wasm/src/block-index/scan/kernel-slot.js';
import { tsScanKernel } from '../../packages/simhash-wasm/src/block-index/scan/ts-scan-kernel.js';
import { createWasmScanKernel } from '../../packages/simhash-wasm/src/wasm/scan-kernel.js';
import { createSimdScanKernel } from '../../packages/simhash-wasm/src/wasm/simd-scan-kernel.js';
import { brutePairs, bruteQuery, makeData, makeQueries, type Entry } from '../support/index-oracle.js';
import { XorShift32 } from '../support/random.js';

afterAll(() => setScanKernel(null));

describe.each([
  ['TypeScript', () => tsScanKernel],
  ['WebAssembly', () => createWasmScanKernel()],
  ['WebAssembly SIMD', () => createSimdScanKernel()],
])('the scan layout with the %s kernel', (_, make) => {
  it('query, queryMany and pairs equal brute force for k = 0..32 (random, clustered, duplicate-heavy; after removals)', () => {
    setScanKernel(make);
    fc.assert(fc.property(fc.integer({ min: 0, max: 32 }), fc.constantFrom('random', 'clustered', 'duplicates'), fc.integer({ min: 1, max: 2 ** 31 }), (k, kind, seed) => {
      const rng = new XorShift32(seed);
      const n = 1 + rng.below(rng.below(2) === 0 ? 600 : 3_000);
      const data = kind === 'duplicates'
        ? Array.from({ length: n }, () => [0x1234n, 0xffff0000n, rng.fp()][rng.below(3)])
        : makeData(rng, kind as 'random', n, Math.max(1, k >> 1), 5);
      const index = new SimHashIndex({ maxDistance: 32, layout: 'scan' });
      index.addMany(BigUint64Array.from(data));
      let entries: Entry[] = data.map((fp, id) => ({ id, fp }));
      const removed = new Set(Array.from({ length: n >> 3 }, () => rng.below(n)));
      for (const id of removed) index.remove(id);
      entries = entries.filter((e) => !removed.has(e.id));
      index.add(data[0] ^ 1n, n); // a fingerprint left in the insert buffer
      entries.push({ id: n, fp: data[0] ^ 1n });
      const queries = makeQueries(rng, data, 40, k);
      const many = index.queryMany(BigUint64Array.from(queries), k);
      queries.forEach((q, i) => {
        const want = bruteQuery(entries, q, k);
        const got = Array.from({ length: many.offsets[i + 1] - many.offsets[i] }, (_, j) => ({ id: many.ids[many.offsets[i] + j], distance: many.distances[many.offsets[i] + j] }));
        expect(got, `k=${k} query ${i}`).toEqual(want);
        if (i < 5) expect(index.query(q, k)).toEqual(want);
      });
      if (n <= 600) {
        // pairs() through the kernel: brute force's pair list grows as n² at large k, so on the smaller sets.
        const pairs = index.pairs(k);
        expect(Array.from({ length: pairs.length }, (_, i) => [pairs.a[i], pairs.b[i], pairs.distances[i]]), `pairs, k=${k}`).toEqual(brutePairs(entries, k));
      }
    }), { numRuns: 40 });
  });
});
