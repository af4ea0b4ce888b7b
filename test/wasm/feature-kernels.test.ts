// The feature kernels (assembly/features/, src/wasm/feature-kernels.ts): the engine's pass in the kernels' own module
// gives the engine's bits; the corpus's content digest keeps the bits it had in JavaScript (shard files of format 2
// hold them), the sketch keeps each bin's smallest low half, and both read the features wherever they come from: the
// kernels' own pass, their sink filled by the engine, an array the engine grew out of it, or any other array.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFeatureTools } from '../../packages/simhash-wasm/src/core/simhash.js';
import { createSimHash } from '../../packages/simhash-wasm/src/index.js';
import { initSync, loadedEngine } from '../../packages/simhash-wasm/src/wasm/load.js';
import { createFeatureKernels, DIGEST_BYTES, MAX_SKETCH_BINS, TEXT_FEATURES_MAX_BYTES } from '../../packages/simhash-wasm/src/wasm/feature-kernels.js';
import { XorShift32 } from '../support/random.js';

/** Features from 32-bit words (low half first), as the digest reads them. */
function featuresOfWords(words: readonly number[]): BigUint64Array {
  return BigUint64Array.from({ length: words.length / 2 }, (_, i) => BigInt(words[2 * i]) | BigInt(words[2 * i + 1]) << 32n);
}

