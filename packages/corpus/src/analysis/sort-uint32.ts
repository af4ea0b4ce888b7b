// Sorts unsigned 32-bit values in place: the boilerplate sample's millions of shingle hashes, the verification's sets
// joined, the leader grouping's nodes (a document's own set is made by the corpus kernels: shingle-sets.ts). An LSD radix sort of four 8-bit digits: on 300 random
// values 3.9 µs against TypedArray.prototype.sort's 6.5 (this machine, Node 20), whose per-call set-up and compares
// cost more than four counting passes. Below SMALL values the built-in sort is as fast, with no buffer to fill.

const SMALL = 96;
const DIGIT_BITS = 8;
const RADIX = 1 << DIGIT_BITS;
const PASSES = 32 / DIGIT_BITS;
/** Reused across calls (this thread's): sorts one at a time, never inside another. */
const counts = new Uint32Array(PASSES * RADIX);
/** The sort's second buffer, reused up to this size; a larger sort gets one of its own (not kept afterwards). */
const SCRATCH_KEPT = 1 << 16;
let scratch = new Uint32Array(1024);

export function sortUint32(values: Uint32Array): Uint32Array {
  const n = values.length;
  if (n < SMALL) return values.sort();
  let other: Uint32Array;
  if (n <= SCRATCH_KEPT) {
    if (scratch.length < n) scratch = new Uint32Array(SCRATCH_KEPT);
    other = scratch;
  } else {
    other = new Uint32Array(n);
  }
  counts.fill(0);
  for (let i = 0; i < n; i++) {
    const x = values[i];
    counts[x & 0xff]++;
    counts[RADIX + ((x >>> 8) & 0xff)]++;
    counts[2 * RADIX + ((x >>> 16) & 0xff)]++;
    counts[3 * RADIX + (x >>> 24)]++;
  }
  // Each digit's counts become the offsets its values start at.
  for (let pass = 0; pass < PASSES; pass++) {
    let sum = 0;
    for (let digit = pass * RADIX; digit < (pass + 1) * RADIX; digit++) {
      const count = counts[digit];
      counts[digit] = sum;
      sum += count;
    }
  }
  // Four passes (an even number): values -> other -> values -> other -> values, stable, least digit first.
  let from = values, to = other;
  for (let pass = 0; pass < PASSES; pass++) {
    const shift = pass * DIGIT_BITS, base = pass * RADIX;
    for (let i = 0; i < n; i++) {
      const x = from[i];
      to[counts[base + ((x >>> shift) & 0xff)]++] = x;
    }
    [from, to] = [to, from];
  }
  return values;
}
