// The serialized index: round trips, and every foreign, truncated or altered buffer refused with a clear error.
import { describe, expect, it } from 'vitest';
import { PIPELINE_VERSION } from '../../packages/simhash-wasm/src/core/options.js';
import { SimHashIndex } from '../../packages/simhash-wasm/src/block-index/simhash-index.js';
import { makeData } from '../support/index-oracle.js';
import { XorShift32 } from '../support/random.js';

function sample(options: ConstructorParameters<typeof SimHashIndex>[0] = { maxDistance: 3 }, n = 40): SimHashIndex {
  const rng = new XorShift32(7);
  const index = new SimHashIndex(options);
  const data = makeData(rng, 'clustered', n, options?.maxDistance ?? 3);
  data.forEach((fp, i) => index.add(fp, i % 2 === 0 ? 10 * i : undefined));
  index.remove(10 * 4);
  return index;
}

describe('SimHashIndex serialize / deserialize', () => {
  it('keeps k, layout, pipeline version, ids, fingerprints and the next automatic id', () => {
    const index = sample({ maxDistance: 5, layout: { blocks: 7 }, pipelineVersion: `${PIPELINE_VERSION};w=2;weights=tf` });
    const copy = SimHashIndex.deserialize(index.serialize(), { pipelineVersion: `${PIPELINE_VERSION};w=2;weights=tf` });
    expect(copy.maxDistance).toBe(5);
    expect(copy.layout).toEqual(index.layout);
    expect(copy.layout.blocks).toBe(7);
    expect(copy.pipelineVersion).toBe(`${PIPELINE_VERSION};w=2;weights=tf`);
    expect(copy.size).toBe(index.size);
    expect(copy.has(40)).toBe(false);
    for (let id = 0; id < 400; id++) expect(copy.get(id)).toBe(index.get(id));
    expect(copy.add(0n)).toBe(index.add(0n));
  });

  it('round-trips an empty index', () => {
    const copy = SimHashIndex.deserialize(new SimHashIndex({ maxDistance: 0 }).serialize());
    expect(copy.size).toBe(0);
    expect(copy.maxDistance).toBe(0);
    expect(copy.query(5n)).toEqual([]);
  });

  it('reads a buffer at any byte offset (an unaligned view)', () => {
    const bytes = sample().serialize();
    const padded = new Uint8Array(bytes.length + 3);
    padded.set(bytes, 1);
    const copy = SimHashIndex.deserialize(padded.subarray(1, 1 + bytes.length));
    expect(copy.size).toBe(sample().size);
  });

  it('reads an unaligned Node Buffer (whose slice() is a view, not a copy)', () => {
    const bytes = sample().serialize();
    const padded = Buffer.alloc(bytes.length + 3);
    padded.set(bytes, 1);
    const copy = SimHashIndex.deserialize(padded.subarray(1, 1 + bytes.length));
    expect(copy.size).toBe(sample().size);
  });

  it('refuses every truncation', () => {
    const bytes = sample().serialize();
    for (let length = 0; length < bytes.length; length++) {
      expect(() => SimHashIndex.deserialize(bytes.slice(0, length)), `length ${length}`).toThrow(RangeError);
    }
    expect(() => SimHashIndex.deserialize(bytes.slice(0, bytes.length - 1))).toThrow(/truncated/);
  });

  it('refuses every single-byte alteration', () => {
    const bytes = sample().serialize();
    for (let at = 0; at < bytes.length; at++) {
      for (const xor of [0x01, 0x80, 0xff]) {
        const altered = bytes.slice();
        altered[at] ^= xor;
        expect(() => SimHashIndex.deserialize(altered), `byte ${at} ^ ${xor}`).toThrow(RangeError);
      }
    }
  });

  it('refuses trailing bytes, foreign buffers, and says which', () => {
    const bytes = sample().serialize();
    const longer = new Uint8Array(bytes.length + 4);
    longer.set(bytes);
    expect(() => SimHashIndex.deserialize(longer)).toThrow(/beyond/);
    expect(() => SimHashIndex.deserialize(new TextEncoder().encode('{"not":"an index"}'))).toThrow(/magic/);
    expect(() => SimHashIndex.deserialize(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toThrow(/magic/);
    expect(() => SimHashIndex.deserialize(new Uint8Array(0))).toThrow(/truncated/);
    const future = bytes.slice();
    future[8] = 2;
    expect(() => SimHashIndex.deserialize(future)).toThrow(/format version 2/);
    const altered = bytes.slice();
    altered[altered.length - 20] ^= 4;
    expect(() => SimHashIndex.deserialize(altered)).toThrow(/checksum/);
  });

  it('refuses another pipeline version unless told otherwise', () => {
    const other = sample({ maxDistance: 3, pipelineVersion: 'simhash-v2+unicode18.0.0' }).serialize();
    expect(() => SimHashIndex.deserialize(other)).toThrow(/pipeline version "simhash-v2\+unicode18\.0\.0"/);
    expect(SimHashIndex.deserialize(other, { pipelineVersion: 'simhash-v2+unicode18.0.0' }).size).toBeGreaterThan(0);
    expect(SimHashIndex.deserialize(other, { acceptAnyPipelineVersion: true }).pipelineVersion).toBe('simhash-v2+unicode18.0.0');
    // The default hasher's version (this pipeline, w = 3, tf weights) passes the default check ...
    const ours = sample({ maxDistance: 3, pipelineVersion: `${PIPELINE_VERSION};w=3;weights=tf` }).serialize();
    expect(SimHashIndex.deserialize(ours).size).toBeGreaterThan(0);
    // ... and an explicit expectation must match exactly.
    expect(() => SimHashIndex.deserialize(ours, { pipelineVersion: `${PIPELINE_VERSION};w=2;weights=tf` })).toThrow(RangeError);
  });

  it('names the argument on bad input', () => {
    expect(() => SimHashIndex.deserialize([1, 2, 3] as unknown as Uint8Array)).toThrow(/bytes must be a Uint8Array/);
    expect(() => SimHashIndex.deserialize(sample().serialize(), { pipelineVersion: 7 as unknown as string })).toThrow(TypeError);
  });
});
