// termWeights: 'log' and 'binary' against an oracle written here from the definition (per distinct shingle,
// weight x (1 + ln tf) or x 1, signed per bit, bit set when the sum is > 0), both engines against each other,
// streams cut anywhere, the version string, and bad values.
import { beforeAll, describe, expect, it } from 'vitest';
import { entries, initAll } from '../support/engines.js';

beforeAll(initAll);

type Mode = 'log' | 'binary';

function oracle(features: BigUint64Array, mode: Mode, weightOf: (f: bigint) => number = () => 1): bigint {
  const counts = new Map<bigint, number>();
  for (const f of features) counts.set(f, (counts.get(f) ?? 0) + 1);
  const sums = new Array<number>(64).fill(0);
  for (const [f, tf] of counts) {
    const w = weightOf(f) * (mode === 'log' ? 1 + Math.log(tf) : 1);
    for (let b = 0; b < 64; b++) sums[b] += ((f >> BigInt(b)) & 1n) === 1n ? w : -w;
  }
  return sums.reduce((fp, sum, b) => (sum > 0 ? fp | (1n << BigInt(b)) : fp), 0n);
}

function randomText(seed: number): string {
  let s = seed;
  const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0);
  const words = ['3d', 'the', 'cat', 'mat', 'spam', 'offer', 'free', 'now', 'é', '日本'];
  const out: string[] = [];
  const n = next() % 400;
  for (let i = 0; i < n; i++) {
    // Runs of one repeated word make high term frequencies, the case sublinear weights exist for.
    const word = words[next() % words.length];
    const run = next() % 7 === 0 ? 1 + (next() % 60) : 1;
    for (let r = 0; r < run; r++) out.push(word);
  }
  return out.join(' ');
}

const QP_SPAM = `${'=3D=3D=3D\n'.repeat(20)} buy cheap watches today from our online shop with free delivery to every country this week only`;

describe.each(entries)('%s entry', (_name, entry) => {
  it.each(['log', 'binary'] as const)('%s matches the oracle on random texts with repeats', (mode) => {
    const hasher = entry.createSimHash({ termWeights: mode });
    for (let seed = 1; seed <= 60; seed++) {
      const text = randomText(seed);
      expect(hasher.fingerprint(text)).toBe(oracle(hasher.features(text), mode));
    }
  });

  it('multiplies a weights Map', () => {
    const weights = new Map<string, number>([['3d 3d 3d', 5], ['cheap watches today', -3]]);
    const hasher = entry.createSimHash({ termWeights: 'log', weights, defaultWeight: 2 });
    const keyed = new Map([...weights].map(([k, v]) => [entry.createSimHash({ shingle: 3 }).features(k)[0], v]));
    expect(hasher.fingerprint(QP_SPAM)).toBe(oracle(hasher.features(QP_SPAM), 'log', (f) => keyed.get(f) ?? 2));
  });

  it("'tf' is the default: same bits and same version as no option", () => {
    const plain = entry.createSimHash();
    const tf = entry.createSimHash({ termWeights: 'tf' });
    expect(tf.version).toBe(plain.version);
    expect(tf.version).not.toContain('terms=');
    expect(tf.fingerprint(QP_SPAM)).toBe(plain.fingerprint(QP_SPAM));
  });

  it('names the mode in the version, and log/binary change the bits of a repetitive text', () => {
    expect(entry.createSimHash({ termWeights: 'log' }).version).toBe(`${entry.createSimHash().version};terms=log`);
    expect(entry.createSimHash({ termWeights: 'binary' }).version).toBe(`${entry.createSimHash().version};terms=binary`);
    const tf = entry.createSimHash().fingerprint(QP_SPAM);
    expect(entry.createSimHash({ termWeights: 'log' }).fingerprint(QP_SPAM)).not.toBe(tf);
    expect(entry.createSimHash({ termWeights: 'binary' }).fingerprint(QP_SPAM)).not.toBe(tf);
  });

  it('stream, fingerprintMany and fingerprint agree, chunks cut inside UTF-8 and mixed strings and bytes', () => {
    const hasher = entry.createSimHash({ termWeights: 'log' });
    const texts = [randomText(7), randomText(8), QP_SPAM];
    const many = hasher.fingerprintMany(texts);
    texts.forEach((text, i) => {
      expect(many[i]).toBe(hasher.fingerprint(text));
      const bytes = new TextEncoder().encode(text);
      const stream = hasher.stream();
      for (let at = 0; at < bytes.length; at += 5) stream.update(bytes.subarray(at, at + 5));
      expect(stream.digest()).toBe(many[i]);
      const half = Math.floor(text.length / 2);
      expect(hasher.stream().update(text.slice(0, half)).update(new TextEncoder().encode(text.slice(half))).digest()).toBe(many[i]);
    });
  });

  it('a text whose shingles are all distinct keeps its tf fingerprint (the seed definition) in every mode', () => {
    const distinct = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen';
    const tf = entry.createSimHash().fingerprint(distinct);
    expect(entry.createSimHash({ termWeights: 'log' }).fingerprint(distinct)).toBe(tf);
    expect(entry.createSimHash({ termWeights: 'binary' }).fingerprint(distinct)).toBe(tf);
  });

  it("combines with tokens: 'cjk-chars': the features are the cjk-chars ones, the version names both", () => {
    const text = '日本語の文章です。日本語の文章です。東京は大きい都市です。';
    const hasher = entry.createSimHash({ tokens: 'cjk-chars', termWeights: 'binary' });
    expect(hasher.version).toBe(`${entry.createSimHash({ tokens: 'cjk-chars' }).version};terms=binary`);
    expect(hasher.fingerprint(text)).toBe(oracle(entry.createSimHash({ tokens: 'cjk-chars' }).features(text), 'binary'));
    expect(hasher.fingerprint(text)).not.toBe(entry.createSimHash({ tokens: 'cjk-chars' }).fingerprint(text));
  });

  it('refuses bad termWeights naming the option', () => {
    expect(() => entry.createSimHash({ termWeights: 'sqrt' as never })).toThrow(RangeError);
    expect(() => entry.createSimHash({ termWeights: 'sqrt' as never })).toThrow(/termWeights/);
    expect(() => entry.createSimHash({ termWeights: 1 as never })).toThrow(TypeError);
  });
});

it('both engines give the same bits under log and binary', () => {
  const wasm = entries.find(([name]) => name === 'wasm')![1];
  const pure = entries.find(([name]) => name === 'pure')![1];
  for (const mode of ['log', 'binary'] as const) {
    const x = wasm.createSimHash({ termWeights: mode });
    const y = pure.createSimHash({ termWeights: mode });
    expect(x.engine).toBe('wasm');
    expect(y.engine).toBe('pure');
    for (let seed = 100; seed < 140; seed++) expect(x.fingerprint(randomText(seed))).toBe(y.fingerprint(randomText(seed)));
  }
});
