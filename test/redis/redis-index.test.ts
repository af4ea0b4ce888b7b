// RedisSimHashIndex against a real 3-master Redis Cluster (and one plain server): every answer equals brute force.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisSimHashIndex } from '../../packages/redis/src/index.js';
import { startRedisCluster, startRedisServer, type RedisCluster, type RedisServer } from '../support/redis-cluster.js';
import { makeData, makeQueries, type Entry } from '../support/index-oracle.js';
import { XorShift32 } from '../support/random.js';
import { expected, HAVE_REDIS, idOf } from './redis-test-support.js';

const VERSION = 'test-pipeline-1';

describe.skipIf(!HAVE_REDIS)('RedisSimHashIndex on a 3-master cluster', () => {
  let cluster: RedisCluster;
  beforeAll(async () => {
    cluster = await startRedisCluster();
  });
  afterAll(async () => {
    await cluster?.stop();
  });
  const open = (name: string, maxDistance?: number, pipelineVersion = VERSION) =>
    RedisSimHashIndex.open({ nodes: cluster.addresses, name, maxDistance, pipelineVersion });

  it('100,000 clustered fingerprints with planted near-duplicates: query and queryMany equal brute force for k = 0..7, also after removals', async () => {
    const rng = new XorShift32(12);
    const data = makeData(rng, 'clustered', 100_000, 7, 12_000);
    const entries: Entry[] = data.map((fp, id) => ({ id, fp }));
    const index = await open('big', 7);
    try {
      await index.addMany(BigUint64Array.from(data), data.map((_, i) => idOf(i)));
      expect(await index.size()).toBe(100_000);
      const check = async (live: Entry[]) => {
        for (let k = 0; k <= 7; k++) {
          const queries = makeQueries(rng, data, 150, k);
          const answers = await index.queryMany(BigUint64Array.from(queries), k);
          queries.forEach((q, i) => expect(answers[i], `k=${k} query ${i}`).toEqual(expected(live, q, k)));
          expect(await index.query(queries[0], k)).toEqual(expected(live, queries[0], k));
        }
      };
      await check(entries);
      const removed = new Set<number>();
      while (removed.size < 5_000) removed.add(rng.below(data.length));
      const removals = await Promise.all([...removed].map((id) => index.remove(idOf(id))));
      expect(removals.every((r) => r === true)).toBe(true);
      expect(await index.remove(idOf([...removed][0]))).toBe(false);
      expect(await index.size()).toBe(95_000);
      await check(entries.filter((e) => !removed.has(e.id)));
      for (const id of [...removed].slice(0, 50)) expect(await index.query(data[id], 0), 'a removed id').not.toContainEqual({ id: idOf(id), distance: 0 });
    } finally {
      await index.close();
    }
  }, 240_000);

  it('each k from 0 to 6 with its own pigeonhole layout (k + 1 tables) equals brute force', async () => {
    for (let k = 0; k <= 6; k++) {
      const rng = new XorShift32(100 + k);
      const data = makeData(rng, 'clustered', 4_000, k, 600);
      const entries = data.map((fp, id) => ({ id, fp }));
      const index = await open(`k${k}`, k);
      try {
        expect(index.tables).toBe(k + 1);
        await index.addMany(BigUint64Array.from(data), data.map((_, i) => idOf(i)));
        const queries = makeQueries(rng, data, 200, k);
        const answers = await index.queryMany(BigUint64Array.from(queries));
        queries.forEach((q, i) => expect(answers[i], `k=${k} query ${i}`).toEqual(expected(entries, q, k)));
      } finally {
        await index.close();
      }
    }
  }, 120_000);

  it('an id added again takes its new fingerprint: the old one no longer answers, a retried batch adds nothing twice', async () => {
    const index = await open('replace', 3);
    try {
      const a = 0x0123456789abcdefn, b = ~a & 0xffffffffffffffffn;
      await index.addMany(BigUint64Array.of(a, a ^ 1n), ['x', 'y']);
      await index.addMany(BigUint64Array.of(a, a ^ 1n), ['x', 'y']); // a retry: nothing doubles
      expect(await index.size()).toBe(2);
      expect(await index.query(a)).toEqual([{ id: 'x', distance: 0 }, { id: 'y', distance: 1 }]);
      await index.addMany(BigUint64Array.of(b), ['x']);
      expect(await index.query(a)).toEqual([{ id: 'y', distance: 1 }]);
      expect(await index.query(b)).toEqual([{ id: 'x', distance: 0 }]);
      expect(await index.size()).toBe(2);
    } finally {
      await index.close();
    }
  });

  it('refuses another k or pipeline version, naming both; opens with k left out', async () => {
    const first = await open('meta', 3);
    await first.close();
    await expect(open('meta', 4)).rejects.toThrow(/maxDistance: index 'meta' on Redis was created with maxDistance 3; opened with 4/);
    await expect(open('meta', 3, 'other-pipeline')).rejects.toThrow(/pipelineVersion: .*test-pipeline-1; opened with other-pipeline/);
    const again = await open('meta');
    expect(again.maxDistance).toBe(3);
    await again.close();
  });

  it('removeMany: true for each id that was there; its fingerprints no longer answer; opened with any pipeline version, never created', async () => {
    const index = await open('takedown', 3);
    const rng = new XorShift32(7);
    const data = makeData(rng, 'clustered', 3_000, 3, 300);
    const entries = data.map((fp, id) => ({ id, fp }));
    try {
      await index.addMany(BigUint64Array.from(data), data.map((_, i) => idOf(i)));
    } finally {
      await index.close();
    }
    // Removing compares no fingerprints: it opens the index whatever pipeline made it, and creates none.
    const remover = await RedisSimHashIndex.open({ nodes: cluster.addresses, name: 'takedown', pipelineVersion: 'another-pipeline', acceptAnyPipelineVersion: true, create: false, batchSize: 100 });
    const gone = new Set<number>();
    while (gone.size < 250) gone.add(rng.below(data.length));
    try {
      const asked = [...[...gone].map(idOf), 'never-added'];
      expect(await remover.removeMany(asked)).toEqual([...asked.slice(0, -1).map(() => true), false]);
      expect(await remover.removeMany([idOf([...gone][0])])).toEqual([false]);
      expect(await remover.size()).toBe(data.length - gone.size);
      await expect(remover.removeMany(['a', 'a'])).rejects.toThrow(/"a" appears twice/);
      await expect(remover.removeMany('a' as never)).rejects.toThrow(TypeError);
    } finally {
      await remover.close();
    }
    const reader = await open('takedown');
    try {
      const live = entries.filter((e) => !gone.has(e.id));
      const queries = makeQueries(rng, data, 200, 3);
      const answers = await reader.queryMany(BigUint64Array.from(queries));
      queries.forEach((q, i) => expect(answers[i], `query ${i}`).toEqual(expected(live, q, 3)));
    } finally {
      await reader.close();
    }
    await expect(RedisSimHashIndex.open({ nodes: cluster.addresses, name: 'no-such-index', create: false })).rejects.toThrow(/^name: there is no index 'no-such-index' on Redis$/);
    await expect(RedisSimHashIndex.open({ nodes: cluster.addresses, name: 'no-such-index', create: 'no' as never })).rejects.toThrow(/create: expected true or false/);
    expect(await RedisSimHashIndex.drop({ nodes: cluster.addresses, name: 'no-such-index' })).toBe(false); // none was made
  });

  it('drop removes every key of the index; the name can be created again, empty', async () => {
    const index = await open('dropme', 2);
    await index.addMany(BigUint64Array.of(1n, 2n, 3n), ['a', 'b', 'c']);
    await index.close();
    expect(await RedisSimHashIndex.drop({ nodes: cluster.addresses, name: 'dropme' })).toBe(true);
    expect(await RedisSimHashIndex.drop({ nodes: cluster.addresses, name: 'dropme' })).toBe(false);
    const left = cluster.nodes.flatMap((n) => cluster.cli(n, '--scan', '--pattern', 'dropme:*').split('\n').filter(Boolean));
    expect(left).toEqual([]);
    const fresh = await open('dropme', 5);
    expect(await fresh.size()).toBe(0);
    expect(await fresh.query(1n)).toEqual([]);
    await fresh.close();
  });

  it('bad arguments: TypeError or RangeError naming the argument; the index stays usable', async () => {
    await expect(RedisSimHashIndex.open({ nodes: cluster.addresses, name: 'bad name' })).rejects.toThrow(TypeError);
    await expect(RedisSimHashIndex.open({ nodes: ['nohostport'], name: 'x' })).rejects.toThrow(/nodes: expected 'host:port'/);
    await expect(RedisSimHashIndex.open({ nodes: cluster.addresses, name: 'x', maxDistance: 70 })).rejects.toThrow(RangeError);
    const index = await open('args', 3);
    try {
      await expect(index.addMany([1n] as unknown as BigUint64Array, ['a'])).rejects.toThrow(/fingerprints must be a BigUint64Array/);
      await expect(index.addMany(BigUint64Array.of(1n, 2n), ['a'])).rejects.toThrow(/ids: expected 2 ids/);
      await expect(index.addMany(BigUint64Array.of(1n, 2n), ['a', 'a'])).rejects.toThrow(/"a" appears twice/);
      await expect(index.query(1n, 4)).rejects.toThrow(/maxDistance must be an integer from 0 to 3/);
      await expect(index.query(-1n)).rejects.toThrow(RangeError);
      await index.addMany(BigUint64Array.of(7n), ['ok']);
      expect(await index.query(7n)).toEqual([{ id: 'ok', distance: 0 }]);
    } finally {
      await index.close();
    }
    await expect(index.query(7n)).rejects.toThrow(/closed/);
  });

  it('cannot reach Redis: a clear error, quickly, and no "Unhandled error event" noise', async () => {
    const started = Date.now();
    await expect(RedisSimHashIndex.open({ nodes: ['127.0.0.1:1'], name: 'x' })).rejects.toThrow(/cannot connect to Redis at 127.0.0.1:1/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe.skipIf(!HAVE_REDIS)('RedisSimHashIndex on a Redis server that requires a password', () => {
  let server: RedisServer;
  beforeAll(async () => {
    server = await startRedisServer({ password: 's3cret' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('works with the password passed through, and says why it cannot without it', async () => {
    const index = await RedisSimHashIndex.open({ nodes: [server.address], name: 'auth', password: 's3cret', pipelineVersion: VERSION });
    await index.addMany(BigUint64Array.of(5n), ['five']);
    expect(await index.query(4n, 2)).toEqual([{ id: 'five', distance: 1 }]);
    await index.close();
    await expect(RedisSimHashIndex.open({ nodes: [server.address], name: 'auth', pipelineVersion: VERSION })).rejects.toThrow(/NOAUTH|Authentication required/);
    await expect(RedisSimHashIndex.open({ nodes: [server.address], name: 'auth', password: 'wrong', pipelineVersion: VERSION })).rejects.toThrow(/WRONGPASS|invalid password/);
  });
});

describe.skipIf(!HAVE_REDIS)('RedisSimHashIndex on one plain Redis server', () => {
  let server: RedisServer;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('equals brute force, and drop empties the server', async () => {
    const rng = new XorShift32(5);
    const data = makeData(rng, 'clustered', 5_000, 3, 800);
    const entries = data.map((fp, id) => ({ id, fp }));
    const index = await RedisSimHashIndex.open({ nodes: [server.address], name: 'single', maxDistance: 3, pipelineVersion: VERSION });
    await index.addMany(BigUint64Array.from(data), data.map((_, i) => idOf(i)));
    const queries = makeQueries(rng, data, 300, 3);
    const answers = await index.queryMany(BigUint64Array.from(queries));
    queries.forEach((q, i) => expect(answers[i]).toEqual(expected(entries, q, 3)));
    expect(await index.size()).toBe(5_000);
    await index.close();
    expect(await RedisSimHashIndex.drop({ nodes: [server.address], name: 'single' })).toBe(true);
  });
});
