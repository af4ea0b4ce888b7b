// sortUint32 (analysis/sort-uint32.ts), the radix sort under the shingle sets and the boilerplate sample: the order
// of the built-in sort for every length around its thresholds (the built-in below SMALL, the reused buffer, one of
// its own past it), with duplicates and both ends of the range, and sorted in place.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortUint32 } from '../../packages/corpus/src/analysis/sort-uint32.js';
import { sortedUnique } from '../../packages/corpus/src/analysis/shingle-sets.js';

const uint32 = fc.integer({ min: 0, max: 0xffffffff });
const builtIn = (values: Uint32Array) => Uint32Array.from(values).sort();

describe('sortUint32', () => {
  it('orders any values as TypedArray.prototype.sort does, in place', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(uint32, fc.constantFrom(0, 1, 0xff, 0x100, 0x7fffffff, 0x80000000, 0xffffffff)), { maxLength: 600 }), (list) => {
        const values = Uint32Array.from(list);
        const want = builtIn(values);
        expect(sortUint32(values)).toBe(values);
        expect(Array.from(values)).toEqual(Array.from(want));
      }),
      { numRuns: 400 },
    );
  });

  it('at every length from 0 to 300 and past the reused buffer (70,000 and 200,000 values)', () => {
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0);
    for (const n of [...Array.from({ length: 301 }, (_, i) => i), 65_535, 65_536, 65_537, 70_000, 200_000]) {
      const values = Uint32Array.from({ length: n }, () => (n % 3 === 0 ? next() & 0xff0000ff : next()));
      const want = builtIn(values);
      sortUint32(values);
      expect(values.every((v, i) => v === want[i]), `length ${n}`).toBe(true);
    }
  });

  it('sortedUnique keeps each value once, ascending', () => {
    expect(Array.from(sortedUnique(Uint32Array.from([5, 0xffffffff, 5, 0, 3, 0, ...Array.from({ length: 200 }, (_, i) => (i * 7919) % 97)])))).toEqual([...new Set([0, 3, 5, 0xffffffff, ...Array.from({ length: 200 }, (_, i) => (i * 7919) % 97)])].sort((a, b) => a - b));
  });
});
