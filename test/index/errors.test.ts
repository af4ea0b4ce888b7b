// Bad input: a TypeError or RangeError naming the argument, and the index unchanged and usable afterwards.
import { describe, expect, it } from 'vitest';
import { SimHashIndex } from '../../packages/simhash-wasm/src/block-index/simhash-index.js';
import type { LayoutOption } from '../../packages/simhash-wasm/src/block-index/types.js';
import { entries } from '../support/engines.js';

function filled(): SimHashIndex {
  const index = new SimHashIndex({ maxDistance: 3 });
  index.addMany(BigUint64Array.from([1n, 3n, 0xffffffffffffffffn, 0xf000000000000000n]));
  return index;
}

/** The index still answers as before. */
function expectIntact(index: SimHashIndex): void {
  expect(index.size).toBe(4);
  expect(index.query(1n)).toEqual([{ id: 0, distance: 0 }, { id: 1, distance: 1 }]);
  expect(index.pairs().length).toBe(1);
}

describe('SimHashIndex argument checks', () => {
  it('constructor options', () => {
    expect(() => new SimHashIndex({ maxDistance: -1 })).toThrow(RangeError);
    expect(() => new SimHashIndex({ maxDistance: 65 })).toThrow(/options\.maxDistance must be an integer from 0 to 64, got 65/);
    expect(() => new SimHashIndex({ maxDistance: 1.5 })).toThrow(TypeError);
    expect(() => new SimHashIndex({ maxDistance: '3' as unknown as number })).toThrow(/options\.maxDistance/);
    expect(() => new SimHashIndex(null as unknown as object)).toThrow(/options must be an object/);
    expect(() => new SimHashIndex({ layout: 'fast' as LayoutOption })).toThrow(/options\.layout/);
    expect(() => new SimHashIndex({ maxDistance: 3, layout: { blocks: 3 } })).toThrow(/options\.layout\.blocks must be from maxDistance \+ 1 = 4 to 64, got 3/);
    expect(() => new SimHashIndex({ maxDistance: 3, layout: { blocks: 65 } })).toThrow(RangeError);
    expect(() => new SimHashIndex({ maxDistance: 7, layout: { blocks: 14 } })).toThrow(/C\(14, 7\) = 3432 tables/);
    expect(() => new SimHashIndex({ layout: { blocks: '5' as unknown as number } })).toThrow(TypeError);
    expect(() => new SimHashIndex({ maxDistance: 64, layout: 'pigeonhole' })).toThrow(/pigeonhole/);
    expect(() => new SimHashIndex({ pipelineVersion: '' })).toThrow(/pipelineVersion/);
    expect(() => new SimHashIndex({ expectedSize: -1 })).toThrow(/options\.expectedSize/);
    expect(new SimHashIndex().maxDistance).toBe(3);
    expect(new SimHashIndex({ maxDistance: 64 }).query(0n)).toEqual([]);
  });

  it('add: fingerprint and id', () => {
    const index = filled();
    expect(() => index.add(5 as unknown as bigint)).toThrow(/fingerprint must be a bigint fingerprint, got number 5/);
    expect(() => index.add(-1n)).toThrow(RangeError);
    expect(() => index.add(1n << 64n)).toThrow(/fingerprint must be an unsigned 64-bit bigint/);
    expect(() => index.add(1n, -1)).toThrow(/id must be an integer id from 0 to 4294967295, got -1/);
    expect(() => index.add(1n, 2 ** 32)).toThrow(RangeError);
    expect(() => index.add(1n, 1.5)).toThrow(TypeError);
    expect(() => index.add(1n, '7' as unknown as number)).toThrow(TypeError);
    expect(() => index.add(1n, 2)).toThrow(/id 2 is already in the index/);
    expectIntact(index);
  });

  it('addMany: fingerprints and ids; nothing is added on error', () => {
    const index = filled();
    expect(() => index.addMany([1n, 2n] as unknown as BigUint64Array)).toThrow(/fingerprints must be a BigUint64Array/);
    expect(() => index.addMany(new BigUint64Array(2), [10])).toThrow(/ids must have one id per fingerprint \(2\), got 1/);
    expect(() => index.addMany(new BigUint64Array(2), [10, 10])).toThrow(/ids must be distinct: 10 appears twice/);
    expect(() => index.addMany(new BigUint64Array(3), [10, 11, 3])).toThrow(/id 3 is already in the index/);
    expect(() => index.addMany(new BigUint64Array(3), Uint32Array.from([10, 0, 11]))).toThrow(/id 0 is already/);
    expect(() => index.addMany(new BigUint64Array(2), [10, -4])).toThrow(/ids\[1\] must be an integer id/);
    expect(() => index.addMany(new BigUint64Array(1), 'x' as unknown as number[])).toThrow(/ids must be a Uint32Array or an array/);
    expectIntact(index);
  });

  it('queries, remove, clusters', () => {
    const index = filled();
    expect(() => index.query(1n, 4)).toThrow(/maxDistance must be an integer from 0 to 3, got 4/);
    expect(() => index.query('1' as unknown as bigint)).toThrow(/fingerprint must be a bigint/);
    expect(() => index.nearest(1n, -1)).toThrow(RangeError);
    expect(() => index.queryMany([1n] as unknown as BigUint64Array)).toThrow(/fingerprints must be a BigUint64Array/);
    expect(() => index.pairs(9)).toThrow(/maxDistance/);
    expect(() => index.clusters({ minSize: 0 })).toThrow(/options\.minSize/);
    expect(() => index.clusters({ maxDistance: 4 })).toThrow(/options\.maxDistance/);
    expect(() => index.remove(-2)).toThrow(/id must be an integer id/);
    expect(() => index.has(0.5)).toThrow(TypeError);
    expect(index.remove(99)).toBe(false);
    expectIntact(index);
  });

  it('automatic ids run out at 2^32 - 1, and say so', () => {
    const index = new SimHashIndex();
    expect(index.add(7n, 0xffffffff)).toBe(0xffffffff);
    expect(() => index.add(8n)).toThrow(/no ids left/);
    expect(() => index.addMany(new BigUint64Array(1))).toThrow(/no ids left/);
    expect(index.add(8n, 0)).toBe(0);
    expect(index.size).toBe(2);
  });
});

