// The engine's pass over a text already in this module's memory, for the corpus's analysis: the features land where
// the digest, the sketch and the shingle set read them (no copy out of the engine's module and into this one), voted
// with unit weights for the fingerprint. The calls, and their order, are those src/wasm/engine.ts's collectFeatures
// makes through the engine's own module: the engine's sources compiled into this one, so the same bits
// (test/wasm/feature-kernels.test.ts holds it to the engine's fingerprintWithFeatures). A text goes in whole: its
// features accumulate in the output, which has room for all of them, and votes are sums, whatever the slices.
import { configure, finishFeatures, reset, takeFeatures, update, votedFingerprint, voteUnits } from '../index';
import { MODE_FEATURES } from '../abi';

/**
 * The features of the `length` bytes of UTF-8 at `ptr` (the byte after them is overwritten meanwhile, then restored)
 * written at `out` (room for length + 2), its fingerprint at `fingerprintOut`; returns how many features.
 */
export function textFeatures(ptr: usize, length: i32, shingle: i32, tokens: i32, out: usize, fingerprintOut: usize): i32 {
  configure(shingle, MODE_FEATURES, out, length + 2, tokens);
  reset();
  if (length > 0) update(ptr, length);
  finishFeatures();
  const count = takeFeatures();
  voteUnits(out, count);
  store<u64>(fingerprintOut, votedFingerprint());
  return count;
}

/** The first byte past the engine's static data (its tables and live state): the JS side's areas start there. */
export function featuresHeapBase(): usize {
  return __heap_base;
}
