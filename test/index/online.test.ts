// Online use, as a crawler does: query, then add, one at a time, with removes between; the buffered inserts,
// the runs they become and the merges between runs must never change an answer.
import { describe, expect, it } from 'vitest';
import { SimHashIndex } from '../../packages/simhash-wasm/src/block-index/simhash-index.js';
import { BUFFER_CAPACITY } from '../../packages/simhash-wasm/src/block-index/runs/run-stack.js';
import { bruteQuery, makeData, makeQueries, type Entry } from '../support/index-oracle.js';
import { XorShift32 } from '../support/random.js';

describe('SimHashIndex online', () => {
  for (const [k, layout] of [[3, 'auto'], [3, { blocks: 5 }], [7, 'pigeonhole'], [1, 'auto']] as const) {
    it(`query-then-add with removes stays exact (k = ${k}, layout ${JSON.stringify(layout)})`, () => {
      const rng = new XorShift32(1234 + k);
      const data = makeData(rng, 'clustered', 6 * BUFFER_CAPACITY + 37, k, 4);
      const index = new SimHashIndex({ maxDistance: k, layout });
      const live: Entry[] = [];
      let maxRuns = 0;
      data.forEach((fp, i) => {
        // What a crawler asks before storing a page: is anything already near it?
        expect(index.query(fp)).toEqual(bruteQuery(live, fp, k));
        live.push({ id: index.add(fp), fp });
        if (i % 5 === 4) {
          const gone = live.splice(rng.below(live.length), 1)[0];
          expect(index.remove(gone.id)).toBe(true);
        }
        if (i % 97 === 0) {
          const queries = makeQueries(rng, data.slice(0, i + 1), 8, k);
          const many = index.queryMany(BigUint64Array.from(queries));
          queries.forEach((q, j) => {
            const want = bruteQuery(live, q, k);
            expect(Array.from(many.ids.subarray(many.offsets[j], many.offsets[j + 1]))).toEqual(want.map((m) => m.id));
          });
        }
        maxRuns = Math.max(maxRuns, index.stats().runs);
      });
      expect(index.size).toBe(live.length);
      expect(maxRuns).toBeGreaterThan(1);
    });
  }

  it("'auto' re-plans the layout as the index grows, and answers stay exact", () => {
    const rng = new XorShift32(99);
    const index = new SimHashIndex({ maxDistance: 7 });
    const seen = new Set<string>();
    const live: Entry[] = [];
    for (let i = 0; i < 20_000; i++) {
      const fp = rng.fp();
      live.push({ id: index.add(fp), fp });
      seen.add(`${index.layout.kind}/${index.layout.blocks}`);
    }
    expect(seen.size).toBeGreaterThan(1);
    for (const q of makeQueries(rng, live.map((e) => e.fp), 30, 7)) expect(index.query(q)).toEqual(bruteQuery(live, q, 7));
  });

  it('a run a quarter dead is rebuilt without its tombstones', () => {
    const index = new SimHashIndex({ maxDistance: 3 });
    const rng = new XorShift32(5);
    const fps = Array.from({ length: 4000 }, () => rng.fp());
    index.addMany(BigUint64Array.from(fps));
    const before = index.stats().bytes;
    for (let id = 0; id < 1100; id++) index.remove(id);
    expect(index.size).toBe(2900);
    expect(index.stats().bytes).toBeLessThan(before);
    expect(index.query(fps[5])).toEqual([]);
    expect(index.query(fps[3000])).toEqual([{ id: 3000, distance: 0 }]);
  });
});
