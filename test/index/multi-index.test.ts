// Multi-index layouts ({ substrings: m }): query, queryMany and pairs equal brute force for k = 0..32 and every m
// from 1 to k + 1 it allows (radii from 0 to k), on random, clustered and duplicate-heavy sets, after removals,
// with an unsealed buffer, over several runs, and after serialize/deserialize.
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SimHashIndex } from '../../packages/simhash-wasm/src/block-index/index.js';
import { multiIndexRadii } from '../../packages/simhash-wasm/src/block-index/plan/layout.js';
import { brutePairs, bruteQuery, makeData, makeQueries, type Entry } from '../support/index-oracle.js';
import { XorShift32 } from '../support/random.js';
import { setScanKernel } from '../../packages/simhash-wasm/src/block-index/scan/kernel-slot.js';
import { tsScanKernel } from '../../packages/simhash-wasm/src/block-index/scan/ts-scan-kernel.js';
import { createWasmScanKernel } from '../../packages/simhash-wasm/src/wasm/scan-kernel.js';
import { setGroupedMin } from '../../packages/simhash-wasm/src/block-index/query/multi-index.js';

afterAll(() => {
  setScanKernel(null);
  setGroupedMin();
});

function matchesOf(many: { offsets: Uint32Array; ids: Uint32Array; distances: Uint8Array }, i: number) {
  return Array.from({ length: many.offsets[i + 1] - many.offsets[i] }, (_, j) => ({ id: many.ids[many.offsets[i] + j], distance: many.distances[many.offsets[i] + j] }));
}

