// simhash-wasm/internal: the building blocks the sibling packages of this repository (simhash-wasm-corpus,
// simhash-wasm-redis) share with the library: argument checks and their messages, the pipeline's defaults, the
// index's layout planning, the corpus's feature kernels (its digest and sketch in WebAssembly, kept out of the browser
// bundles), and the layout of the command line's index file with sketches, whose index the library
// reads. Browser-safe, like the entries (the corpus's HTML extraction uses it); the pool's task machinery, which needs
// worker threads, is simhash-wasm/internal/pool (pool.ts). Not part of the documented API:
// it changes with the siblings, which are released together with this package at one version.
export { assertFingerprint, describe, popcount32 } from '../core/bits.js';
export { HALF_HI, HALF_LO, halvesView } from '../core/halves.js';
export { assertAttached } from '../core/detached.js';
export type { FeatureSink } from '../core/types.js';
export { DEFAULT_HASHER_VERSION, DEFAULT_SHINGLE, DEFAULT_TOKENS } from '../core/options.js';
export { ENGINE_NAMES, TERM_WEIGHTS, TOKENIZATIONS } from '../core/types.js';
export { binomial, makeLayout, MAX_TABLES } from '../block-index/plan/layout.js';
export { estimatePairsNs } from '../block-index/plan/cost-model.js';
export type { Layout } from '../block-index/types.js';
export { checkBigUint64Array, checkDistance, checkVersion } from '../block-index/validate.js';
export { SKETCH_WRAPPER } from '../block-index/file/sketch-wrapper.js';
export { createFeatureKernels, DIGEST_BYTES, MAX_SKETCH_BINS, type FeatureKernels } from '../wasm/feature-kernels.js';
export { LINE_ROW, RecordScanner, type RecordKeys } from '../wasm/record-scanner.js';
export { PairSampler } from '../wasm/pair-sampler.js';
