// The corpus's sample of random pairs (packages/corpus's evaluation/distance-histogram.ts says what it is for): each
// pair's Hamming distance counted. In JavaScript 20M pairs took 0.6 to 0.8 s on the grouping's path, half of it the
// generator (a double per draw) and half two SWAR popcounts of halves; here a pair is two draws, two loads, one
// i64.popcnt. The pairs must be those of the JavaScript generator, draw for draw (the corpus's Random: mulberry32,
// each draw scaled as Math.floor(u / 2^32 · n)), so the same seed gives the same histogram wherever it is counted.

/** The generator's next 32-bit output from `state` (already advanced by the caller): mulberry32's mix. */
@inline
function mix(state: u32): u32 {
  let t = state;
  t = (t ^ (t >>> 15)) * (t | 1);
  t ^= t + (t ^ (t >>> 7)) * (t | 61);
  return t ^ (t >>> 14);
}

/** A draw scaled to [0, n) as Math.floor(u / 2^32 * n) does it: the same doubles, so the same index at any n. */
@inline
function scaled(u: u32, n: i32): i32 {
  return <i32>Math.floor(<f64>u / 4294967296.0 * <f64>n);
}

/**
 * Counts `pairs` random pairs of the `n` u64 fingerprints at `fingerprints` (n >= 2): a draws i below n, b draws j
 * below n - 1 (j past i moves up one), and counts[popcnt(f[i] ^ f[j])] (u32 at `counts`, 65 of them) grows by one.
 * `state` is the generator's state before; returns its state after.
 */
export function samplePairs(fingerprints: usize, n: i32, state: u32, pairs: i32, counts: usize): u32 {
  for (let s = 0; s < pairs; s++) {
    state += 0x6d2b79f5;
    const i = scaled(mix(state), n);
    state += 0x6d2b79f5;
    let j = scaled(mix(state), n - 1);
    j += <i32>(j >= i);
    const d = <usize>popcnt<u64>(load<u64>(fingerprints + (<usize>i << 3)) ^ load<u64>(fingerprints + (<usize>j << 3)));
    const at = counts + (d << 2);
    store<u32>(at, load<u32>(at) + 1);
  }
  return state;
}
