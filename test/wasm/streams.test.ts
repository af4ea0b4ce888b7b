// Streams over the module's single live state: interleaved with each other and with one-shot calls,
// cut anywhere (inside surrogate pairs and UTF-8 sequences), and fed texts bigger than the input buffer.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSimHash, init } from '../../packages/simhash-wasm/src/index.js';
import { oracleFingerprint } from '../support/fingerprint-oracle.js';
import { lcgUniform, randomCuts } from '../support/random.js';

beforeAll(() => init());

const encoder = new TextEncoder();

const SAMPLE = 'Ünïcödé ΟΔΟΣ σας 𝐀𝐁𝐂 😀 İstanbul straße 中文字 ab\u05b0c \ud800 lone W1 W22 w333 ' +
  'AΣ' + '\u05b0'.repeat(200) + ' done';

describe('WASM streams', () => {
  it('interleaved streams of different settings, with one-shot calls between updates', () => {
    const random = lcgUniform(7);
    const hashers = [
      createSimHash({ shingle: 1 }),
      createSimHash({ shingle: 3 }),
      createSimHash({ shingle: 6 }),
      createSimHash({ shingle: 2, weights: new Map([['ünïcödé', 9], ['σας', -4]]), defaultWeight: 2 }),
      createSimHash({ shingle: 3, weights: (h) => Number(h % 7n) - 2 }),
    ];
    const texts = hashers.map((_, i) => SAMPLE.repeat(i + 1) + ` doc${i}`);
    const expected = hashers.map((hasher, i) => hasher.fingerprint(texts[i]));
    const streams = hashers.map((hasher) => hasher.stream());
    const queues = texts.map((text, i) => (i % 2 ? randomCuts(encoder.encode(text), random, 9) : randomCuts(text, random, 9)));
    let left = queues.reduce((n, q) => n + q.length, 0);
    while (left > 0) {
      const i = Math.floor(random() * queues.length);
      const part = queues[i].shift();
      if (part === undefined) continue;
      streams[i].update(part);
      left--;
      if (random() < 0.2) hashers[Math.floor(random() * hashers.length)].fingerprint('an interruption of 4 words');
      if (random() < 0.05) hashers[0].features('features in between');
      if (random() < 0.05) hashers[1].fingerprintMany(['a b c', 'd e f g']);
    }
    expect(streams.map((s) => s.digest())).toEqual(expected);
  });

  it('cuts inside surrogate pairs and UTF-8 sequences, at every position', () => {
    const text = 'a😀b 𝐀x\u00e9\u4e2dΣ𝐁';
    const bytes = encoder.encode(text);
    for (const w of [1, 2, 5]) {
      const hasher = createSimHash({ shingle: w });
      const want = oracleFingerprint(text, w);
      expect(hasher.fingerprint(text)).toBe(want);
      for (let i = 0; i <= text.length; i++) {
        for (let j = i; j <= text.length; j++) {
          expect(hasher.stream().update(text.slice(0, i)).update(text.slice(i, j)).update(text.slice(j)).digest()).toBe(want);
        }
      }
      for (let i = 0; i <= bytes.length; i++) {
        expect(hasher.stream().update(bytes.subarray(0, i)).update(bytes.subarray(i)).digest()).toBe(want);
      }
      // one unit or one byte at a time
      expect([...text.split('')].reduce((s, u) => s.update(u), hasher.stream()).digest()).toBe(want);
      expect([...bytes].reduce((s, b) => s.update(Uint8Array.of(b)), hasher.stream()).digest()).toBe(want);
    }
  });

  it('random cuts through text in many scripts, past the first w tokens (the fast paths)', () => {
    const random = lcgUniform(5);
    const text = 'one two three four ' + SAMPLE + ' Привет мир ΣΟΦΙΑ σοφία 中文字 ạẠ ’quoted’ …\u200b ' + SAMPLE;
    const bytes = encoder.encode(text);
    for (const w of [1, 2, 3, 4, 6]) {
      const hasher = createSimHash({ shingle: w });
      const want = oracleFingerprint(text, w);
      expect(hasher.fingerprint(text)).toBe(want);
      for (let round = 0; round < 30; round++) {
        expect(randomCuts(text, random, 12).reduce((s, part) => s.update(part), hasher.stream()).digest()).toBe(want);
        expect(randomCuts(bytes, random, 12).reduce((s, part) => s.update(part), hasher.stream()).digest()).toBe(want);
      }
    }
  });

  it('a high surrogate left at a chunk end is U+FFFD when no low one follows', () => {
    const hasher = createSimHash({ shingle: 2 });
    expect(hasher.stream().update('ab\ud83d').update('cd').digest()).toBe(hasher.fingerprint('ab\ufffdcd'));
    expect(hasher.stream().update('ab\ud83d').update(encoder.encode('cd')).digest()).toBe(hasher.fingerprint('ab\ufffdcd'));
    expect(hasher.stream().update('ab\ud83d').digest()).toBe(hasher.fingerprint('ab'));
    expect(hasher.stream().update('ab\ud83d').update('\ude00c').digest()).toBe(hasher.fingerprint('ab😀c'));
    // a UTF-8 sequence cut short by a string chunk is one U+FFFD
    expect(hasher.stream().update(Uint8Array.of(0x61, 0xe2, 0x82)).update('b').digest()).toBe(hasher.fingerprint('a\ufffdb'));
  });

  it('texts bigger than the input buffer: one call, cut streams and bytes agree', () => {
    const random = lcgUniform(11);
    let text = '';
    while (text.length < 3_000_000) text += SAMPLE + ` ${Math.floor(random() * 1e6)} `;
    text += 'x\ud83d'; // ends in a lone high surrogate
    const bytes = encoder.encode(text);
    for (const hasher of [createSimHash({ shingle: 3 }), createSimHash({ shingle: 5 }), createSimHash({ shingle: 2, weights: (h) => Number(h & 3n) })]) {
      const whole = hasher.fingerprint(text);
      expect(hasher.fingerprint(bytes)).toBe(whole);
      expect(hasher.fingerprintMany(['small one', text, 'another'])[1]).toBe(whole);
      const stream = hasher.stream();
      for (let at = 0; at < text.length;) {
        const next = Math.min(text.length, at + 1 + Math.floor(random() * 400_000));
        stream.update(text.slice(at, next));
        at = next;
      }
      expect(stream.digest()).toBe(whole);
      expect(hasher.features(text).length).toBe(hasher.features(bytes).length);
    }
    const reference = createSimHash({ shingle: 3 });
    const sampleFp = oracleFingerprint(SAMPLE.repeat(40), 3);
    expect(reference.fingerprint(SAMPLE.repeat(40))).toBe(sampleFp);
  });

  it('a digested stream keeps its value and refuses more input; an empty stream is 0', () => {
    const hasher = createSimHash();
    const stream = hasher.stream().update('one two three');
    const fp = stream.digest();
    hasher.fingerprint('something else entirely');
    expect(stream.digest()).toBe(fp);
    expect(() => stream.update('more')).toThrow(TypeError);
    expect(hasher.stream().digest()).toBe(0n);
  });
});
