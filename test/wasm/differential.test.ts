// The WASM engine against the plain oracle of the fingerprint definition (test/support/fingerprint-oracle.ts), on input shaped to reach every path of
// assembly/: the ASCII fast path (w <= 4) and the general one (w > 4), tokens longer than the
// 256-byte token buffer, Final_Sigma decided after the buffer was flushed (the state fork), more
// than 255 features (counter flushes), and weights small, negative and beyond 16-bit lanes.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSimHash, featureHash, init } from '../../packages/simhash-wasm/src/index.js';
import { oracleFeatures, oracleFingerprint, oracleHash } from '../support/fingerprint-oracle.js';

beforeAll(() => init());

const RUNS = 300;
const shingle = fc.integer({ min: 1, max: 8 });
const piece = fc.oneof(
  fc.constantFrom('a', 'Z', '9', ' ', '  ', '.', 'Σ', 'σ', 'İ', 'ß', 'ǅ', '\u0345', '\u05b0', '\u02b0', 'é', 'Ж', '中', '𝐀', '😀', '\ud800', '\udc00', '\u0000', '١', 'Ⅷ'),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  // long runs: past the token buffer, and runs of case-ignorable letters after a sigma
  fc.tuple(fc.constantFrom('a', 'Σ', '\u05b0', '\u0345', 'é', 'Σ\u05b0', 'x1'), fc.integer({ min: 100, max: 400 })).map(([s, n]) => s.repeat(n)),
);
const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));
const words = fc.array(fc.constantFrom('w1', 'w22', 'W333', 'ab', 'Σας', 'ΟΔΟΣ', 'x'), { minLength: 200, maxLength: 900 }).map((ws) => ws.join(' '));
const utf8 = fc.oneof(
  fc.uint8Array({ maxLength: 400 }),
  fc.array(fc.constantFrom(0x41, 0x61, 0x20, 0xc3, 0xa9, 0xce, 0xa3, 0xd6, 0xb0, 0xe0, 0xa0, 0xed, 0x9f, 0xf0, 0x90, 0xf4, 0x8f, 0xbf, 0x80, 0xff, 0xc0, 0xc2), { maxLength: 400 }).map((b) => Uint8Array.from(b)),
);

describe('WASM engine equals the plain oracle of the definition', () => {
  it('on strings, for every w from 1 to 8', () => {
    fc.assert(fc.property(text, shingle, (t, w) => {
      expect(createSimHash({ shingle: w }).fingerprint(t)).toBe(oracleFingerprint(t, w));
    }), { numRuns: RUNS });
  });

  it('features() lists the oracle features in order', () => {
    fc.assert(fc.property(fc.oneof(text, words), shingle, (t, w) => {
      expect(Array.from(createSimHash({ shingle: w }).features(t))).toEqual(oracleFeatures(t, w));
    }), { numRuns: RUNS });
  });

  it('on UTF-8 bytes, valid or not', () => {
    fc.assert(fc.property(utf8, shingle, (b, w) => {
      expect(createSimHash({ shingle: w }).fingerprint(b)).toBe(oracleFingerprint(b, w));
    }), { numRuns: RUNS });
  });

  it('with many features and weights of every size (16-bit lanes, negatives, beyond)', () => {
    const weight = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -70000, max: 70000 }), fc.constantFrom(-(2 ** 31), 2 ** 31 - 1, 0xffff, 0x10000));
    fc.assert(fc.property(words, shingle, fc.array(weight, { minLength: 1, maxLength: 5 }), (t, w, weights) => {
      const pick = (h: bigint) => weights[Number(h % BigInt(weights.length))];
      const expected = oracleFingerprint(t, w, pick);
      expect(createSimHash({ shingle: w, weights: pick }).fingerprint(t)).toBe(expected);
      const table = new Map<bigint, number>();
      for (const h of oracleFeatures(t, w)) table.set(h, pick(h));
      expect(createSimHash({ shingle: w, weights: table, defaultWeight: 7 }).fingerprint(t)).toBe(expected);
    }), { numRuns: 60 });
  });

  it('unit weights on documents of many features equal the oracle', () => {
    fc.assert(fc.property(words, shingle, (t, w) => {
      expect(createSimHash({ shingle: w }).fingerprintMany([t, t.toUpperCase(), ''])).toEqual(
        BigUint64Array.from([oracleFingerprint(t, w), oracleFingerprint(t.toUpperCase(), w), 0n]),
      );
    }), { numRuns: 60 });
  });

  it('featureHash is FNV-1a 64 + splitmix64 of the text as given', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 50 }), (s) => {
      expect(featureHash(s)).toBe(oracleHash(s));
    }), { numRuns: RUNS });
    expect(featureHash('')).toBe(oracleHash(''));
    const big = 'ab\u00e9'.repeat(200_000); // past the 256 KB input buffer
    expect(featureHash(big)).toBe(oracleHash(big));
  });

  it('Final_Sigma is decided by what follows in the token, however far', () => {
    const marks = '\u05b0'.repeat(300); // case-ignorable letters: 600 bytes, past the token buffer
    for (const w of [1, 3, 5]) {
      const hasher = createSimHash({ shingle: w });
      for (const t of [`AΣ${marks}`, `AΣ${marks}b`, `AΣ${marks}1`, `AΣ${marks}Σ${marks}`, `AΣ${marks}Σ${marks}b x`, `${marks}Σ${marks}`, 'ΟΔΟΣ Σ AΣ1 AΣb A\u0345Σ \u02b0Σ']) {
        expect(hasher.fingerprint(t), `${w} ${t.slice(0, 8)}`).toBe(oracleFingerprint(t, w));
        expect(Array.from(hasher.features(t))).toEqual(oracleFeatures(t, w));
      }
    }
  });

  it('hands over between the fast paths and the general one at every kind of two-byte sequence', () => {
    // After w tokens the fast paths run; each of these must either be taken or handed back.
    const kinds = [
      'é', 'Ж', 'ж', 'Σ', 'ς', '\u0345', '\u05b0', 'İ', 'ı', '«', '\u00a0', '×', 'ß', 'Ⱥ', '😀', '\ud800', '1', ' ',
      // three-byte: letters already lowercase (taken), cased ones that lower (handed back), separators, marks
      '中', 'ア', '가', 'ạ', 'Ạ', 'ﬀ', 'Ａ', 'ᾼ', '’', '…', '\u200b', 'ं', '\u1dc0', 'ⅷ', 'Ⅷ', '\ufffd',
    ];
    for (const w of [1, 2, 3, 4, 5]) {
      const hasher = createSimHash({ shingle: w });
      for (const a of kinds) {
        for (const b of kinds) {
          const t = `one two three four ${a}x${b} x${a} ${b}five ${a}${b}${a} end`;
          expect(hasher.fingerprint(t), JSON.stringify([w, a, b])).toBe(oracleFingerprint(t, w));
        }
      }
    }
  });
});
