// The boilerplate sample's set arena (analysis/set-arena.ts): every set held reads back as it was given, through any
// number of compactions that keep some of them, across chunk boundaries, with sets of every size, one larger than a
// chunk too; and the room of dropped sets is used again.
import { describe, expect, it } from 'vitest';
import { SetArena, type HeldSet } from '../../packages/corpus/src/analysis/set-arena.js';
import { XorShift32 } from '../support/random.js';

function randomSet(random: XorShift32, words: number): Uint32Array {
  const set = new Uint32Array(words);
  for (let i = 0; i < words; i++) set[i] = random.u32();
  return set;
}

/** Whether two arrays hold the same words (toEqual on millions of words takes seconds). */
const same = (a: Uint32Array, b: Uint32Array) => Buffer.compare(Buffer.from(a.buffer, a.byteOffset, a.byteLength), Buffer.from(b.buffer, b.byteOffset, b.byteLength)) === 0;

describe('SetArena', () => {
  it('gives back every set held, as given, through compactions that keep some (chunks of 4M words crossed)', () => {
    const random = new XorShift32(17);
    const arena = new SetArena();
    const held: (HeldSet & { expected: Uint32Array })[] = [];
    let chunks = 0;
    for (let round = 0; round < 8; round++) {
      for (let i = 0; i < 60; i++) {
        // Mostly small sets, a quarter of 200k to 600k words, so the 4M-word chunks fill and the cursor moves on.
        const words = random.u32() % 4 === 0 ? 200_000 + (random.u32() % 400_000) : random.u32() % 700;
        const given = randomSet(random, words);
        const set = arena.hold(given);
        given.fill(0); // the caller's array is its own: the arena made a copy
        held.push({ set, expected: set.slice() });
      }
      const kept = held.filter(() => random.u32() % 3 !== 0);
      arena.compact(kept);
      held.length = 0;
      held.push(...kept);
      expect(held.every((h) => same(h.set, h.expected))).toBe(true);
      chunks = Math.max(chunks, new Set(held.map((h) => h.set.buffer)).size);
    }
    expect(chunks).toBeGreaterThanOrEqual(2);
  });

  it('moves the sets kept toward the front, so the room of dropped ones is used again', () => {
    const random = new XorShift32(3);
    const arena = new SetArena();
    const first = Array.from({ length: 100 }, () => ({ set: arena.hold(randomSet(random, 1000)) }));
    const kept = first.filter((_, i) => i % 2 === 1);
    arena.compact(kept);
    // The first set kept now starts where the first set held did, and a new set goes right after the last kept.
    expect(kept[0].set.byteOffset).toBe(0);
    expect(kept[49].set.byteOffset).toBe(49 * 1000 * 4);
    const next = arena.hold(randomSet(random, 10));
    expect(next.buffer).toBe(kept[0].set.buffer);
    expect(next.byteOffset).toBe(50 * 1000 * 4);
  });

  it('keeps a set larger than a chunk in an array of its own, through compactions', () => {
    const random = new XorShift32(9);
    const arena = new SetArena();
    const big = randomSet(random, (1 << 22) + 5);
    const small = randomSet(random, 20);
    const held = [{ set: arena.hold(small) }, { set: arena.hold(big) }, { set: arena.hold(small) }];
    expect(held[1].set.buffer).not.toBe(held[0].set.buffer);
    arena.compact([held[1], held[2]]);
    expect(same(held[1].set, big)).toBe(true);
    expect(same(held[2].set, small)).toBe(true);
    expect(held[2].set.byteOffset).toBe(0);
  });
});
