// simhash-wasm/pool's index pool: queryMany and pairs() on worker threads equal the index's own answers (one
// thread), bit for bit, for random, clustered and duplicate-heavy sets, k from 0 to large, every layout kind, and
// after removals; a snapshot is not disturbed by later writes.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../packages/simhash-wasm/src/index.js'; // the WebAssembly scan kernel, as a user of simhash-wasm has it
import { SimHashIndex, type LayoutOption, type QueryManyResult } from '../../packages/simhash-wasm/src/block-index/index.js';
import { startIndexPool, type IndexPool } from '../../packages/simhash-wasm/src/pool/index-pool.js';
import { snapshotIndex } from '../../packages/simhash-wasm/src/pool/index.js';
import { findWorkerScript } from '../../packages/simhash-wasm/src/pool/worker-url.js';
import { fingerprintSets, giantCluster, queriesFor } from './index-pool-data.js';

/** Tiny shares, so that small test sets are still cut into many shares across both workers. */
const TINY = { perThread: 4, minQueries: 16, minPairsPart: 16 };

function plain(result: QueryManyResult) {
  return { offsets: [...result.offsets], ids: [...result.ids], distances: [...result.distances] };
}

/** Two indexes with the same contents: one the pool reads (snapshotted), one never snapshotted (the yardstick). */
function twins(fps: BigUint64Array, k: number, layout: LayoutOption, removeEvery: number) {
  // Several runs, tombstones and a non-empty insert buffer: a bulk load, batches, removals, then single adds.
  const bulk = Math.floor(fps.length / 2), singles = Math.max(bulk, fps.length - 40);
  const make = () => {
    const index = new SimHashIndex({ maxDistance: k, layout });
    index.addMany(fps.subarray(0, bulk));
    for (let at = bulk; at < singles; at += 300) index.addMany(fps.subarray(at, Math.min(singles, at + 300)));
    if (removeEvery > 0) for (let id = 0; id < fps.length; id += removeEvery) index.remove(id);
    for (let at = singles; at < fps.length; at++) index.add(fps[at], at);
    return index;
  };
  return { pooled: make(), yardstick: make() };
}

const layouts = (k: number): LayoutOption[] => [...(k <= 8 ? ['auto', 'pigeonhole', 'scan', { blocks: k + 2 }] as LayoutOption[] : ['auto', 'scan'] as LayoutOption[]), ...(k >= 1 ? [{ substrings: Math.min(k, 4) }] : [])];

