// RedisSimHashIndex's payloads on a real Redis Cluster: a value stored beside an id (the command line keeps each
// document's MinHash sketch there for `dedupe --against`), read back as stored, and gone (null, never a stale value)
// once the id is added again with another fingerprint or removed; none stored for an id the index does not hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisSimHashIndex } from '../../packages/redis/src/index.js';
import { startRedisCluster, type RedisCluster } from '../support/redis-cluster.js';
import { HAVE_REDIS } from './redis-test-support.js';

describe.skipIf(!HAVE_REDIS)('payloads beside ids', () => {
  let cluster: RedisCluster;
  let index: RedisSimHashIndex;
  beforeAll(async () => {
    cluster = await startRedisCluster();
    index = await RedisSimHashIndex.open({ nodes: cluster.addresses, name: 'payloads', maxDistance: 3 });
  });
  afterAll(async () => {
    await index?.close();
    await cluster?.stop();
  });

  it('reads back what was stored, per id, null where none is', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => `doc-${i}`);
    await index.addMany(BigUint64Array.from(ids, (_, i) => BigInt(i) * 0x9e3779b97f4a7c15n & 0xffffffffffffffffn), ids);
    const values = ids.map((_, i) => Uint8Array.from({ length: 128 }, (_, b) => (i * 31 + b) & 0xff));
    expect(await index.setPayloads([...ids.slice(0, 40), 'not-added'], [...values.slice(0, 40), values[0]])).toEqual([...Array(40).fill(true), false]);
    const read = await index.payloads(ids);
    read.slice(0, 40).forEach((value, i) => expect(Buffer.from(value!).equals(Buffer.from(values[i]))).toBe(true));
    expect(read.slice(40)).toEqual(Array(10).fill(null));
    expect(await index.payloads(['not-added'])).toEqual([null]);
  });

  it('an id added again, or removed, loses its payload', async () => {
    await index.addMany(BigUint64Array.of(123n), ['doc-1']);
    await index.remove('doc-2');
    const [readded, removed, kept] = await index.payloads(['doc-1', 'doc-2', 'doc-3']);
    expect(readded).toBeNull();
    expect(removed).toBeNull();
    expect(kept).not.toBeNull();
  });

  it('bad arguments: TypeError or RangeError naming them', async () => {
    await expect(index.setPayloads(['a'], ['x' as never])).rejects.toThrow(new TypeError('payloads: expected an array of Uint8Array, got an array'));
    await expect(index.setPayloads(['a', 'b'], [new Uint8Array(1)])).rejects.toThrow(/ids: expected 1 ids/);
    await expect(index.payloads('a' as never)).rejects.toThrow(TypeError);
  });
});
