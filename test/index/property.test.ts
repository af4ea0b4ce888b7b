// SimHashIndex against brute force (all-pairs popcount): every operation, random and clustered fingerprints,
// k = 0, 1, 3, 7, 12, several layouts, after removes and after a serialize/deserialize round trip.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimHashIndex } from '../../packages/simhash-wasm/src/block-index/simhash-index.js';
import type { LayoutOption } from '../../packages/simhash-wasm/src/block-index/types.js';
import { setSubIndexMin, SUB_INDEX_MIN } from '../../packages/simhash-wasm/src/block-index/tables/sub-index.js';
import { bruteClusters, brutePairs, bruteQuery, makeData, makeQueries, type Entry } from '../support/index-oracle.js';
import { XorShift32 } from '../support/random.js';

const KS = [0, 1, 3, 7, 12];
const layoutsFor = (k: number): [string, LayoutOption][] => [
  ['pigeonhole', 'pigeonhole'],
  [`permuted ${k + 2} blocks`, { blocks: k + 2 }],
  ['auto', 'auto'],
  ['scan', 'scan'],
];

interface Case {
  seed: number;
  kind: 'random' | 'clustered';
  n: number;
  oneByOne: number;
  removes: number;
}

const caseArb = fc.record({
  seed: fc.integer({ min: 1, max: 0x7fffffff }),
  kind: fc.constantFrom<'random' | 'clustered'>('random', 'clustered'),
  n: fc.integer({ min: 0, max: 420 }),
  oneByOne: fc.integer({ min: 0, max: 420 }),
  removes: fc.integer({ min: 0, max: 80 }),
});

/** Builds an index and its brute-force twin the same way: some adds one at a time, the rest in one addMany, then removes. */
function build(k: number, layout: LayoutOption, c: Case) {
  const rng = new XorShift32(c.seed);
  const data = makeData(rng, c.kind, c.n, k, 1 + rng.below(3));
  const index = new SimHashIndex({ maxDistance: k, layout });
  const live = new Map<number, bigint>();
  const single = Math.min(c.oneByOne, data.length);
  for (let i = 0; i < single; i++) {
    // Alternate automatic and explicit ids (explicit ones sparse and large).
    const id = i % 3 === 2 ? index.add(data[i], 1_000_000 + 7 * i) : index.add(data[i]);
    live.set(id, data[i]);
  }
  const rest = data.slice(single);
  const ids = rest.map((_, i) => 2_000_000 + 3 * i);
  const given = index.addMany(BigUint64Array.from(rest), rng.below(2) === 0 ? ids : Uint32Array.from(ids));
  expect(Array.from(given)).toEqual(ids);
  rest.forEach((fp, i) => live.set(ids[i], fp));
  for (let r = 0; r < c.removes && live.size > 0; r++) {
    const keys = [...live.keys()];
    const id = keys[rng.below(keys.length)];
    expect(index.remove(id)).toBe(true);
    expect(index.remove(id)).toBe(false);
    live.delete(id);
  }
  const entries: Entry[] = [...live].map(([id, fp]) => ({ id, fp }));
  return { rng, data, index, entries };
}

function checkAll(index: SimHashIndex, entries: readonly Entry[], rng: XorShift32, data: readonly bigint[], k: number): void {
  expect(index.size).toBe(entries.length);
  const queries = makeQueries(rng, data, 24, k);
  const many = index.queryMany(BigUint64Array.from(queries));
  expect(many.offsets.length).toBe(queries.length + 1);
  queries.forEach((q, i) => {
    const want = bruteQuery(entries, q, k);
    expect(index.query(q)).toEqual(want);
    const got = [];
    for (let j = many.offsets[i]; j < many.offsets[i + 1]; j++) got.push({ id: many.ids[j], distance: many.distances[j] });
    expect(got).toEqual(want);
    expect(index.nearest(q)).toEqual(want.length > 0 ? want[0] : null);
    const smaller = rng.below(k + 1);
    expect(index.query(q, smaller)).toEqual(bruteQuery(entries, q, smaller));
  });
  const pairs = index.pairs();
  const got: [number, number, number][] = [];
  for (let i = 0; i < pairs.length; i++) got.push([pairs.a[i], pairs.b[i], pairs.distances[i]]);
  expectSameList(got, brutePairs(entries, k), 'pairs');
  expectSameList(index.clusters(), bruteClusters(entries, k), 'clusters');
  for (const e of entries.slice(0, 5)) expect(index.get(e.id)).toBe(e.fp);
}

/** toEqual on lists of many thousand pairs is slow; this compares as text and reports the first difference. */
function expectSameList(got: readonly unknown[], want: readonly unknown[], what: string): void {
  const a = got.map((x) => JSON.stringify(x));
  const b = want.map((x) => JSON.stringify(x));
  const differs = a.findIndex((x, i) => x !== b[i]);
  if (a.length !== b.length || differs >= 0) {
    const at = differs >= 0 ? differs : Math.min(a.length, b.length);
    expect.fail(`${what}: ${a.length} found, ${b.length} expected; first difference at ${at}: found ${a[at]}, expected ${b[at]}`);
  }
}

for (const k of KS) {
  describe(`SimHashIndex k = ${k} against brute force`, () => {
    for (const [name, layout] of layoutsFor(k)) {
      it(`${name}: query, queryMany, nearest, pairs, clusters; after removes; after a round trip`, () => {
        fc.assert(
          fc.property(caseArb, (c) => {
            const { rng, data, index, entries } = build(k, layout, c);
            checkAll(index, entries, rng, data, k);
            const copy = SimHashIndex.deserialize(index.serialize());
            expect(copy.layout).toEqual(index.layout);
            checkAll(copy, entries, rng, data, k);
            // The copy stays usable: more adds and removes, still exact.
            const more = makeData(rng, c.kind, 40, k);
            const moreEntries = [...entries];
            for (const fp of more) moreEntries.push({ id: copy.add(fp), fp });
            if (moreEntries.length > 0) {
              const gone = moreEntries.splice(rng.below(moreEntries.length), 1)[0];
              expect(copy.remove(gone.id)).toBe(true);
            }
            checkAll(copy, moreEntries, rng, [...data, ...more], k);
          }),
          { numRuns: k >= 7 ? 6 : 10 },
        );
      });
    }
  });
}

describe('oversized buckets get sub-indexes, and stay exact', () => {
  beforeAll(() => setSubIndexMin(8));
  afterAll(() => setSubIndexMin(SUB_INDEX_MIN));
  for (const k of KS) {
    it(`k = ${k}, clustered data around one or two centres`, () => {
      let withSubIndexes = 0;
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 0x7fffffff }), fc.integer({ min: 150, max: 450 }), (seed, n) => {
          for (const layout of ['pigeonhole', { blocks: k + 2 }] as LayoutOption[]) {
            const { rng, data, index, entries } = build(k, layout, { seed, kind: 'clustered', n, oneByOne: 0, removes: 20 });
            index.compact();
            if (index.stats().subIndexes > 0) withSubIndexes++;
            checkAll(index, entries, rng, data, k);
          }
        }),
        { numRuns: 5 },
      );
      if (k > 0) expect(withSubIndexes).toBeGreaterThan(0);
    });
  }
});
