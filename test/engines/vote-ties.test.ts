// The unit-weight counters at their block edges. Both engines count votes in blocks (the WASM module up to 255
// features per block, carry-save adders over 16 at a time and the rest one by one; the pure engine in blocks of 255
// with adders over 8), so the feature counts here sit on and around those edges. Two tokens occur equally often
// (w = 1, so each occurrence is one feature): wherever their hashes differ the counter is exactly 0, and one vote
// lost or counted twice anywhere turns that bit to 1 or keeps a 1 from a third token's vote. The oracle counts in
// BigInt, one vote at a time.
import { beforeAll, describe, expect, it } from 'vitest';
import { entries, initAll } from '../support/engines.js';
import { oracleFingerprint } from '../support/fingerprint-oracle.js';
import { XorShift32 } from '../support/random.js';

beforeAll(initAll);

const EACH = [1, 2, 7, 8, 9, 15, 16, 17, 31, 32, 33, 120, 127, 128, 135, 240, 247, 248, 255, 256, 383, 510, 1000];

/** `each` occurrences of two tokens and `extra` of a third, shuffled by a seeded generator. */
function document(each: number, extra: number, seed: number): string {
  const tokens = [...Array<string>(each).fill('alpha'), ...Array<string>(each).fill('beta'), ...Array<string>(extra).fill('gamma')];
  const random = new XorShift32(seed);
  for (let i = tokens.length - 1; i > 0; i--) {
    const j = random.below(i + 1);
    [tokens[i], tokens[j]] = [tokens[j], tokens[i]];
  }
  return tokens.join(' ');
}

describe.each(entries)('%s engine: votes on and around the counting blocks\' edges', (_name, entry) => {
  it.each(EACH)('%i + %i features of two tokens, with 0, 1 or 2 of a third', (each) => {
    const hasher = entry.createSimHash({ shingle: 1 });
    for (const extra of [0, 1, 2]) {
      const text = document(each, extra, 1000 * each + extra);
      const expected = oracleFingerprint(text, 1);
      expect(hasher.fingerprint(text), `string, ${extra} extra`).toBe(expected);
      expect(hasher.fingerprint(new TextEncoder().encode(text)), `bytes, ${extra} extra`).toBe(expected);
      expect(hasher.fingerprintMany([text, text])[1], `batch, ${extra} extra`).toBe(expected);
    }
  });

  it.each([16, 255, 256, 271, 510, 1000])('%i features of random words from a small vocabulary, 40 documents', (n) => {
    // Random votes leave many counters near 0 (about a third within 1 of it at n = 255), so a count off by one
    // or by a carry anywhere shows in some of the 40 x 64 bits.
    const random = new XorShift32(n);
    const vocabulary = Array.from({ length: 30 }, (_, i) => `v${i}x${random.u32().toString(36)}`);
    const hasher = entry.createSimHash({ shingle: 1 });
    for (let d = 0; d < 40; d++) {
      const text = Array.from({ length: n }, () => vocabulary[random.below(vocabulary.length)]).join(' ');
      expect(hasher.fingerprint(text), `document ${d}`).toBe(oracleFingerprint(text, 1));
    }
  });

  it('ties give 0 where the two hashes differ', () => {
    // The test's premise: with no third token every counter is 0 or +-2 x each, so bit b is set only where both
    // hashes have it; this must not be a fingerprint every count would give.
    const a = entry.featureHash('alpha');
    const b = entry.featureHash('beta');
    expect(a & b).not.toBe(a);
    expect(entry.createSimHash({ shingle: 1 }).fingerprint(document(255, 0, 3))).toBe(a & b);
  });
});