/** The first n words of xorshift32 from 0x9e3779b9. */
function xorshiftWords(n: number): number[] {
  const random = new XorShift32(0x9e3779b9);
  return Array.from({ length: n }, () => random.u32());
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** Each bin's smallest low half, written out plainly. */
function sketchByHand(features: BigUint64Array, bins: number): Uint32Array {
  const out = new Uint32Array(bins).fill(0xffffffff);
  const shift = 32 - Math.log2(bins);
  for (const f of features) {
    const x = Number(f & 0xffffffffn);
    out[x >>> shift] = Math.min(out[x >>> shift], x);
  }
  return out;
}

function randomFeatures(random: XorShift32, n: number): BigUint64Array {
  return BigUint64Array.from({ length: n }, () => random.fp());
}

describe("the engine's pass in the kernels (textFeatures)", () => {
  const text = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 300 }),
    fc.string({ unit: 'binary', maxLength: 200 }), // lone surrogates too: U+FFFD, as the engine reads them
    fc.array(fc.constantFrom('the', 'Cat', 'ΣΑΣ', 'σας', '東京都', 'İi', '42', 'ß', ' ', ', ', '\n', '😀'), { maxLength: 400 }).map((w) => w.join(' ')),
  );
  const settings = fc.record({ shingle: fc.integer({ min: 1, max: 6 }), tokens: fc.constantFrom('words' as const, 'cjk-chars' as const) });

  it("is the engine's fingerprintWithFeatures, as a string and as UTF-8, one kernels' instance for every text", () => {
    initSync();
    const kernels = createFeatureKernels();
    const encoder = new TextEncoder();
    fc.assert(fc.property(text, settings, (t, { shingle, tokens }) => {
      const want = createSimHash({ shingle, tokens }).fingerprintWithFeatures(t);
      for (const form of [t, encoder.encode(t)]) {
        const got = kernels.textFeatures(form, shingle, tokens)!;
        expect(got.fingerprint).toBe(want.fingerprint);
        expect(Array.from(got.features)).toEqual(Array.from(want.features));
      }
    }), { numRuns: 400 });
  });

  it("takes texts longer than the engine's input slice, and empty ones, and grows its memory for them", () => {
    initSync();
    const kernels = createFeatureKernels();
    // 300 KB (over the engine's 256 KB slice, and a third of the limit: as a string too), then 590 KB (bytes only).
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i % 977}x${i % 13}`).join(' ');
    const [long, longer] = [words(35_000), words(70_000)];
    for (const t of ['', ' ', 'one', long, 'a short text after the long one', new TextEncoder().encode(longer), new TextEncoder().encode(long)]) {
      const want = createSimHash().fingerprintWithFeatures(t);
      const got = kernels.textFeatures(t, 3, 'words')!;
      expect(got.fingerprint).toBe(want.fingerprint);
      expect(got.features).toEqual(want.features);
    }
  });

  it("leaves the features where the digest, the sketch and the set read them, the same as the engine's own", () => {
    initSync();
    const kernels = createFeatureKernels();
    const random = new XorShift32(5);
    for (let i = 0; i < 20; i++) {
      const t = Array.from({ length: 1 + random.u32() % 600 }, () => `t${random.u32() % 300}`).join(' ');
      const own = createSimHash().fingerprintWithFeatures(t).features;
      const { features } = kernels.textFeatures(t, 3, 'words')!;
      expect(features.buffer).toBe(kernels.sink.buffer.buffer); // in the kernels' memory: nothing to copy
      const [inPlace, copied] = [new Uint8Array(DIGEST_BYTES), new Uint8Array(DIGEST_BYTES)];
      const [sketchInPlace, sketchCopied] = [new Uint32Array(32), new Uint32Array(32)];
      kernels.digest(features, inPlace, 0);
      kernels.sketch(features, 32, sketchInPlace, 0);
      const setInPlace = kernels.shingleSet(features);
      kernels.digest(own, copied, 0);
      kernels.sketch(own, 32, sketchCopied, 0);
      expect(hex(inPlace)).toBe(hex(copied));
      expect(sketchInPlace).toEqual(sketchCopied);
      expect(setInPlace).toEqual(kernels.shingleSet(own));
    }
  });

  it('gives back undefined for a text over its limit, for the caller to give the engine', () => {
    const kernels = createFeatureKernels();
    expect(kernels.textFeatures(new Uint8Array(TEXT_FEATURES_MAX_BYTES + 1).fill(0x61), 3, 'words')).toBeUndefined();
    expect(kernels.textFeatures('a'.repeat(Math.floor(TEXT_FEATURES_MAX_BYTES / 3) + 1), 3, 'words')).toBeUndefined();
    expect(kernels.textFeatures(new Uint8Array(TEXT_FEATURES_MAX_BYTES).fill(0x61), 3, 'words')?.features.length).toBe(1);
  });

  it('is offered to tasks only for hashers whose fingerprint is their features\' unit votes (createFeatureTools\' unitVotes)', () => {
    initSync();
    const engine = loadedEngine();
    const unitVotesOf = (e: typeof engine, options?: Parameters<typeof createFeatureTools>[1]) => createFeatureTools(e, options).unitVotes;
    expect(unitVotesOf(engine)).toEqual({ shingle: 3, tokens: 'words' });
    expect(unitVotesOf(engine, { shingle: 2, tokens: 'cjk-chars', termWeights: 'tf' })).toEqual({ shingle: 2, tokens: 'cjk-chars' });
    expect(unitVotesOf(engine, { weights: new Map([['cat', 2]]) })).toBeUndefined();
    expect(unitVotesOf(engine, { weights: () => 1 })).toBeUndefined();
    expect(unitVotesOf(engine, { termWeights: 'log' })).toBeUndefined();
    expect(unitVotesOf(engine, { termWeights: 'binary' })).toBeUndefined();
  });
});

describe('the content digest', () => {
  // Written by the JavaScript digest these kernels replaced (the corpus's analysis/content-digest.ts until
  // 2026-12-05, at 895269e), over xorshiftWords(n): the bits shard files of format 2 carry.
  const pinned: [number, string][] = [
    [0, '00000000000000000000000000000000'],
    [2, '5672c3604ea4fe35abc86f86abc86f86'],
    [4, 'a3f8277610ba18d6ba7a70f6facc74d6'],
    [6, '859a7b6e31d8168f0691e0d774dcbfac'],
    [8, '99d64b12466c02d5234e8337eeffb775'],
    [600, '10249640130f541144f7e8f9793bd839'],
  ];

  it.each(pinned)('of %i words is the MurmurHash3 x86_128 the JavaScript digest gave', (n, expected) => {
    const kernels = createFeatureKernels();
    const out = new Uint8Array(3 * DIGEST_BYTES);
    kernels.digest(featuresOfWords(xorshiftWords(n)), out, DIGEST_BYTES);
    expect(hex(out.subarray(DIGEST_BYTES, 2 * DIGEST_BYTES))).toBe(expected);
    expect(out.subarray(0, DIGEST_BYTES).every((b) => b === 0) && out.subarray(2 * DIGEST_BYTES).every((b) => b === 0)).toBe(true);
  });

  it('is the same for features in the sink, in an array of their own, and after the sink outgrew its memory', () => {
    initSync();
    const featuresInto = createFeatureTools(loadedEngine()).fingerprintWithFeaturesInto;
    const kernels = createFeatureKernels();
    const words = Array.from({ length: 30_000 }, (_, i) => `w${i % 977}x${i % 13}`);
    for (const text of ['a short text of a few words', words.join(' '), 'and a short one again after the long one']) {
      const own = featuresInto(text, { buffer: new BigUint64Array(1), length: 0 }).features.slice();
      const { features } = featuresInto(text, kernels.sink);
      expect(features.buffer === own.buffer).toBe(false);
      expect(features).toEqual(own);
      const fromSink = new Uint8Array(DIGEST_BYTES), fromOwn = new Uint8Array(DIGEST_BYTES);
      kernels.digest(features, fromSink, 0);
      kernels.digest(own, fromOwn, 0);
      expect(hex(fromSink)).toBe(hex(fromOwn));
    }
    // The long text's 30,000 features outgrew the first 4,096: the sink was grown in the kernels' memory.
    expect(kernels.sink.buffer.length).toBeGreaterThanOrEqual(29_998);
  });

  it('tells apart feature sequences that differ in one bit or in order', () => {
    const kernels = createFeatureKernels();
    const base = randomFeatures(new XorShift32(7), 301);
    const flipped = base.slice();
    flipped[150] ^= 1n << 40n;
    const swapped = base.slice();
    [swapped[3], swapped[4]] = [swapped[4], swapped[3]];
    const digests = [base, flipped, swapped, base.subarray(0, 300)].map((f) => {
      const out = new Uint8Array(DIGEST_BYTES);
      kernels.digest(f, out, 0);
      return hex(out);
    });
    expect(new Set(digests).size).toBe(4);
  });
});

describe('the sketch', () => {
  it.each([2, 32, 64, 256, MAX_SKETCH_BINS])('keeps the smallest low half of each of %i bins', (bins) => {
    const kernels = createFeatureKernels();
    const random = new XorShift32(bins);
    for (const n of [0, 1, 31, 300, 5000]) {
      const features = randomFeatures(random, n);
      const out = new Uint32Array(bins + 2).fill(7);
      kernels.sketch(features, bins, out, 1);
      expect(out[0]).toBe(7);
      expect(out[bins + 1]).toBe(7);
      expect(out.subarray(1, bins + 1)).toEqual(sketchByHand(features, bins));
    }
  });

  it('refuses a number of bins that is not a power of two from 2 to the most it holds', () => {
    const kernels = createFeatureKernels();
    for (const bins of [0, 1, 3, 48, 2 * MAX_SKETCH_BINS, 1.5]) {
      expect(() => kernels.sketch(new BigUint64Array(4), bins, new Uint32Array(4096), 0)).toThrow(RangeError);
    }
  });
});

describe('the shingle set', () => {
  it('is the distinct low halves, sorted, for sets of every size and with repeats', () => {
    const kernels = createFeatureKernels();
    const random = new XorShift32(11);
    for (const n of [0, 1, 2, 3, 17, 300, 4096, 5000, 70_000, 200_000]) {
      const features = randomFeatures(random, n);
      // Repeats, and values that differ only in their high halves: one value of the set.
      for (let i = 0; i + 3 < n; i += 7) features[i + 1] = features[i];
      for (let i = 2; i + 5 < n; i += 11) features[i + 3] = (features[i] & 0xffffffffn) | 0x1234_5678n << 32n;
      const expected = [...new Set(Array.from(features, (f) => Number(f & 0xffffffffn)))].sort((a, b) => a - b);
      expect(Array.from(kernels.shingleSet(features)), `${n} features`).toEqual(expected);
    }
  });

  it('survives the memory growing under the sink, and gives arrays of its own', () => {
    const kernels = createFeatureKernels();
    const small = kernels.shingleSet(BigUint64Array.of(3n, 1n, 2n, 1n));
    kernels.shingleSet(randomFeatures(new XorShift32(3), 100_000)); // grows the memory
    expect(Array.from(small)).toEqual([1, 2, 3]);
    expect(small.buffer).not.toBe(kernels.sink.buffer.buffer);
  });
});

describe('the sketch of a set', () => {
  it('is the sketch of the features whose set it is, for sets larger than the sink too', () => {
    const kernels = createFeatureKernels();
    const random = new XorShift32(5);
    for (const n of [0, 1, 300, 20_000]) {
      const features = randomFeatures(random, n);
      const set = kernels.shingleSet(features);
      for (const bins of [32, 128]) {
        const fromFeatures = new Uint32Array(bins);
        kernels.sketch(features, bins, fromFeatures, 0);
        expect(kernels.sketchSet(set, bins)).toEqual(fromFeatures);
        // A set larger than a fresh sink holds (4,096 features, 8,192 words) grows its memory first.
        expect(createFeatureKernels().sketchSet(set, bins)).toEqual(fromFeatures);
      }
    }
  });
});
