// simhash-wasm/pool (Node only): fingerprint large batches, and search an index, on every core with worker threads.
export { createFingerprintPool, type FingerprintPool, type FingerprintPoolOptions } from './fingerprint-pool.js';
export { createIndexPool, type IndexPool, type IndexPoolOptions, type IndexSource } from './index-pool.js';
export { snapshotIndex, type IndexSnapshot, type SnapshotOptions } from '../block-index/shared/snapshot.js';
