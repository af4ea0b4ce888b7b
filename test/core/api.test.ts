// The public API's promises beyond the golden values: helpers, versions, idf, and bad input.
import { beforeAll, describe, expect, it } from 'vitest';
import { entries, initAll } from '../support/engines.js';

beforeAll(initAll);

describe.each(entries)('%s entry', (name, entry) => {
  it('hamming, similarity, toHex, fromHex', () => {
    expect(entry.hamming(0n, (1n << 64n) - 1n)).toBe(64);
    expect(entry.hamming(0b1011n, 0b0110n)).toBe(3);
    expect(entry.hamming(1n << 63n, 0n)).toBe(1);
    expect(entry.similarity(5n, 5n)).toBe(1);
    expect(entry.toHex(0xabn)).toBe('00000000000000ab');
    expect(entry.fromHex('00000000000000ab')).toBe(0xabn);
    expect(entry.fromHex('ffffffffffffffff')).toBe((1n << 64n) - 1n);
    expect(() => entry.fromHex('1'.repeat(17))).toThrow(RangeError);
    expect(() => entry.fromHex('xyz')).toThrow(RangeError);
    expect(() => entry.hamming(-1n, 0n)).toThrow(RangeError);
    expect(() => entry.hamming(1 as unknown as bigint, 0n)).toThrow(TypeError);
    expect(() => entry.toHex(1n << 64n)).toThrow(RangeError);
  });

  it('reports its engine and a pipeline version that tells hashers apart', () => {
    const a = entry.createSimHash();
    expect(a.engine).toBe(name);
    expect(a.shingle).toBe(3);
    expect(a.version.startsWith(entry.PIPELINE_VERSION)).toBe(true);
    expect(entry.createSimHash({ shingle: 2 }).version).not.toBe(a.version);
    const w1 = entry.createSimHash({ weights: new Map([['x', 2]]) }).version;
    const w2 = entry.createSimHash({ weights: new Map([['x', 3]]) }).version;
    expect(w1).not.toBe(w2);
    expect(entry.createSimHash({ weights: new Map([['X', 2]]) }).version).toBe(w1);
  });

  it('near-duplicates are near and unrelated texts are far', () => {
    const sh = entry.createSimHash();
    const base = 'the committee met on tuesday to discuss the budget for the coming year and agreed to raise spending on roads schools and parks while cutting administrative costs by ten percent over three years';
    const edited = base.replace('tuesday', 'wednesday');
    const other = 'a completely different text about cooking pasta with garlic olive oil chili flakes and parsley served with grated cheese and a glass of red wine on a cold winter evening at home';
    expect(entry.hamming(sh.fingerprint(base), sh.fingerprint(edited))).toBeLessThanOrEqual(12);
    expect(entry.hamming(sh.fingerprint(base), sh.fingerprint(other))).toBeGreaterThanOrEqual(16);
  });

  it('features() lists every shingle hash in order, repeats included', () => {
    const sh = entry.createSimHash({ shingle: 2 });
    expect(Array.from(sh.features('A b a B'))).toEqual(['a b', 'b a', 'a b'].map((s) => entry.featureHash(s)));
    expect(Array.from(entry.createSimHash({ shingle: 5 }).features('x Y'))).toEqual([entry.featureHash('x y')]);
    expect(sh.features('!!').length).toBe(0);
  });

  it('idf weights: stopwords near zero, rare shingles heavy, and usable as weights', () => {
    const corpus = Array.from({ length: 50 }, (_, i) => `the report number ${i} of the year says item${i % 7} and the rest`);
    const idf = entry.createIdfWeights(corpus, { shingle: 1 });
    expect(idf.documents).toBe(50);
    expect(idf.weights.get(entry.featureHash('the'))).toBe(0);
    const rare = idf.weights.get(entry.featureHash('item3'))!;
    expect(rare).toBeGreaterThan(10);
    expect(idf.defaultWeight).toBeGreaterThanOrEqual(rare);
    const sh = entry.createSimHash({ shingle: 1, ...idf });
    expect(sh.fingerprint('the the the')).toBe(0n);
    expect(typeof sh.fingerprint(corpus[0])).toBe('bigint');
  });

  it('rejects bad input with TypeError/RangeError naming it, and stays usable', () => {
    const sh = entry.createSimHash();
    const good = sh.fingerprint('still works after errors');
    expect(() => sh.fingerprint(42 as unknown as string)).toThrow(/text must be a string or a Uint8Array/);
    expect(() => sh.fingerprint(null as unknown as string)).toThrow(TypeError);
    expect(() => sh.fingerprint([1, 2] as unknown as string)).toThrow(TypeError);
    expect(() => sh.fingerprintMany(['ok', 5 as unknown as string])).toThrow(/texts\[1\]/);
    expect(() => sh.fingerprintMany('abc' as unknown as string[])).toThrow(TypeError);
    expect(() => entry.createSimHash({ shingle: 0 })).toThrow(RangeError);
    expect(() => entry.createSimHash({ shingle: 2.5 })).toThrow(/options.shingle/);
    expect(() => entry.createSimHash({ shingle: '3' as unknown as number })).toThrow(TypeError);
    expect(() => entry.createSimHash({ shingle: 1e9 })).toThrow(RangeError);
    expect(() => entry.createSimHash({ weights: new Map([['a', 1.5]]) })).toThrow(/int32/);
    expect(() => entry.createSimHash({ weights: new Map([['a', 2 ** 31]]) })).toThrow(RangeError);
    expect(() => entry.createSimHash({ weights: new Map([['!!', 1]]) })).toThrow(RangeError);
    expect(() => entry.createSimHash({ weights: new Map([[-1n, 1]]) })).toThrow(RangeError);
    expect(() => entry.createSimHash({ weights: new Map([[3 as unknown as string, 1]]) })).toThrow(TypeError);
    expect(() => entry.createSimHash({ weights: {} as unknown as Map<string, number> })).toThrow(TypeError);
    expect(() => entry.createSimHash({ defaultWeight: 2 })).toThrow(TypeError);
    const bad = entry.createSimHash({ shingle: 1, weights: () => 0.5 });
    expect(() => bad.fingerprint('a b c')).toThrow(/int32/);
    expect(() => bad.fingerprint('a b c')).toThrow(RangeError);
    const stream = sh.stream();
    stream.update('abc');
    expect(() => stream.update(7 as unknown as string)).toThrow(TypeError);
    expect(stream.update(' def').digest()).toBe(sh.fingerprint('abc def'));
    expect(() => stream.update('more')).toThrow(/after digest/);
    expect(sh.fingerprint('still works after errors')).toBe(good);
    expect(() => entry.featureHash(1 as unknown as string)).toThrow(TypeError);
  });

  it('a stream whose weight function threw is refused, and the hasher works on', () => {
    let calls = 0;
    const sh = entry.createSimHash({ shingle: 1, weights: () => (++calls === 2 ? NaN : 1) });
    const stream = sh.stream();
    // An engine may weigh features as they come or in batches, so the error may surface at digest.
    expect(() => stream.update('one two three ').update('four').digest()).toThrow(RangeError);
    expect(() => stream.update('five')).toThrow(/earlier call threw/);
    expect(() => stream.digest()).toThrow(/earlier call threw/);
    expect(sh.fingerprint('one')).toBe(entry.createSimHash({ shingle: 1 }).fingerprint('one'));
  });
});
