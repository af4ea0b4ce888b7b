// Pure-engine streams: cut inside surrogate pairs, UTF-8 sequences, tokens and an undecided final
// sigma; mixed string and byte chunks; a several-MB text one-shot, as bytes and streamed. The
// expected values come from the plain oracle (test/support/fingerprint-oracle.ts), not from the engine itself.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSimHash } from '../../packages/simhash-wasm/src/pure/index.js';
import { oracleFingerprint } from '../support/fingerprint-oracle.js';
import { lcgUniform } from '../support/random.js';

const encoder = new TextEncoder();

// Long ASCII tokens, astral letters, a token mixing ASCII and not, sigma pending over a cut, digits.
const TRICKY = [
  'a😀b 𝐀x\u00e9\u4e2dΣ𝐁',
  'ΟΔΟΣ οδοσ AΣʰʰ AΣʰB AΣ1 İstanbul straße',
  'abcdefghijklmnopqrstuvwxyz0123456789 café\u00e9t\u00e9 x\u0345Σ\u0345 \ud83d lone \ude00 end',
];

describe('pure streams equal one-shot, cut anywhere', () => {
  it.each(TRICKY)('every pair of cut points in %j, as strings and as bytes', (text) => {
    const bytes = encoder.encode(text);
    for (const w of [1, 2, 3, 5]) {
      const hasher = createSimHash({ shingle: w });
      const want = oracleFingerprint(text, w);
      expect(hasher.fingerprint(text)).toBe(want);
      expect(hasher.fingerprint(bytes)).toBe(want);
      for (let i = 0; i <= text.length; i++) {
        for (let j = i; j <= text.length; j++) {
          const got = hasher.stream().update(text.slice(0, i)).update(text.slice(i, j)).update(text.slice(j)).digest();
          if (got !== want) expect({ w, i, j, got }).toEqual({ w, i, j, got: want });
        }
      }
      for (let i = 0; i <= bytes.length; i++) {
        for (let j = i; j <= bytes.length; j += 3) {
          const got = hasher.stream().update(bytes.subarray(0, i)).update(bytes.subarray(i, j)).update(bytes.subarray(j)).digest();
          if (got !== want) expect({ w, i, j, got }).toEqual({ w, i, j, got: want });
        }
      }
      expect(text.split('').reduce((s, unit) => s.update(unit), hasher.stream()).digest()).toBe(want);
      expect([...bytes].reduce((s, b) => s.update(Uint8Array.of(b)), hasher.stream()).digest()).toBe(want);
    }
  });

  it('chunks of strings and bytes mixed: as if their UTF-8 were joined (strings side by side join first)', () => {
    const chunk = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.constantFrom('\ud83d', '\ude00', 'Σ', 'ʰ', 'a', ' '),
      fc.uint8Array({ maxLength: 6 }),
      fc.constantFrom(Uint8Array.of(0xf0, 0x9f), Uint8Array.of(0x98, 0x80), Uint8Array.of(0xce), Uint8Array.of(0xa3), Uint8Array.of(0xed, 0xa0)),
    );
    fc.assert(fc.property(fc.array(chunk, { maxLength: 12 }), fc.integer({ min: 1, max: 5 }), (chunks, w) => {
      const hasher = createSimHash({ shingle: w });
      const joined: number[] = [];
      let pendingString = '';
      for (const c of chunks) {
        if (typeof c === 'string') { pendingString += c; continue; }
        if (c.length === 0) continue; // an empty chunk changes nothing, even between surrogate halves
        joined.push(...encoder.encode(pendingString), ...c);
        pendingString = '';
      }
      joined.push(...encoder.encode(pendingString));
      const want = oracleFingerprint(Uint8Array.from(joined), w);
      expect(chunks.reduce((s, c) => s.update(c), hasher.stream()).digest()).toBe(want);
    }), { numRuns: 3000 });
  });

  it('a several-MB text: one call, its bytes, and random cuts of both agree (and with the oracle)', () => {
    const random = lcgUniform(7);
    const pieces: string[] = [];
    let length = 0;
    while (length < 3_000_000) {
      const piece = TRICKY[Math.floor(random() * TRICKY.length)] + ` w${Math.floor(random() * 5000)} AΣ${'ʰ'.repeat(Math.floor(random() * 3))} `;
      pieces.push(piece);
      length += piece.length;
    }
    const text = pieces.join('');
    const bytes = encoder.encode(text);
    for (const w of [3, 6]) {
      const hasher = createSimHash({ shingle: w });
      const want = hasher.fingerprint(text);
      if (w === 3) expect(want).toBe(oracleFingerprint(text, w)); // the oracle is slow: once is enough
      expect(hasher.fingerprint(bytes)).toBe(want);
      const strings = hasher.stream();
      for (let at = 0; at < text.length;) {
        const next = Math.min(text.length, at + 1 + Math.floor(random() * 300_000));
        strings.update(text.slice(at, next));
        at = next;
      }
      expect(strings.digest()).toBe(want);
      const byteStream = hasher.stream();
      for (let at = 0; at < bytes.length;) {
        const next = Math.min(bytes.length, at + 1 + Math.floor(random() * 300_000));
        byteStream.update(bytes.subarray(at, next));
        at = next;
      }
      expect(byteStream.digest()).toBe(want);
    }
  }, 120_000);

  it('a 100 MB document is fingerprinted without holding copies of it', () => {
    const unit = encoder.encode('Lorem ipsum dolor sit amet, ΟΔΟΣ café 😀 consectetur 12345 adipiscing elit. ');
    const bytes = new Uint8Array(100 * 1024 * 1024);
    for (let at = 0; at < bytes.length; at += unit.length) bytes.set(unit.subarray(0, Math.min(unit.length, bytes.length - at)), at);
    const hasher = createSimHash({ shingle: 3 });
    const before = process.memoryUsage();
    const whole = hasher.fingerprint(bytes);
    const after = process.memoryUsage();
    // The engine's own state is a few KB; allow for GC noise, but not for a copy of the input.
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(8 * 1024 * 1024);
    expect(after.heapUsed - before.heapUsed).toBeLessThan(32 * 1024 * 1024);
    // Whole = the same bytes streamed in 1 MiB slices (no copies either: subarray views).
    const stream = hasher.stream();
    for (let at = 0; at < bytes.length; at += 1 << 20) stream.update(bytes.subarray(at, at + (1 << 20)));
    expect(stream.digest()).toBe(whole);
    expect(whole).not.toBe(0n);
  }, 120_000);
});
