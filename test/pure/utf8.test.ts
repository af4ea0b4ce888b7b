// Pure engine on invalid UTF-8: fp(bytes) === fp(new TextDecoder().decode(bytes)), on crafted
// sequences (overlongs, encoded surrogates, truncations followed by ASCII or by more non-ASCII,
// bytes above F4, bounds of every lead byte), exhaustively over short sequences, and at random.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSimHash } from '../../packages/simhash-wasm/src/pure/index.js';

const decoder = new TextDecoder();
const hashers = [1, 2, 3, 5].map((shingle) => createSimHash({ shingle }));

const CRAFTED: [string, number[]][] = [
  ['overlong 2-byte', [0xc0, 0x80, 0xc1, 0xbf]],
  ['overlong 3-byte', [0xe0, 0x80, 0x80, 0xe0, 0x9f, 0xbf]],
  ['overlong 4-byte', [0xf0, 0x80, 0x80, 0x80, 0xf0, 0x8f, 0xbf, 0xbf]],
  ['surrogates in UTF-8', [0xed, 0xa0, 0x80, 0xed, 0xbf, 0xbf, 0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80]],
  ['last before surrogates', [0xed, 0x9f, 0xbf]],
  ['above U+10FFFF', [0xf4, 0x90, 0x80, 0x80, 0xf5, 0x80, 0x80, 0x80]],
  ['U+10FFFF', [0xf4, 0x8f, 0xbf, 0xbf]],
  ['F5..FF', [0xf5, 0xf6, 0xf7, 0xf8, 0xfb, 0xfc, 0xfd, 0xfe, 0xff]],
  ['lone continuations', [0x80, 0x8f, 0xbf]],
  ['truncated 2-byte then ASCII', [0xc3, 0x41, 0x42]],
  ['truncated 3-byte then ASCII', [0xe2, 0x82, 0x41]],
  ['truncated 4-byte then ASCII', [0xf0, 0x9f, 0x98, 0x41]],
  ['truncated then a letter', [0xe2, 0x82, 0xc3, 0xa9, 0x78]],
  ['truncated then a 4-byte letter', [0xf0, 0x9f, 0xf0, 0x9d, 0x90, 0x80]],
  ['truncated at the end', [0x61, 0xf0, 0x9f, 0x98]],
  ['E0 lower bound', [0xe0, 0xa0, 0x80, 0x61, 0xe0, 0x9f, 0x80]],
  ['F0 lower bound', [0xf0, 0x90, 0x80, 0x80, 0x61, 0xf0, 0x8f, 0x80, 0x80]],
  ['valid letters of every length', [0x61, 0xc3, 0xa9, 0xe4, 0xb8, 0xad, 0xf0, 0x9d, 0x90, 0x80, 0x62]],
  ['sigma broken by a bad byte', [0x41, 0xce, 0xa3, 0xcb, 0x41, 0xce, 0xa3, 0xff, 0x42]],
  ['NUL and DEL', [0x61, 0x00, 0x62, 0x7f, 0x63]],
];

function expectAsDecoded(bytes: Uint8Array): void {
  const text = decoder.decode(bytes);
  for (const hasher of hashers) {
    expect(hasher.fingerprint(bytes)).toBe(hasher.fingerprint(text));
    expect(Array.from(hasher.features(bytes))).toEqual(Array.from(hasher.features(text)));
  }
}

describe('pure engine decodes UTF-8 as TextDecoder does', () => {
  it.each(CRAFTED)('%s, between letters and inside tokens', (_name, sequence) => {
    const word = [0x77, 0x6f, 0x72, 0x64]; // "word"
    expectAsDecoded(Uint8Array.from(sequence));
    expectAsDecoded(Uint8Array.from([...word, 0x20, ...sequence, 0x20, ...word]));
    expectAsDecoded(Uint8Array.from([...word, ...sequence, ...word, ...sequence]));
    expectAsDecoded(Uint8Array.from([0xc3, 0xa9, ...sequence, 0xc3, 0xa9, 0x20, 0x61]));
  });

  it('every sequence of up to 3 bytes from the bytes that matter, inside a token', () => {
    const interesting = [0x00, 0x20, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xce, 0xdf, 0xe0, 0xe1, 0xed, 0xef, 0xf0, 0xf1, 0xf4, 0xf5, 0xff];
    const hasher = hashers[1];
    const misses: string[] = [];
    const check = (middle: number[]) => {
      const bytes = Uint8Array.from([0x61, 0xc3, 0xa9, ...middle, 0x62, 0x20, 0x63]);
      if (hasher.fingerprint(bytes) !== hasher.fingerprint(decoder.decode(bytes))) misses.push(middle.map((b) => b.toString(16)).join(' '));
    };
    for (const a of interesting) {
      check([a]);
      for (const b of interesting) {
        check([a, b]);
        for (const c of interesting) check([a, b, c]);
      }
    }
    expect(misses.slice(0, 10)).toEqual([]);
  });

  it('every 2-byte sequence, between ASCII letters', () => {
    const hasher = hashers[2];
    const bytes = Uint8Array.from([0x61, 0x62, 0, 0, 0x63, 0x20, 0x64]);
    const misses: string[] = [];
    for (let a = 0; a < 256; a++) {
      for (let b = 0; b < 256; b++) {
        bytes[2] = a;
        bytes[3] = b;
        if (hasher.fingerprint(bytes) !== hasher.fingerprint(decoder.decode(bytes))) misses.push(`${a.toString(16)} ${b.toString(16)}`);
      }
    }
    expect(misses.slice(0, 10)).toEqual([]);
  });

  it('random bytes, and random bytes rich in lead and continuation bytes', () => {
    const rich = fc.array(fc.constantFrom(0x41, 0x7a, 0x20, 0x2e, 0xc3, 0xa9, 0xce, 0xa3, 0xe0, 0xa0, 0xed, 0x9f, 0xf0, 0x90, 0xf4, 0x8f, 0xbf, 0x80, 0xff, 0xc0, 0xe4, 0xb8), { maxLength: 80 });
    fc.assert(fc.property(fc.oneof(fc.uint8Array({ maxLength: 120 }), rich.map((b) => Uint8Array.from(b))), (bytes) => {
      const text = decoder.decode(bytes);
      for (const hasher of hashers) expect(hasher.fingerprint(bytes)).toBe(hasher.fingerprint(text));
    }), { numRuns: 5000 });
  });
});
