// fingerprintWithFeatures(text) is fingerprint(text) and features(text) together, bit for bit, in both engines,
// whatever the weighting (unit, a table, a function, sublinear term weights), the width, the tokenization, and the
// input's form (strings, UTF-8 bytes, texts longer than one slice of the WebAssembly engine's input buffer).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import * as wasm from '../../packages/simhash-wasm/src/index.js';
import * as pure from '../../packages/simhash-wasm/src/pure/index.js';
import type { SimHashOptions } from '../../packages/simhash-wasm/src/index.js';
import type { FeatureSink } from '../../packages/simhash-wasm/src/internal/index.js';
import { createFeatureTools } from '../../packages/simhash-wasm/src/core/simhash.js';
import { loadedEngine } from '../../packages/simhash-wasm/src/wasm/load.js';
import { pureEngine } from '../../packages/simhash-wasm/src/pure/engine.js';

beforeAll(() => wasm.init());

const text = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.array(fc.constantFrom('the', 'cat', 'Σας', '東京', 'İi', '42', ' ', ', ', '\n'), { maxLength: 200 }).map((w) => w.join(' ')),
);
const options = fc.record({
  shingle: fc.integer({ min: 1, max: 5 }),
  tokens: fc.constantFrom('words' as const, 'cjk-chars' as const),
  weighting: fc.constantFrom('unit', 'table', 'function', 'log', 'binary'),
}).map(({ shingle, tokens, weighting }): SimHashOptions => ({
  shingle,
  tokens,
  ...(weighting === 'table' ? { weights: new Map([['the cat the', 3], ['cat', -2]]), defaultWeight: 2 } : {}),
  ...(weighting === 'function' ? { weights: (hash: bigint) => Number(hash & 7n) - 2 } : {}),
  ...(weighting === 'log' || weighting === 'binary' ? { termWeights: weighting } : {}),
}));

function expectBoth(hasher: wasm.SimHash, input: string | Uint8Array): void {
  const both = hasher.fingerprintWithFeatures(input);
  expect(both.fingerprint).toBe(hasher.fingerprint(input));
  expect([...both.features]).toEqual([...hasher.features(input)]);
}

describe('fingerprintWithFeatures', () => {
  it('equals fingerprint and features, both engines, any options, strings and bytes', () => {
    fc.assert(fc.property(options, text, (opts, input) => {
      for (const hasher of [wasm.createSimHash(opts), pure.createSimHash(opts)]) {
        expectBoth(hasher, input);
        expectBoth(hasher, new TextEncoder().encode(input));
      }
    }), { numRuns: 400 });
  });

  it('over texts longer than one slice of the input buffer (many slices voted one after another)', () => {
    const long = Array.from({ length: 400_000 }, (_, i) => `w${(i * 7919) % 5003}`).join(' '); // about 2.8 MB
    for (const hasher of [wasm.createSimHash(), wasm.createSimHash({ shingle: 1 }), pure.createSimHash()]) expectBoth(hasher, long);
  });

  it('into a sink (the pool tasks\' fingerprintWithFeaturesInto): the same, the sink reused and grown across documents short and long', () => {
    const long = Array.from({ length: 300_000 }, (_, i) => `w${(i * 7919) % 5003}`).join(' ');
    const inputs = ['the cat sat', long, '', 'on the mat, the cat', long.slice(0, 5000), 'x'];
    fc.assert(fc.property(options, (opts) => {
      for (const [hasher, into] of [[wasm.createSimHash(opts), createFeatureTools(loadedEngine(), opts).fingerprintWithFeaturesInto], [pure.createSimHash(opts), createFeatureTools(pureEngine, opts).fingerprintWithFeaturesInto]] as const) {
        const sink: FeatureSink = { buffer: new BigUint64Array(2), length: 0 };
        for (const input of inputs) {
          const both = into(input, sink);
          expect(both.fingerprint).toBe(hasher.fingerprint(input));
          expect([...both.features]).toEqual([...hasher.features(input)]);
        }
      }
    }), { numRuns: 12 });
    // The public method's arrays stay the caller's: a second call does not overwrite the first's features.
    const hasher = wasm.createSimHash();
    const first = hasher.fingerprintWithFeatures('alpha beta gamma delta');
    const copy = [...first.features];
    hasher.fingerprintWithFeatures('one two three four five six');
    expect([...first.features]).toEqual(copy);
  });

  it('an empty text, and one of separators only: fingerprint 0, no features', () => {
    for (const hasher of [wasm.createSimHash(), pure.createSimHash()]) {
      for (const input of ['', ' ,.\n', new Uint8Array(0)]) {
        const both = hasher.fingerprintWithFeatures(input);
        expect([both.fingerprint, both.features.length]).toEqual([0n, 0]);
      }
    }
  });

  it('refuses what fingerprint refuses, naming the argument', () => {
    for (const hasher of [wasm.createSimHash(), pure.createSimHash()]) {
      expect(() => hasher.fingerprintWithFeatures(42 as unknown as string)).toThrow(/text must be a string or a Uint8Array/);
    }
  });
});
