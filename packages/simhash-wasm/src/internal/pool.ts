// simhash-wasm/internal/pool (Node): the worker pool's task machinery for the sibling packages, which serve tasks
// of their own on it (simhash-wasm-corpus's document analysis, with its own worker script, which serves the index
// search too): the pool and a one-thread stand-in, a worker's serving loop, where a worker script is, the thread
// count rules, and the index search on a pool. Not part of the documented API, like simhash-wasm/internal (index.ts).
export { loadEntry } from '../pool/engine-entry.js';
export { defaultThreads, MAX_THREADS } from '../pool/fingerprint-pool.js';
export { indexTasks } from '../pool/index-tasks.js';
export { searchOnPool, type IndexSearch } from '../pool/index-search.js';
export { prepareTasks } from '../pool/prepare-tasks.js';
export { serveTasks } from '../pool/serve-tasks.js';
export type { Task, TaskContext } from '../pool/task.js';
export { localPool } from '../pool/task-pool.js';
export { WorkerPool } from '../pool/worker-pool.js';
export { findWorkerScript } from '../pool/worker-url.js';