describe('SimHashIndex small behaviours', () => {
  it('query sorts by distance then id; nearest picks the smallest id on a tie; exact duplicates all reported', () => {
    const index = new SimHashIndex({ maxDistance: 2 });
    index.add(0b111n, 5);
    index.add(0b100n, 3);
    index.add(0b110n, 9);
    index.add(0b110n, 1);
    expect(index.query(0b110n)).toEqual([
      { id: 1, distance: 0 },
      { id: 9, distance: 0 },
      { id: 3, distance: 1 },
      { id: 5, distance: 1 },
    ]);
    expect(index.nearest(0b110n)).toEqual({ id: 1, distance: 0 });
    expect(index.nearest(0xffff0000n)).toBeNull();
    const p = index.pairs();
    expect(Array.from({ length: p.length }, (_, i) => [p.a[i], p.b[i], p.distances[i]])).toEqual([
      [1, 3, 1], [1, 5, 1], [1, 9, 0], [3, 5, 2], [3, 9, 1], [5, 9, 1],
    ]);
    expect(index.pairs(0).length).toBe(1);
    expect(index.clusters()).toEqual([[1, 3, 5, 9]]);
    expect(index.clusters({ maxDistance: 0 })).toEqual([[1, 9]]);
    expect(index.clusters({ maxDistance: 0, minSize: 1 })).toEqual([[1, 9], [3], [5]]);
  });

  it('re-adding a removed id is allowed', () => {
    const index = new SimHashIndex();
    index.add(1n, 4);
    expect(index.remove(4)).toBe(true);
    expect(index.add(2n, 4)).toBe(4);
    expect(index.get(4)).toBe(2n);
    expect(index.query(1n)).toEqual([{ id: 4, distance: 2 }]);
  });
});

describe('SimHashIndex in the package entries', () => {
  it.each(entries)('%s exports the same class (no engine needed: it works on fingerprints)', (_name, entry) => {
    expect(entry.SimHashIndex).toBe(SimHashIndex);
    const index = new entry.SimHashIndex({ maxDistance: 1 });
    index.add(0b10n);
    expect(index.query(0b11n)).toEqual([{ id: 0, distance: 1 }]);
  });
});