describe('multi-index layouts', () => {
  it('radii: sum(r + 1) = k + 1, larger radii first', () => {
    for (let k = 0; k <= 32; k++) {
      for (let m = 1; m <= k + 1; m++) {
        const r = multiIndexRadii(k, m);
        expect(r.length).toBe(m);
        expect(r.reduce((s, x) => s + x + 1, 0)).toBe(k + 1);
        expect(Math.max(...r) - Math.min(...r)).toBeLessThanOrEqual(1);
        expect([...r].sort((a, b) => b - a)).toEqual(r);
      }
    }
  });

  it.each([
    { name: 'TypeScript', kernel: () => tsScanKernel, grouped: false },
    { name: 'WebAssembly', kernel: () => createWasmScanKernel(), grouped: false },
    { name: 'TypeScript', kernel: () => tsScanKernel, grouped: true },
    { name: 'WebAssembly', kernel: () => createWasmScanKernel(), grouped: true },
  ])('query, queryMany and pairs ($name kernel, batches in bucket order: $grouped) equal brute force for k = 0..32 (random, clustered, duplicate-heavy; removals; reload)', ({ kernel, grouped }) => {
    setScanKernel(kernel);
    setGroupedMin(...(grouped ? [0, 0] : []));
    fc.assert(fc.property(fc.integer({ min: 0, max: 32 }), fc.integer({ min: 0, max: 1000 }), fc.constantFrom('random', 'clustered', 'duplicates'), fc.integer({ min: 1, max: 2 ** 31 }), (k, pick, kind, seed) => {
      const m = 1 + (pick % Math.min(k + 1, 8));
      const rng = new XorShift32(seed);
      const n = 1 + rng.below(rng.below(2) === 0 ? 500 : 2_500);
      const data = kind === 'duplicates'
        ? Array.from({ length: n }, () => [0x1234n, 0xffff0000n, rng.fp()][rng.below(3)])
        : makeData(rng, kind as 'random', n, Math.max(1, k >> 1), 5);
      const index = new SimHashIndex({ maxDistance: k, layout: { substrings: m } });
      expect(index.layout.kind).toBe('multi-index');
      expect(index.layout.radius).toEqual(multiIndexRadii(k, m));
      // Two batches: two runs until something compacts them.
      const half = n >> 1;
      index.addMany(BigUint64Array.from(data.slice(0, half)));
      index.addMany(BigUint64Array.from(data.slice(half)), Uint32Array.from({ length: n - half }, (_, i) => half + i));
      let entries: Entry[] = data.map((fp, id) => ({ id, fp }));
      const removed = new Set(Array.from({ length: n >> 3 }, () => rng.below(n)));
      for (const id of removed) index.remove(id);
      entries = entries.filter((e) => !removed.has(e.id));
      index.add(data[0] ^ 1n, n); // left in the insert buffer
      entries.push({ id: n, fp: data[0] ^ 1n });
      const queries = makeQueries(rng, data, 30, k);
      const asked = Math.max(0, k - rng.below(3)); // queries may ask for less than the index's k
      const many = index.queryMany(BigUint64Array.from(queries), asked);
      queries.forEach((q, i) => {
        const want = bruteQuery(entries, q, asked);
        expect(matchesOf(many, i), `k=${k} m=${m} asked=${asked} query ${i}`).toEqual(want);
        if (i < 5) expect(index.query(q, asked)).toEqual(want);
      });
      if (n <= 500 || k <= 8) {
        const pairs = index.pairs(asked);
        expect(Array.from({ length: pairs.length }, (_, i) => [pairs.a[i], pairs.b[i], pairs.distances[i]]), `pairs, k=${k} m=${m}`).toEqual(brutePairs(entries, asked));
      }
      const reloaded = SimHashIndex.deserialize(index.serialize(), { acceptAnyPipelineVersion: true });
      expect(reloaded.layout).toEqual(index.layout);
      expect(matchesOf(reloaded.queryMany(BigUint64Array.from(queries.slice(0, 5)), asked), 4)).toEqual(bruteQuery(entries, queries[4], asked));
    }), { numRuns: 60 });
  });

  it('a million-scale table probed within its radius finds what brute force finds (k = 7, m = 3 and 4)', () => {
    const rng = new XorShift32(77);
    const data = makeData(rng, 'clustered', 60_000, 4, 5);
    const entries = data.map((fp, id) => ({ id, fp }));
    const queries = makeQueries(rng, data, 40, 7);
    for (const m of [3, 4]) {
      const index = new SimHashIndex({ maxDistance: 7, layout: { substrings: m } });
      index.addMany(BigUint64Array.from(data));
      const many = index.queryMany(BigUint64Array.from(queries));
      queries.forEach((q, i) => expect(matchesOf(many, i), `m=${m} query ${i}`).toEqual(bruteQuery(entries, q, 7)));
    }
  });

  it("'auto' moves to a multi-index layout as the index grows (k = 9), and stays exact", () => {
    const rng = new XorShift32(9);
    const data = makeData(rng, 'random', 150_000, 4);
    const index = new SimHashIndex({ maxDistance: 9 });
    const kinds = new Set<string>();
    for (const [from, to] of [[0, 5_000], [5_000, 50_000], [50_000, 150_000]]) {
      index.addMany(BigUint64Array.from(data.slice(from, to)));
      kinds.add(index.layout.kind);
    }
    expect(index.layout.kind).toBe('multi-index');
    expect(kinds.size).toBeGreaterThan(1); // it started elsewhere and re-planned
    const entries = data.map((fp, id) => ({ id, fp }));
    const queries = makeQueries(rng, data, 30, 9);
    const many = index.queryMany(BigUint64Array.from(queries));
    queries.forEach((q, i) => expect(matchesOf(many, i), `query ${i}`).toEqual(bruteQuery(entries, q, 9)));
  });

  it('refuses a substring count outside 1..k + 1', () => {
    expect(() => new SimHashIndex({ maxDistance: 3, layout: { substrings: 5 } })).toThrow(RangeError);
    expect(() => new SimHashIndex({ maxDistance: 3, layout: { substrings: 0 } })).toThrow(/options.layout.substrings must be from 1 to 4/);
    expect(() => new SimHashIndex({ maxDistance: 3, layout: { substrings: 1.5 } })).toThrow(TypeError);
  });
});
