// simhash-wasm/pool (Node only): fingerprint large batches on every core with worker threads.
export { createFingerprintPool, type FingerprintPool, type FingerprintPoolOptions } from './fingerprint-pool.js';
