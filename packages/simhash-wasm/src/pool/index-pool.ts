// queryMany and pairs() of a SimHashIndex on worker threads of their own (index-search.ts does the searching: the
// same pairs and results as the index's own, bit for bit).
import { checkThreads, defaultThreads } from './fingerprint-pool.js';
import { searchOnPool, SHARES, type IndexSearch, type ShareSizes } from './index-search.js';
import { WorkerPool } from './worker-pool.js';
import { findWorkerScript, type WorkerScript } from './worker-url.js';
import { describe } from '../core/bits.js';

export type { IndexSource, ShareSizes } from './index-search.js';

export interface IndexPoolOptions {
  /** Worker threads; default the number of cores (os.availableParallelism()). */
  threads?: number;
}

export interface IndexPool extends IndexSearch {
  readonly threads: number;
  /** Ends the workers; calls still waiting reject. */
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** Starts the workers; resolves when all are ready. */
export async function createIndexPool(options: IndexPoolOptions = {}): Promise<IndexPool> {
  if (options === null || typeof options !== 'object') throw new TypeError(`options must be an object, got ${describe(options)}`);
  const threads = options.threads === undefined ? defaultThreads() : checkThreads(options.threads, 'options.threads');
  return startIndexPool(threads, findWorkerScript(import.meta.url, { built: 'pool-worker.js', source: './worker.ts' }));
}

/** createIndexPool with a given worker script and share sizes (tests give one that can be made to die, and tiny shares). */
export async function startIndexPool(threads: number, script: WorkerScript, sizes: ShareSizes = SHARES): Promise<IndexPool> {
  // The workers need no hasher for the index: the pure engine's is built without compiling WebAssembly.
  const pool = await WorkerPool.start(threads, { engine: 'pure' }, script);
  const close = () => pool.close();
  return { threads, ...searchOnPool(pool, sizes), close, [Symbol.asyncDispose]: close };
}
