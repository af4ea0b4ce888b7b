// pairs() on Manku's tables (the pigeonhole layout) through the WebAssembly kernel's bucketPairs (pairs.ts,
// inBucketsByKernel: each bucket against itself, a stretch of buckets a call, oversized buckets through their
// sub-indexes) against the same index's pairs through the TypeScript loop (the TypeScript kernel has no
// bucketPairs), which test/index/property.test.ts holds to brute force. Large enough for the kernel to be used (a
// table's share from 16,384 rows), with exact duplicates, removals, clustered data that makes sub-indexes, whole and
// in worker shares.
import { afterAll, describe, expect, it } from 'vitest';
import { SimHashIndex } from '../../packages/simhash-wasm/src/block-index/index.js';
import { indexInternals } from '../../packages/simhash-wasm/src/block-index/simhash-index.js';
import { idPairs, pairRows } from '../../packages/simhash-wasm/src/block-index/pairs/pairs.js';
import { setScanKernel } from '../../packages/simhash-wasm/src/block-index/scan/kernel-slot.js';
import { tsScanKernel } from '../../packages/simhash-wasm/src/block-index/scan/ts-scan-kernel.js';
import { createWasmScanKernel } from '../../packages/simhash-wasm/src/wasm/scan-kernel.js';
import type { PairsResult } from '../../packages/simhash-wasm/src/block-index/types.js';
import { makeData } from '../support/index-oracle.js';
import { XorShift32 } from '../support/random.js';

afterAll(() => setScanKernel(createWasmScanKernel)); // as the simhash-wasm entry sets it

const triples = (p: PairsResult) => Array.from({ length: p.length }, (_, i) => `${p.a[i]},${p.b[i]},${p.distances[i]}`);

describe('pairs() on the pigeonhole layout in the WebAssembly kernel', () => {
  it.each([1, 3])('equals the TypeScript loop at k = %i on random, clustered and duplicate-heavy data, whole and in shares', (k) => {
    for (const kind of ['random', 'clustered', 'duplicates'] as const) {
      const rng = new XorShift32(100 * k + kind.length);
      const n = 40_000;
      // Clustered: rows up to 24 bits from one of 6 centres, so a centre's key block fills a bucket past its share.
      const base = makeData(rng, kind === 'duplicates' ? 'random' : kind, n, 12, 6);
      // Near copies of some, exact copies of others: pairs at 1..k and at 0 beside the unrelated rest.
      const data = base.map((fp, i) => (i % 7 === 3 ? rng.flip(base[i - 1], rng.below(k + 1)) : kind === 'duplicates' && i % 5 === 0 ? base[i >> 1] : fp));
      const index = new SimHashIndex({ maxDistance: k });
      index.addMany(BigUint64Array.from(data));
      for (let i = 0; i < 200; i++) index.remove(rng.below(n));
      indexInternals.compact(index);
      const run = indexInternals.runs(index)[0];
      expect(run.layout.public.kind).toBe('pigeonhole');
      if (kind === 'clustered') expect(run.set.tables.some((table) => table.children !== null), 'sub-indexes to search through').toBe(true);
      const pairsBy = (kernel: typeof tsScanKernel | null, part: number, parts: number) => {
        setScanKernel(() => kernel);
        return triples(idPairs(run, pairRows(run, k, part, parts)));
      };
      const want = pairsBy(tsScanKernel, 0, 1);
      expect(want.length, `${kind}: pairs to find`).toBeGreaterThan(1000);
      expect(pairsBy(createWasmScanKernel(), 0, 1), `k=${k} ${kind}`).toEqual(want);
      const shares = [0, 1, 2].flatMap((part) => pairsBy(createWasmScanKernel(), part, 3));
      expect(shares.sort(), `k=${k} ${kind}, shares`).toEqual([...want].sort());
    }
  });
});