describe('createIndexPool', () => {
  let pool: IndexPool;
  beforeAll(async () => {
    pool = await startIndexPool(2, findWorkerScript(import.meta.url, { built: 'pool-worker.js', source: '../../packages/simhash-wasm/src/pool/worker.ts' }), TINY);
  });
  afterAll(() => pool.close());

  it('queryMany equals the index\'s own, for every k, layout and kind of set, also after removals', async () => {
    await fc.assert(fc.asyncProperty(fingerprintSets(600), fc.constantFrom(0, 1, 2, 3, 5, 7, 12, 24, 64), fc.nat(), fc.integer({ min: 0, max: 5 }), fc.nat(), async (fps, k, pick, removeEvery, seed) => {
      const options = layouts(k);
      const { pooled, yardstick } = twins(fps, k, options[pick % options.length], removeEvery);
      const queries = queriesFor(fps, 200, seed);
      const want = plain(yardstick.queryMany(queries));
      expect(plain(await pool.queryMany(pooled, queries))).toEqual(want);
      // A smaller maxDistance than the index's k, and the snapshotted index itself still answering alike.
      const less = seed % (k + 1);
      expect(plain(await pool.queryMany(pooled, queries, less))).toEqual(plain(yardstick.queryMany(queries, less)));
      expect(plain(pooled.queryMany(queries))).toEqual(want);
    }), { numRuns: 60 });
  });

  it('pairs() equals the index\'s own (same pairs, same order), for every k, layout and kind of set', async () => {
    await fc.assert(fc.asyncProperty(fingerprintSets(500), fc.constantFrom(0, 1, 3, 4, 7, 12, 20), fc.nat(), fc.integer({ min: 0, max: 4 }), async (fps, k, pick, removeEvery) => {
      const options = layouts(k);
      const { pooled, yardstick } = twins(fps, k, options[pick % options.length], removeEvery);
      const want = yardstick.pairs();
      const got = await pool.pairs(pooled);
      expect(got.length).toBe(want.length);
      expect([...got.a]).toEqual([...want.a]);
      expect([...got.b]).toEqual([...want.b]);
      expect([...got.distances]).toEqual([...want.distances]);
      if (k > 0) expect([...(await pool.pairs(pooled, k - 1)).b]).toEqual([...yardstick.pairs(k - 1).b]);
    }), { numRuns: 50 });
  });

  it('larger clustered sets, with the default share sizes: many shares, sub-indexed buckets, the scan kernel\'s tiles', async () => {
    const big = await startIndexPool(2, findWorkerScript(import.meta.url, { built: 'pool-worker.js', source: '../../packages/simhash-wasm/src/pool/worker.ts' }));
    try {
      const centres = queriesFor(new BigUint64Array(0), 2000, 3);
      for (const [k, layout, size] of [[3, 'auto', 30_000], [7, 'auto', 30_000], [9, { substrings: 4 }, 30_000], [12, 'scan', 8000]] as const) {
        // Near-duplicates of 2,000 centres (a quarter random), and 5,000 around one centre that overflow buckets.
        const fps = new BigUint64Array([...queriesFor(centres, size, 11), ...giantCluster(5000, k + 1, k + 4, 7)]);
        const { pooled, yardstick } = twins(fps, k, layout, 7);
        if (k === 3) expect(yardstick.stats().subIndexes).toBeGreaterThan(0);
        // The scan layout's pairs through the tiny-share pool: its kernel tiles dealt out over eight parts.
        const use = layout === 'scan' ? pool : big;
        const queries = queriesFor(fps, 30_000, 5);
        expect(plain(await use.queryMany(pooled, queries))).toEqual(plain(yardstick.queryMany(queries)));
        const want = yardstick.pairs(), got = await use.pairs(pooled);
        expect(got.length).toBe(want.length);
        expect(Buffer.from(got.a.buffer).equals(Buffer.from(want.a.buffer))).toBe(true);
        expect(Buffer.from(got.b.buffer).equals(Buffer.from(want.b.buffer))).toBe(true);
        expect(Buffer.from(got.distances).equals(Buffer.from(want.distances))).toBe(true);
      }
    } finally {
      await big.close();
    }
  });

  it('an empty index, an empty batch, and k = 0 on exact duplicates', async () => {
    const empty = new SimHashIndex({ maxDistance: 5 });
    const queries = queriesFor(new BigUint64Array(0), 50, 1);
    expect(plain(await pool.queryMany(empty, queries))).toEqual(plain(empty.queryMany(queries)));
    expect((await pool.pairs(empty)).length).toBe(0);
    const index = new SimHashIndex({ maxDistance: 0 });
    index.addMany(new BigUint64Array([5n, 5n, 5n, 9n]));
    expect(plain(await pool.queryMany(index, new BigUint64Array(0)))).toEqual(plain(index.queryMany(new BigUint64Array(0))));
    expect(plain(await pool.queryMany(index, new BigUint64Array([5n, 9n, 7n])))).toEqual({ offsets: [0, 3, 4, 4], ids: [0, 1, 2, 3], distances: [0, 0, 0, 0] });
    expect([...(await pool.pairs(index)).a]).toEqual([0, 0, 1]);
  });

  it('writes after a snapshot: the snapshot keeps answering for its generation, the index for the new one', async () => {
    const fps = queriesFor(queriesFor(new BigUint64Array(0), 5, 8), 3000, 9);
    const index = new SimHashIndex({ maxDistance: 4 });
    index.addMany(fps);
    const queries = queriesFor(fps, 500, 2);
    const before = plain(index.queryMany(queries));
    const first = snapshotIndex(index);
    expect(snapshotIndex(index)).toBe(first); // no write: the same snapshot
    expect(first.shared).toBe(true);
    expect(first.size).toBe(3000);
    const pending = pool.queryMany(index, queries); // its snapshot is taken now, before the writes below
    for (let id = 0; id < 3000; id += 3) index.remove(id);
    index.addMany(queries.subarray(0, 100));
    index.add(fps[0], 999_999);
    expect(plain(await pending)).toEqual(before);
    expect(plain(await pool.queryMany(first, queries))).toEqual(before);
    const second = snapshotIndex(index);
    expect(second).not.toBe(first);
    expect(plain(await pool.queryMany(index, queries))).toEqual(plain(index.queryMany(queries)));
    expect(plain(await pool.queryMany(second, queries))).toEqual(plain(index.queryMany(queries)));
    // pairs() wants one run: a snapshot with tombstones is refused, a compacted one answers for its generation.
    await expect(pool.pairs(second)).rejects.toThrow(/compacted/);
    const beforePairs = [...(await pool.pairs(first)).a];
    expect(beforePairs.length).toBeGreaterThan(0);
    const compacted = snapshotIndex(index, { compact: true });
    expect([...(await pool.pairs(compacted)).a]).toEqual([...index.pairs().a]);
    expect([...index.pairs().a]).not.toEqual(beforePairs);
    // Many snapshots in turn (the pool keeps a few loaded, drops the rest) still answer right.
    for (let round = 0; round < 6; round++) {
      index.remove(1 + 3 * round);
      const q = queries.subarray(round * 50, round * 50 + 50);
      expect(plain(await pool.queryMany(round % 2 ? first : index, q))).toEqual(round % 2 ? plain({ ...sliceOf(before, round * 50, 50) }) : plain(index.queryMany(q)));
    }
  });

  it('a snapshot after a few writes shares the runs it had already copied, and copies only the new ones', () => {
    const index = new SimHashIndex({ maxDistance: 3 });
    index.addMany(queriesFor(new BigUint64Array(0), 5000, 12));
    const first = snapshotIndex(index);
    expect(first.runs.length).toBe(1);
    index.addMany(queriesFor(new BigUint64Array(0), 300, 13));
    index.add(7n);
    const second = snapshotIndex(index);
    expect(second.runs.length).toBe(2);
    expect(second.runs[0]).toBe(first.runs[0]);
    expect(second.buffer.ids.length).toBe(1);
    expect(second.bytes - first.bytes).toBeLessThan(first.bytes / 4);
    index.remove(0);
    const third = snapshotIndex(index);
    expect(third.runs[0]).not.toBe(first.runs[0]); // its own tombstones
    expect(third.runs[0].set).toBe(first.runs[0].set); // the same tables
  });

  it('refuses bad arguments with errors naming them, and stays usable', async () => {
    const index = new SimHashIndex({ maxDistance: 3 });
    index.addMany(new BigUint64Array([1n, 2n, 3n]));
    await expect(pool.queryMany({} as never, new BigUint64Array(1))).rejects.toThrow(/index must be a SimHashIndex or an IndexSnapshot/);
    await expect(pool.queryMany(index, [1n] as never)).rejects.toThrow(/fingerprints must be a BigUint64Array/);
    await expect(pool.queryMany(index, new BigUint64Array(1), 4)).rejects.toThrow(RangeError);
    await expect(pool.queryMany(index, new BigUint64Array(1), 1.5)).rejects.toThrow(/maxDistance must be an integer from 0 to 3/);
    await expect(pool.pairs(index, -1)).rejects.toThrow(RangeError);
    await expect(pool.pairs(null as never)).rejects.toThrow(TypeError);
    expect(() => snapshotIndex({} as never)).toThrow(/index must be a SimHashIndex/);
    expect(plain(await pool.queryMany(index, new BigUint64Array([0n])))).toEqual(plain(index.queryMany(new BigUint64Array([0n]))));
  });
});

