// Bad weights thrown from inside the WASM call leave the engine usable; memory stays bounded.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSimHash, featureHash, init } from '../../packages/simhash-wasm/src/index.js';
import { wasmMemoryBytes } from '../../packages/simhash-wasm/src/wasm/load.js';
import { oracleFingerprint } from '../support/fingerprint-oracle.js';

beforeAll(() => init());

const TEXT = 'the weight function is called once per feature of this text';

describe('WASM engine errors', () => {
  it.each([1.5, NaN, 2 ** 31, -(2 ** 31) - 1, '3', undefined, 10n])('a weight function returning %s throws RangeError, and the engine stays usable', (bad) => {
    let calls = 0;
    const hasher = createSimHash({ shingle: 2, weights: () => (++calls === 4 ? (bad as number) : 1) });
    const plain = createSimHash({ shingle: 2 });
    expect(() => hasher.fingerprint(TEXT)).toThrow(RangeError);
    expect(plain.fingerprint(TEXT)).toBe(oracleFingerprint(TEXT, 2));
    // the same hasher again (the weight function is fine from now on)
    expect(hasher.fingerprint(TEXT)).toBe(oracleFingerprint(TEXT, 2));
  });

  it('a weight function that throws aborts a batch, a stream is poisoned, others go on', () => {
    let fail = false;
    const hasher = createSimHash({ shingle: 1, weights: () => { if (fail) throw new Error('boom'); return 2; } });
    const plain = createSimHash({ shingle: 3 });
    const other = plain.stream().update('a stream that is ');
    const doomed = hasher.stream().update('first part ');
    fail = true;
    expect(() => hasher.fingerprintMany(['a b', 'c d'])).toThrow('boom');
    expect(() => doomed.update('more words')).toThrow('boom');
    expect(() => doomed.update('again')).toThrow(TypeError);
    expect(() => doomed.digest()).toThrow(TypeError);
    fail = false;
    expect(hasher.fingerprintMany(['a b', 'c d'])).toEqual(BigUint64Array.from([oracleFingerprint('a b', 1), oracleFingerprint('c d', 1)]));
    expect(other.update('not disturbed').digest()).toBe(oracleFingerprint('a stream that is not disturbed', 3));
    expect(hasher.stream().update('fresh ').update('stream').digest()).toBe(oracleFingerprint('fresh stream', 1));
  });

  it('a weight function that calls the engine gets a TypeError, and nothing is corrupted', () => {
    const plain = createSimHash({ shingle: 2 });
    const stream = plain.stream().update('kept across ');
    for (const reenter of [() => plain.fingerprint('inner'), () => featureHash('inner'), () => plain.stream().update('x'), () => plain.features('inner')]) {
      const hasher = createSimHash({ shingle: 2, weights: () => { reenter(); return 1; } });
      expect(() => hasher.fingerprint(TEXT)).toThrow(TypeError);
      expect(() => hasher.fingerprint(TEXT)).toThrow(/weights function must not use/);
    }
    expect(plain.fingerprint(TEXT)).toBe(oracleFingerprint(TEXT, 2));
    expect(stream.update('the interruptions').digest()).toBe(oracleFingerprint('kept across the interruptions', 2));
  });

  it('memory does not grow across many calls of every kind', () => {
    const hasher = createSimHash({ shingle: 3 });
    const table = createSimHash({ shingle: 2, weights: new Map([['a b', 3]]) });
    const doc = 'words and more words '.repeat(2000);
    const warm = () => {
      hasher.fingerprint(doc);
      table.fingerprint(doc);
      hasher.fingerprintMany([doc, doc, 'x']);
      hasher.features(doc);
      hasher.stream().update(doc).update(doc).digest();
    };
    const big = 'z '.repeat(1_500_000); // 3 MB: sliced through the same buffers
    const huge = () => {
      hasher.fingerprint(big);
      hasher.features(big);
      table.stream().update(big).digest();
    };
    warm();
    huge();
    const before = wasmMemoryBytes();
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(8 * 1024 * 1024); // a few fixed buffers, not a copy of the text
    for (let i = 0; i < 300; i++) warm();
    huge();
    expect(wasmMemoryBytes()).toBe(before);
  });
});
