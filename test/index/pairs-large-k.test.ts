// pairs() at k = 13 to 20 on tables of its own: where the index's layout compares too much (past k = 12 'auto'
// scans), pairRows (src/block-index/pairs/pairs.ts) finds the pairs on a multi-index layout that
// plan/cost-model.ts's pairsLayout picks, built for the call. Held here to brute force on every such layout (2 to 8
// substrings, with removals and exact duplicates, whole and in worker shares), and pairs() itself to the scan's
// own pairs at a size where the planner does switch.
import { afterAll, describe, expect, it } from 'vitest';
import { SimHashIndex } from '../../packages/simhash-wasm/src/block-index/index.js';
import { indexInternals } from '../../packages/simhash-wasm/src/block-index/simhash-index.js';
import { idPairs, pairRows } from '../../packages/simhash-wasm/src/block-index/pairs/pairs.js';
import { pairsLayout } from '../../packages/simhash-wasm/src/block-index/plan/cost-model.js';
import { makeMultiIndexLayout } from '../../packages/simhash-wasm/src/block-index/plan/layout.js';
import { setScanKernel } from '../../packages/simhash-wasm/src/block-index/scan/kernel-slot.js';
import { tsScanKernel } from '../../packages/simhash-wasm/src/block-index/scan/ts-scan-kernel.js';
import { createWasmScanKernel } from '../../packages/simhash-wasm/src/wasm/scan-kernel.js';
import type { PairsResult } from '../../packages/simhash-wasm/src/block-index/types.js';
import { brutePairs, makeData, type Entry } from '../support/index-oracle.js';
import { XorShift32 } from '../support/random.js';

afterAll(() => setScanKernel(null));

/** Each pair as one number, a * 2^25 + b * 2^7 + distance (ids below 2^18 here): deep equality of long lists stays fast. */
function triples(p: PairsResult): number[] {
  return Array.from({ length: p.length }, (_, i) => p.a[i] * 2 ** 25 + p.b[i] * 2 ** 7 + p.distances[i]);
}

function bruteTriples(entries: readonly Entry[], k: number): number[] {
  return brutePairs(entries, k).map(([a, b, d]) => a * 2 ** 25 + b * 2 ** 7 + d);
}

/** Sorted as idPairs sorts: by a, then b. */
function byPair(list: number[]): number[] {
  return list.sort((x, y) => x - y);
}

/** An index of `data` on `layout`, some ids removed, compacted: its one run and the entries left. */
function compacted(data: bigint[], k: number, layout: 'scan' | 'auto', rng: XorShift32) {
  const index = new SimHashIndex({ maxDistance: k, layout });
  index.addMany(BigUint64Array.from(data));
  const removed = new Set(Array.from({ length: data.length >> 4 }, () => rng.below(data.length)));
  for (const id of removed) index.remove(id);
  indexInternals.compact(index);
  const entries: Entry[] = data.map((fp, id) => ({ id, fp })).filter((e) => !removed.has(e.id));
  return { index, run: indexInternals.runs(index)[0], entries };
}

describe('pairs() at k = 13 to 20 on a layout of its own', () => {
  it.each([
    { name: 'WebAssembly', kernel: () => createWasmScanKernel() },
    { name: 'TypeScript', kernel: () => tsScanKernel },
  ])('equals brute force on 2 to 8 substrings, whole and in shares ($name kernel)', ({ kernel }) => {
    setScanKernel(kernel);
    let checked = 0;
    for (const k of [13, 16, 20]) {
      for (const kind of ['random', 'clustered', 'duplicates'] as const) {
        const rng = new XorShift32(1000 * k + kind.length);
        const n = 700;
        // Duplicates: one value 20 times over among near copies of it, so each of its pairs stands for 20.
        const data = kind === 'duplicates'
          ? Array.from({ length: n }, (_, i) => (i % 35 === 0 ? 0xfeedn : rng.flip(0xfeedn, rng.below(2 * k))))
          : makeData(rng, kind, n, k, 8);
        const { run, entries } = compacted(data, k, 'scan', rng);
        const want = bruteTriples(entries, k);
        expect(want.length, `k=${k} ${kind}: the data has pairs to find`).toBeGreaterThan(0);
        for (let m = 2; m <= 8; m++) {
          const layout = makeMultiIndexLayout(k, m, true);
          expect(triples(idPairs(run, pairRows(run, k, 0, 1, layout))), `k=${k} ${kind} m=${m}`).toEqual(want);
          // Three workers' shares (src/pool) give every pair once between them.
          const shares = [0, 1, 2].flatMap((part) => triples(idPairs(run, pairRows(run, k, part, 3, layout))));
          expect(byPair(shares), `k=${k} ${kind} m=${m}, shares`).toEqual(want);
          // pairs within less than the layout's k (pairs(maxDistance)): the radii over-cover, still exact.
          expect(triples(idPairs(run, pairRows(run, k - 3, 0, 1, layout))), `k=${k} ${kind} m=${m}, within ${k - 3}`).toEqual(bruteTriples(entries, k - 3));
          checked++;
        }
      }
    }
    expect(checked).toBe(3 * 3 * 7);
  });

  it("an 'auto' index's pairs() takes multi-index tables at k = 13 and 16 over 80,000 and gives the scan's pairs", () => {
    setScanKernel(() => createWasmScanKernel());
    for (const k of [13, 16]) {
      const rng = new XorShift32(77 + k);
      // Random, with a tenth planted near copies (1 to k bits flipped) so that there are pairs at every distance.
      const data: bigint[] = [];
      for (let i = 0; i < 80_000; i++) data.push(i > 0 && i % 10 === 0 ? rng.flip(data[rng.below(i)], 1 + rng.below(k)) : rng.fp());
      const { index, run } = compacted(data, k, 'auto', rng);
      expect(index.layout.kind).toBe('scan');
      const plan = pairsLayout(k, run.live, run.layout);
      expect(plan?.public.kind, `k=${k}: the planner switches`).toBe('multi-index');
      const scanOwn = triples(idPairs(run, pairRows(run, k, 0, 1, null)));
      expect(scanOwn.length).toBeGreaterThan(5_000);
      expect(triples(index.pairs()), `k=${k}`).toEqual(scanOwn);
    }
  }, 60_000);
});
