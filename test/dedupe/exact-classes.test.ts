// The exact tier's classes (grouping/exact-classes.ts): built batch by batch as the reading gives them, or at once,
// they are the classes a plain map from digest to first document gives; digests that share their first 32 bits (the
// table's probe key) but differ after stay apart, and a document without tokens is in no class.
import { describe, expect, it } from 'vitest';
import { DIGEST_BYTES } from 'simhash-wasm/internal';
import { ExactClasses, exactClasses } from '../../packages/corpus/src/grouping/exact-classes.js';
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
  it('batch by batch, and at once, as a map from digest to first document gives them', () => {
    for (const seed of [1, 2, 3]) {
      const { digests, tokens } = corpus(20_000, seed);
      const want = Array.from(reference(digests, tokens));
      expect(Array.from(exactClasses(digests, tokens, tokens.length))).toEqual(want);
      const random = new Random(seed + 10);
      const classes = new ExactClasses();
      for (let at = 0; at < tokens.length; ) {
        const end = Math.min(tokens.length, at + random.below(3000));
        classes.add(digests.subarray(at * DIGEST_BYTES, end * DIGEST_BYTES), tokens.subarray(at, end));
        at = end;
      }
      expect(classes.length).toBe(tokens.length);
      expect(Array.from(classes.classOf)).toEqual(want);
      expect(Array.from(classes.digests)).toEqual(Array.from(digests));
    }
  });

  it('refuses digests that do not match the token counts, and documents after finish()', () => {
    expect(() => new ExactClasses().add(new Uint8Array(DIGEST_BYTES), new Uint32Array(2))).toThrow(RangeError);
    const classes = new ExactClasses();
    classes.add(new Uint8Array(DIGEST_BYTES), Uint32Array.of(3));
    expect(Array.from(classes.finish().classOf)).toEqual([0]);
    expect(() => classes.add(new Uint8Array(DIGEST_BYTES), Uint32Array.of(3))).toThrow(/after finish/);
  });
});
