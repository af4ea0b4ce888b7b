// Every code point through both engines: the WASM module builds its lookup tables when it starts (unpacked from
// LEB128 bytes, filled segment by segment: assembly/tables.ts, lookup.ts, multibyte.ts), the pure engine reads the
// generated arrays as they are, so a slip in the packing or the filling shows here as a code point the engines
// tokenize differently. Each code point stands alone, inside a word, next to itself and after a capital sigma,
// so the WASM fast paths (two- and three-byte sequences) and its general path all see it.
import { beforeAll, describe, expect, it } from 'vitest';
import * as wasm from '../../packages/simhash-wasm/src/index.js';
import * as pure from '../../packages/simhash-wasm/src/pure/index.js';
import type { Tokenization } from '../../packages/simhash-wasm/src/core/types.js';

beforeAll(() => wasm.init());

/** Code points U+0080..U+10FFFF (no surrogates) in texts of `per` code points each. */
function* blocks(per: number): Generator<[number, string]> {
  for (let first = 0x80; first <= 0x10ffff; first += per) {
    let text = 'start ';
    for (let cp = first; cp < first + per && cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const c = String.fromCodePoint(cp);
      text += `${c} a${c}b ${c}${c}Σ${c} `;
    }
    yield [first, text];
  }
}

describe.each(['words', 'cjk-chars'] as Tokenization[])('tokens %s: every code point', (tokens) => {
  it('gives the same features in both engines', () => {
    const [a, b] = [wasm.createSimHash({ shingle: 1, tokens }), pure.createSimHash({ shingle: 1, tokens })];
    let blocksChecked = 0;
    for (const [first, text] of blocks(4096)) {
      const got = a.features(text);
      const expected = b.features(text);
      if (got.length !== expected.length || got.some((h, i) => h !== expected[i])) {
        expect.fail(`the engines differ on U+${first.toString(16)}..+4095 (tokens ${tokens})`);
      }
      blocksChecked++;
    }
    expect(blocksChecked).toBe(Math.ceil((0x110000 - 0x80) / 4096));
  });
});
