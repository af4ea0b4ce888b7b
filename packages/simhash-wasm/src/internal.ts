// simhash-wasm/internal: the building blocks the sibling packages of this repository (simhash-wasm-corpus,
// simhash-wasm-redis) share with the library: argument checks and their messages, the pipeline's defaults, the
// index's layout planning, and the worker pool's task machinery. Not part of the documented API (docs/api.md): it
// changes with the siblings, which are released together with this package at one version.
export { assertFingerprint, describe, popcount32 } from './core/bits.js';
export { assertAttached } from './core/detached.js';
export { DEFAULT_HASHER_VERSION, DEFAULT_SHINGLE, DEFAULT_TOKENS } from './core/options.js';
export { ENGINE_NAMES, TERM_WEIGHTS, TOKENIZATIONS } from './core/types.js';
export { binomial, makeLayout, MAX_TABLES } from './block-index/plan/layout.js';
export type { Layout } from './block-index/types.js';
export { checkBigUint64Array, checkDistance, checkVersion } from './block-index/validate.js';
export { loadEntry } from './pool/engine-entry.js';
export { defaultThreads, MAX_THREADS } from './pool/fingerprint-pool.js';
export { prepareTasks } from './pool/prepare-tasks.js';
export { serveTasks } from './pool/serve-tasks.js';
export type { Task } from './pool/task.js';
export { localPool } from './pool/task-pool.js';
export { WorkerPool } from './pool/worker-pool.js';
export { findWorkerScript } from './pool/worker-url.js';
