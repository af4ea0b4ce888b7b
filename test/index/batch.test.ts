// queryMany on a large index, where batches are grouped by bucket (queries sorted into the table's order): the
// same answers as query() one by one, and as brute force on a sample; with sub-indexes in the big tables too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimHashIndex } from '../../packages/simhash-wasm/src/block-index/simhash-index.js';
import { setSubIndexMin, SUB_INDEX_MIN } from '../../packages/simhash-wasm/src/block-index/tables/sub-index.js';
import { bruteQuery, makeData, makeQueries, type Entry } from '../support/index-oracle.js';
import { XorShift32 } from '../support/random.js';

const N = 150_000;

function check(index: SimHashIndex, entries: Entry[], queries: bigint[], k: number): void {
  const many = index.queryMany(BigUint64Array.from(queries));
  let matches = 0;
  queries.forEach((q, i) => {
    const got = [];
    for (let j = many.offsets[i]; j < many.offsets[i + 1]; j++) got.push({ id: many.ids[j], distance: many.distances[j] });
    matches += got.length;
    expect(got).toEqual(index.query(q));
    if (i % 200 === 0) expect(got).toEqual(bruteQuery(entries, q, k));
  });
  expect(matches).toBeGreaterThan(queries.length / 2); // most queries are near a stored fingerprint
}

describe('queryMany on a large index (grouped batches)', () => {
  for (const [k, layout] of [[3, 'pigeonhole'], [3, { blocks: 5 }], [1, 'auto']] as const) {
    it(`k = ${k}, ${JSON.stringify(layout)}: random fingerprints with near-duplicates`, () => {
      const rng = new XorShift32(42 + k);
      const data = makeData(rng, 'random', N, k);
      for (let i = 0; i < 5000; i++) data.push(rng.flip(data[rng.below(N)], rng.below(k + 1)));
      const index = new SimHashIndex({ maxDistance: k, layout });
      index.addMany(BigUint64Array.from(data));
      for (let id = 0; id < 2000; id += 3) index.remove(id);
      const entries = data.map((fp, id) => ({ id, fp })).filter((e) => index.has(e.id));
      check(index, entries, makeQueries(rng, data, 8192, k), k);
    });
  }

  describe('with sub-indexes', () => {
    beforeAll(() => setSubIndexMin(64));
    afterAll(() => setSubIndexMin(SUB_INDEX_MIN));
    it('k = 3, clustered fingerprints (4,000 around a few centres, up to 6 bits flipped, duplicates)', () => {
      const rng = new XorShift32(7);
      const data = [...makeData(rng, 'random', N, 3), ...makeData(rng, 'clustered', 4000, 3, 4)];
      const index = new SimHashIndex({ maxDistance: 3, layout: 'pigeonhole' });
      index.addMany(BigUint64Array.from(data));
      expect(index.stats().subIndexes).toBeGreaterThan(0);
      const entries = data.map((fp, id) => ({ id, fp }));
      check(index, entries, makeQueries(rng, data.slice(N), 5000, 3), 3);
    });
  });
});
