// fast-check: the WASM and pure engines agree on arbitrary input, and a stream cut anywhere
// equals the one-shot fingerprint: the engines are interchangeable, bit for bit.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import * as wasm from '../../packages/simhash-wasm/src/index.js';
import * as pure from '../../packages/simhash-wasm/src/pure/index.js';

beforeAll(() => wasm.init());

const RUNS = 2000;
const shingle = fc.integer({ min: 1, max: 6 });
/** Text rich in what tokenizers get wrong: letters of many scripts, sigma, dotted I, marks, separators. */
const tricky = fc.constantFrom(...'aZ9 ΣσςΑΩİIıi\u0307\u0345\u02b9\u00b7\u2019\'-_.\u00df\u1e9e\u0130\u03a3\u0661\u2167\u00bd\ud835\udc00\ud800\udfff\u0000\n\ufffd\u4e00\u0915\u093f\ud83d\ude00'.split(''));
const trickyString = fc.array(fc.oneof(tricky, fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })), { maxLength: 30 }).map((parts) => parts.join(''));
const anyString = fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 200 }), trickyString);
/** Lone surrogates included: arbitrary UTF-16 code units. */
const utf16 = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 120 }).map((units) => String.fromCharCode(...units));
const bytes = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc.array(fc.constantFrom(0x41, 0x20, 0xc3, 0xa9, 0xce, 0xa3, 0xe0, 0xa0, 0xed, 0xf0, 0x90, 0xf4, 0x8f, 0xbf, 0x80, 0xff, 0xc0), { maxLength: 200 }).map((b) => Uint8Array.from(b)),
);
const weightTable = fc.array(fc.tuple(fc.constantFrom('a', 'the', 'σας', 'b c', 'x'), fc.integer({ min: -1000, max: 1000 })), { maxLength: 6 });

function both(options: Parameters<typeof pure.createSimHash>[0]) {
  return [wasm.createSimHash(options), pure.createSimHash(options)] as const;
}
function cutPoints(length: number) {
  return fc.uniqueArray(fc.integer({ min: 0, max: length }), { maxLength: 8 }).map((points) => points.sort((a, b) => a - b));
}
function split<T extends { slice(a: number, b?: number): T }>(whole: T, points: number[]): T[] {
  const parts: T[] = [];
  let from = 0;
  for (const p of points) { parts.push(whole.slice(from, p)); from = p; }
  parts.push(whole.slice(from));
  return parts;
}

describe('WASM and pure engines are bit-identical', () => {
  it('on full-Unicode strings', () => {
    fc.assert(fc.property(anyString, shingle, (text, w) => {
      const [a, b] = both({ shingle: w });
      expect(a.fingerprint(text)).toBe(b.fingerprint(text));
    }), { numRuns: RUNS });
  });

  it('on strings with lone surrogates, and those equal their U+FFFD replacement', () => {
    fc.assert(fc.property(utf16, shingle, (text, w) => {
      const [a, b] = both({ shingle: w });
      const replaced = (text as string & { toWellFormed(): string }).toWellFormed();
      expect(a.fingerprint(text)).toBe(b.fingerprint(text));
      expect(a.fingerprint(text)).toBe(a.fingerprint(replaced));
    }), { numRuns: RUNS });
  });

  it('on random bytes, equal to their TextDecoder decoding', () => {
    const decoder = new TextDecoder();
    fc.assert(fc.property(bytes, shingle, (data, w) => {
      const [a, b] = both({ shingle: w });
      const expected = b.fingerprint(decoder.decode(data));
      expect(a.fingerprint(data)).toBe(expected);
      expect(b.fingerprint(data)).toBe(expected);
    }), { numRuns: RUNS });
  });

  it('with random weights (Map by text and by hash, and functions)', () => {
    fc.assert(fc.property(anyString, shingle, weightTable, fc.integer({ min: -5, max: 5 }), (text, w, entries, defaultWeight) => {
      const byText = new Map(entries);
      const [a, b] = both({ shingle: w, weights: byText, defaultWeight });
      expect(a.fingerprint(text)).toBe(b.fingerprint(text));
      const salt = BigInt(defaultWeight + 7);
      const fn = (h: bigint) => Number((h * salt) % 2001n) - 1000;
      const [c, d] = both({ shingle: w, weights: fn });
      expect(c.fingerprint(text)).toBe(d.fingerprint(text));
    }), { numRuns: RUNS / 2 });
  });

  it('in batches', () => {
    fc.assert(fc.property(fc.array(fc.oneof(anyString, bytes), { maxLength: 20 }), shingle, (texts, w) => {
      const [a, b] = both({ shingle: w });
      const one = texts.map((t) => b.fingerprint(t));
      expect(Array.from(a.fingerprintMany(texts))).toEqual(one);
      expect(Array.from(b.fingerprintMany(texts))).toEqual(one);
    }), { numRuns: RUNS / 4 });
  });
});

describe.each([['wasm', wasm], ['pure', pure]] as const)('%s streams equal one-shot', (_name, entry) => {
  it('strings cut anywhere, surrogate pairs included', () => {
    fc.assert(fc.property(anyString.chain((t) => fc.tuple(fc.constant(t), cutPoints(t.length))), shingle, ([text, points], w) => {
      const hasher = entry.createSimHash({ shingle: w });
      const stream = hasher.stream();
      for (const part of split(text, points)) stream.update(part);
      expect(stream.digest()).toBe(hasher.fingerprint(text));
    }), { numRuns: RUNS });
  });

  it('bytes cut anywhere, UTF-8 sequences included', () => {
    const encoder = new TextEncoder();
    const source = fc.oneof(bytes, anyString.map((s) => encoder.encode(s)));
    fc.assert(fc.property(source.chain((b) => fc.tuple(fc.constant(b), cutPoints(b.length))), shingle, ([data, points], w) => {
      const hasher = entry.createSimHash({ shingle: w });
      const stream = hasher.stream();
      for (const part of split(data, points)) stream.update(part);
      expect(stream.digest()).toBe(hasher.fingerprint(data));
    }), { numRuns: RUNS });
  });

  it('interleaved streams and one-shot calls do not disturb each other', () => {
    fc.assert(fc.property(anyString, anyString, shingle, (x, y, w) => {
      const hasher = entry.createSimHash({ shingle: w });
      const s1 = hasher.stream();
      const s2 = hasher.stream();
      const half = (t: string) => [t.slice(0, t.length >> 1), t.slice(t.length >> 1)];
      const [x1, x2] = half(x);
      const [y1, y2] = half(y);
      s1.update(x1); s2.update(y1);
      hasher.fingerprint(y + x);
      s1.update(x2); s2.update(y2);
      expect(s1.digest()).toBe(hasher.fingerprint(x));
      expect(s2.digest()).toBe(hasher.fingerprint(y));
    }), { numRuns: RUNS / 4 });
  });
});