function sliceOf(result: { offsets: number[]; ids: number[]; distances: number[] }, first: number, count: number): QueryManyResult {
  const start = result.offsets[first], end = result.offsets[first + count];
  return {
    offsets: Uint32Array.from(result.offsets.slice(first, first + count + 1), (o) => o - start),
    ids: Uint32Array.from(result.ids.slice(start, end)),
    distances: Uint8Array.from(result.distances.slice(start, end)),
  };
}

describe('a worker that dies', () => {
  it('rejects the call it was working on and every later one, with why; nothing hangs; close() still works', async () => {
    const pool = await startIndexPool(2, findWorkerScript(import.meta.url, { built: 'unused.js', source: './index-pool-dying-worker.ts' }), TINY);
    const index = new SimHashIndex({ maxDistance: 3 });
    const fps = queriesFor(queriesFor(new BigUint64Array(0), 3, 4), 2000, 5);
    index.addMany(fps);
    const queries = queriesFor(fps, 1000, 6);
    expect(plain(await pool.queryMany(index, queries))).toEqual(plain(index.queryMany(queries)));
    await expect(pool.queryMany(index, queries, 1)).rejects.toThrow(/a pool worker stopped \(exit code 9\)/);
    await expect(pool.queryMany(index, queries)).rejects.toThrow(/a pool worker stopped/);
    await expect(pool.pairs(index)).rejects.toThrow(/a pool worker stopped/);
    await pool.close();
    await expect(pool.pairs(index)).rejects.toThrow(/closed/);
  });
});
