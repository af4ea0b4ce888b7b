// A loaded 'auto' index plans its layout as a fresh one does: saved and loaded between appends
// that each add less than it holds, it used to stay on the layout of its first save ('scan') for good.
import { describe, expect, it } from 'vitest';
import { SimHashIndex } from '../../packages/simhash-wasm/src/block-index/simhash-index.js';
import { bruteQuery, makeQueries, type Entry } from '../support/index-oracle.js';
import { XorShift32 } from '../support/random.js';

const TARGET = 200_000;

/** Fingerprints in batches, each 20 to 90% of the size before it: the appends that never doubled a loaded index. */
function batches(rng: XorShift32, first: number): bigint[][] {
  const out: bigint[][] = [];
  let size = 0;
  for (let n = first; size < TARGET; n = Math.max(1, Math.floor(size * (0.2 + 0.7 * rng.u32() / 2 ** 32)))) {
    out.push(Array.from({ length: n }, () => rng.fp()));
    size += n;
  }
  return out;
}

function checkAgainstBruteForce(index: SimHashIndex, entries: Entry[], rng: XorShift32, k: number): void {
  const queries = makeQueries(rng, entries.map((e) => e.fp), 40, k);
  const many = index.queryMany(BigUint64Array.from(queries));
  queries.forEach((q, i) => {
    const expected = bruteQuery(entries, q, k);
    const from = many.offsets[i], to = many.offsets[i + 1];
    const got = Array.from({ length: to - from }, (_, j) => ({ id: many.ids[from + j], distance: many.distances[from + j] }));
    expect(got).toEqual(expected);
    expect(index.query(q)).toEqual(expected);
  });
}

describe("a loaded 'auto' index plans like a fresh one", () => {
  for (const k of [3, 7]) {
    it(`k = ${k}: saved and loaded between appends smaller than the index, up to ${TARGET}`, () => {
      const rng = new XorShift32(20 + k);
      const steps = batches(rng, 5);
      let loaded = new SimHashIndex({ maxDistance: k });
      const fresh = new SimHashIndex({ maxDistance: k });
      const entries: Entry[] = [];
      for (const batch of steps) {
        const fps = BigUint64Array.from(batch);
        const ids = loaded.addMany(fps);
        expect(Array.from(fresh.addMany(fps))).toEqual(Array.from(ids));
        batch.forEach((fp, i) => entries.push({ id: ids[i], fp }));
        expect(loaded.layout, `at ${loaded.size}`).toEqual(fresh.layout);
        loaded = SimHashIndex.deserialize(loaded.serialize());
        expect(loaded.layout, `loaded at ${loaded.size}`).toEqual(fresh.layout);
      }
      expect(loaded.size).toBeGreaterThanOrEqual(TARGET);
      expect(loaded.layout.kind).not.toBe('scan');
      // The same as an index given everything at once.
      const once = new SimHashIndex({ maxDistance: k });
      once.addMany(BigUint64Array.from(entries.map((e) => e.fp)));
      expect(loaded.layout).toEqual(once.layout);
      checkAgainstBruteForce(loaded, entries, rng, k);
    });
  }

  it('loaded once and then grown in memory by small batches, it re-plans too', () => {
    const rng = new XorShift32(3);
    const start = Array.from({ length: 8 }, () => rng.fp());
    const fresh = new SimHashIndex();
    fresh.addMany(BigUint64Array.from(start));
    const loaded = SimHashIndex.deserialize(fresh.serialize());
    const entries: Entry[] = start.map((fp, id) => ({ id, fp }));
    for (let i = 0; i < 300; i++) {
      const batch = Array.from({ length: 50 }, () => rng.fp());
      const ids = loaded.addMany(BigUint64Array.from(batch));
      fresh.addMany(BigUint64Array.from(batch));
      batch.forEach((fp, j) => entries.push({ id: ids[j], fp }));
      expect(loaded.layout, `at ${loaded.size}`).toEqual(fresh.layout);
    }
    expect(loaded.layout.kind).toBe('pigeonhole');
    checkAgainstBruteForce(loaded, entries, rng, 3);
  });

  it("a file of an 'auto' index holding the wrong layout for its size is re-planned on load", () => {
    // Grown from a small size and removed from, an index keeps its plan until it has halved; its copy plans afresh.
    const rng = new XorShift32(11);
    const index = new SimHashIndex();
    index.addMany(BigUint64Array.from({ length: 3000 }, () => rng.fp()));
    expect(index.layout.kind).toBe('pigeonhole');
    for (let id = 0; id < 2990; id++) index.remove(id);
    const copy = SimHashIndex.deserialize(index.serialize());
    expect(copy.size).toBe(10);
    expect(copy.layout).toEqual(new SimHashIndex().layout);
    expect(copy.layout.auto).toBe(true);
  });
});
