// Final_Sigma and the other lowercasing corners against String.prototype.toLowerCase applied to each
// token alone (the fingerprint definition, docs/fingerprint.md, "Definition", step 2): with w = 1 every token is one feature, so the pure engine's
// features must be the feature hashes of the tokens lowercased by JS, in order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSimHash, featureHash } from '../../packages/simhash-wasm/src/pure/index.js';

const ALNUM_RUN = /[\p{Alphabetic}\p{Nd}\p{Nl}\p{No}]+/gu;
const encoder = new TextEncoder();
const byWord = createSimHash({ shingle: 1 });

/** The tokens of a well-formed string, each lowercased alone by JS. */
function lowercasedTokens(text: string): string[] {
  return (text.match(ALNUM_RUN) ?? []).map((token) => token.toLowerCase());
}

function expectLikeToLowerCase(text: string): void {
  const tokens = lowercasedTokens(text);
  const want = tokens.map((token) => featureHash(token));
  expect(Array.from(byWord.features(text))).toEqual(want);
  expect(Array.from(byWord.features(encoder.encode(text)))).toEqual(want);
  // The same text pre-lowercased per token hashes alike, wherever a stream is cut.
  if (tokens.every((token) => token.match(ALNUM_RUN)?.[0] === token)) {
    expect(byWord.fingerprint(text)).toBe(byWord.fingerprint(tokens.join(' ')));
  }
  for (let cut = 0; cut <= text.length; cut++) {
    expect(byWord.stream().update(text.slice(0, cut)).update(text.slice(cut)).digest()).toBe(byWord.fingerprint(text));
  }
}

// ʰ (U+02B0) is Cased and Case_Ignorable, ʹ (U+02B9) and 々 (U+3005) Case_Ignorable only, U+0345
// Cased and Case_Ignorable (and alphabetic): a code point that is both is skipped, as ICU and Rust do.
const CASES = [
  'Σ', 'ΑΣ', 'ΣΑ', 'ΑΣΑ', 'ΑΣΣ', 'ΑΣΣΑ', 'ΟΔΟΣ ΟΔΟΣΟ Σ ΣΑΣ',
  'aΣ', 'AΣ', 'aΣb', 'aΣ1', '1Σ', 'a1Σ', 'Σa', 'ΣΣΣ',
  'ΑʰΣ', 'ΑΣʰ', 'ΑΣʰΑ', 'ʰΣ', 'ΑʹΣ', 'ΑΣʹ', 'ΑΣʹΑ', 'ʹΣ', '々Σ', 'Α々Σ々', 'ΑΣ々a',
  'Α\u0345Σ', 'ΑΣ\u0345', 'ΑΣ\u0345Α', '\u0345Σ', 'ΑΣ\u0345\u0345b',
  'ΑΣ' + 'ʹ'.repeat(700), 'ΑΣ' + 'ʹ'.repeat(700) + 'Α', 'ΑΣ' + 'ʰ'.repeat(300) + '1',
  'aΣ😀', 'aΣ\ud835\udc00', '\ud835\udc00Σ', 'İ', 'Aİb', 'İΣ', 'ΣİΣ', 'K\u212a', 'ΩΩ', 'ẞ', 'DžDŽdž',
  'straße İstanbul ÇAĞ ΆΈΉ Ϊ́', 'ΑΣ-ΑΣ ΑΣ.ΑΣ ΑΣ\u00a0ΑΣ',
];

describe('pure engine lowercases like String.prototype.toLowerCase per token', () => {
  it.each(CASES)('%j', (text) => expectLikeToLowerCase(text));

  it('random mixes of sigma, cased, case-ignorable and uncased code points', () => {
    const unit = fc.constantFrom('Σ', 'σ', 'ς', 'Α', 'a', 'Z', '1', 'ʰ', 'ʹ', '々', '\u0345', 'İ', 'é', '中', '𝐀', ' ', '.', '\u0301', '😀');
    fc.assert(fc.property(fc.array(unit, { maxLength: 16 }), (units) => {
      const text = units.join('');
      const want = lowercasedTokens(text).map((token) => featureHash(token));
      expect(Array.from(byWord.features(text))).toEqual(want);
      expect(Array.from(byWord.features(encoder.encode(text)))).toEqual(want);
    }), { numRuns: 4000 });
  });
});
