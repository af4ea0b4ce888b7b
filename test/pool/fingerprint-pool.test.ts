// simhash-wasm/pool: fingerprintMany on worker threads gives exactly the single-thread fingerprints, in order.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as wasm from '../../packages/simhash-wasm/src/index.js';
import * as pure from '../../packages/simhash-wasm/src/pure/index.js';
import { chunks } from '../../packages/simhash-wasm/src/pool/fingerprint-pool.js';
import { createFingerprintPool, type FingerprintPool } from '../../packages/simhash-wasm/src/pool/index.js';

const texts = fc.array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.string({ maxLength: 300 }), fc.uint8Array({ maxLength: 300 })), { maxLength: 200 });

describe('createFingerprintPool', () => {
  let pool: FingerprintPool;
  beforeAll(async () => {
    await wasm.init();
    pool = await createFingerprintPool({ threads: 2, shingle: 2 });
  });
  afterAll(() => pool.close());

  it('equals createSimHash().fingerprintMany on arbitrary batches (strings, lone surrogates, bytes)', async () => {
    const hasher = wasm.createSimHash({ shingle: 2 });
    await fc.assert(fc.asyncProperty(texts, async (batch) => {
      expect(await pool.fingerprintMany(batch)).toEqual(hasher.fingerprintMany(batch));
    }), { numRuns: 30 });
    expect(pool.version).toBe(hasher.version);
    expect(pool.threads).toBe(2);
  });

  it('splits a large batch across workers and puts it back in order', async () => {
    const many = Array.from({ length: 3000 }, (_, i) => `document ${i} ${'word '.repeat(i % 97)} end ${i * 7}`);
    expect(await pool.fingerprintMany(many)).toEqual(wasm.createSimHash({ shingle: 2 }).fingerprintMany(many));
    expect(await pool.fingerprintMany(new Set(many.slice(0, 5)))).toEqual(wasm.createSimHash({ shingle: 2 }).fingerprintMany(many.slice(0, 5)));
    expect(await pool.fingerprintMany([])).toEqual(new BigUint64Array(0));
  });

  it('rejects bad texts with a TypeError naming the element, and stays usable', async () => {
    await expect(pool.fingerprintMany(['ok', 7 as never])).rejects.toThrow(/texts\[1\] must be a string or a Uint8Array/);
    await expect(pool.fingerprintMany('abc' as never)).rejects.toThrow(TypeError);
    expect((await pool.fingerprintMany(['still works']))[0]).toBe(wasm.createSimHash({ shingle: 2 }).fingerprint('still works'));
  });
});

describe('pool options', () => {
  it('pure engine with a weights Map equals the pure hasher', async () => {
    const weights = new Map<string, number>([['the', 0], ['quick brown', 5]]);
    const pool = await createFingerprintPool({ threads: 1, engine: 'pure', shingle: 2, weights, defaultWeight: 2 });
    try {
      const batch = ['the quick brown fox', 'The quick brown dog jumps', 'nothing here'];
      expect(await pool.fingerprintMany(batch)).toEqual(pure.createSimHash({ shingle: 2, weights, defaultWeight: 2 }).fingerprintMany(batch));
    } finally {
      await pool.close();
    }
    await expect(pool.fingerprintMany(['after close'])).rejects.toThrow(/closed/);
  });

  it('refuses bad options before starting any worker', async () => {
    await expect(createFingerprintPool({ threads: 0 })).rejects.toThrow(RangeError);
    await expect(createFingerprintPool({ threads: 1.5 })).rejects.toThrow(/options.threads must be an integer/);
    await expect(createFingerprintPool({ engine: 'gpu' as never })).rejects.toThrow(/options.engine/);
    await expect(createFingerprintPool({ weights: (() => 1) as never })).rejects.toThrow(/weight function cannot be sent/);
    await expect(createFingerprintPool({ shingle: 0 })).rejects.toThrow(RangeError);
  });

  it('chunks cover the batch in order, each at least one text', () => {
    const list = Array.from({ length: 1000 }, (_, i) => 'x'.repeat(i % 300));
    const ranges = chunks(list, 2);
    expect(ranges[0][0]).toBe(0);
    expect(ranges[ranges.length - 1][1]).toBe(list.length);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i][0]).toBe(ranges[i - 1][1]);
    for (const [a, b] of ranges) expect(b).toBeGreaterThan(a);
  });
});
