// The Redis index's rounds (packages/redis/src/rounds.ts): every item in exactly one round, in order, none larger
// than asked, and a round starts only once the one before has ended. queryMany, removeMany and each addMany batch
// go this way, so that no command's reply waits behind a whole batch's (the command timeout under load).
import { describe, expect, it } from 'vitest';
import { eachRound, ITEMS_PER_ROUND } from '../../packages/redis/src/rounds.js';

describe('eachRound', () => {
  it.each([0, 1, ITEMS_PER_ROUND - 1, ITEMS_PER_ROUND, ITEMS_PER_ROUND + 1, 3 * ITEMS_PER_ROUND + 17])('covers %i items once, in order, in rounds of at most ITEMS_PER_ROUND', async (count) => {
    const rounds: [number, number][] = [];
    await eachRound(count, async (start, end) => void rounds.push([start, end]));
    expect(rounds.length).toBe(Math.ceil(count / ITEMS_PER_ROUND));
    let next = 0;
    for (const [start, end] of rounds) {
      expect(start).toBe(next);
      expect(end - start).toBeGreaterThan(0);
      expect(end - start).toBeLessThanOrEqual(ITEMS_PER_ROUND);
      next = end;
    }
    expect(next).toBe(count);
  });

  it('takes a smaller size, and starts a round only after the one before has ended', async () => {
    const events: string[] = [];
    await eachRound(7, async (start, end) => {
      events.push(`start ${start}-${end}`);
      await new Promise((r) => setTimeout(r, 5));
      events.push(`end ${start}-${end}`);
    }, 3);
    expect(events).toEqual(['start 0-3', 'end 0-3', 'start 3-6', 'end 3-6', 'start 6-7', 'end 6-7']);
  });

  it('stops at a round that fails, and rejects with its error', async () => {
    const seen: number[] = [];
    const failing = eachRound(10, async (start) => {
      seen.push(start);
      if (start === 4) throw new Error('round 2 failed');
    }, 4);
    await expect(failing).rejects.toThrow('round 2 failed');
    expect(seen).toEqual([0, 4]);
  });
});
