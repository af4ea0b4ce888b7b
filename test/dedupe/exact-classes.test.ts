// The exact tier's classes (grouping/exact-classes.ts) are the classes a plain map from digest to first document
// gives, from the digests in one array or in parts; digests that share their first 32 bits (the table's probe key)
// but differ after stay apart, and a document without tokens is in no class.
import { describe, expect, it } from 'vitest';
import { DIGEST_BYTES } from 'simhash-wasm/internal';
import { exactClasses } from '../../packages/corpus/src/grouping/exact-classes.js';
import { Random } from '../../packages/corpus/src/evaluation/random.js';

function corpus(n: number, seed: number): { digests: Uint8Array; tokens: Uint32Array } {
  const random = new Random(seed);
  const digests = new Uint8Array(n * DIGEST_BYTES);
  const tokens = new Uint32Array(n);
  for (let d = 0; d < n; d++) {
    const at = d * DIGEST_BYTES;
    const r = random.next();
    if (d > 0 && r < 0.2) digests.copyWithin(at, random.below(d) * DIGEST_BYTES, random.below(d) * DIGEST_BYTES + DIGEST_BYTES); // a copy
    else for (let i = 0; i < DIGEST_BYTES; i++) digests[at + i] = random.below(256);
    if (d > 0 && r >= 0.2 && r < 0.3) digests.copyWithin(at, (d - 1) * DIGEST_BYTES, (d - 1) * DIGEST_BYTES + 4); // same probe key, another text
    tokens[d] = random.next() < 0.05 ? 0 : 1 + random.below(500);
  }
  return { digests, tokens };
}

function reference(digests: Uint8Array, tokens: Uint32Array): Int32Array {
  const first = new Map<string, number>();
  return Int32Array.from(tokens, (count, d) => {
    if (count === 0) return -1;
    const key = Buffer.from(digests.subarray(d * DIGEST_BYTES, (d + 1) * DIGEST_BYTES)).toString('hex');
    if (!first.has(key)) first.set(key, d);
    return first.get(key)!;
  });
}

describe('exact classes', () => {
  it('as a map from digest to first document gives them, probe-key collisions apart', () => {
    for (const seed of [1, 2, 3]) {
      const { digests, tokens } = corpus(20_000, seed);
      expect(Array.from(exactClasses(digests, tokens, tokens.length))).toEqual(Array.from(reference(digests, tokens)));
      // The first n documents alone: the same classes as their own corpus.
      const n = 777;
      expect(Array.from(exactClasses(digests, tokens, n))).toEqual(Array.from(reference(digests.subarray(0, n * DIGEST_BYTES), tokens.subarray(0, n))));
    }
  });

  it('gives the same classes from the digests in parts (a run\'s batches, some empty) as from one array', () => {
    for (const seed of [4, 5]) {
      const { digests, tokens } = corpus(20_000, seed);
      const random = new Random(seed);
      const parts: Uint8Array[] = [];
      for (let d = 0; d < tokens.length; ) {
        const size = random.next() < 0.1 ? 0 : 1 + random.below(900);
        parts.push(digests.slice(d * DIGEST_BYTES, Math.min(tokens.length, d + size) * DIGEST_BYTES));
        d += size;
      }
      parts.push(new Uint8Array(0));
      expect(parts.length).toBeGreaterThan(30);
      expect(Array.from(exactClasses(parts, tokens, tokens.length))).toEqual(Array.from(reference(digests, tokens)));
      expect(Array.from(exactClasses(parts, tokens, 777))).toEqual(Array.from(reference(digests.subarray(0, 777 * DIGEST_BYTES), tokens.subarray(0, 777))));
    }
  });

  it('refuses digests or token counts that do not cover the documents', () => {
    expect(() => exactClasses(new Uint8Array(DIGEST_BYTES), new Uint32Array(2), 2)).toThrow(RangeError);
    expect(() => exactClasses([new Uint8Array(DIGEST_BYTES), new Uint8Array(0)], new Uint32Array(2), 2)).toThrow(RangeError);
  });
});
