// queryMany and pairs() of a SimHashIndex on a worker pool whose workers serve the index tasks (index-tasks.ts): the
// library's own index pool (index-pool.ts), or a sibling package's pool that serves them beside its own tasks (the
// corpus job's, which searches the index of the documents it has just read with the workers that read them). The
// index's snapshot (its tables on a SharedArrayBuffer, block-index/shared/snapshot.ts) goes to every worker once; then
// each call is cut into shares (stretches of the queries, or parts of the pairs work), searched in parallel by the
// index's own code, and put back in order, so the answer equals the index's own queryMany / pairs(), bit for bit.
import { SimHashIndex } from '../block-index/simhash-index.js';
import { noPairs } from '../block-index/pairs/pairs.js';
import { mergePairs, mergeQueryResults } from '../block-index/shared/merge-shares.js';
import { isCompact, snapshotIndex, type IndexSnapshot } from '../block-index/shared/snapshot.js';
import type { PairsResult, QueryManyResult } from '../block-index/types.js';
import { checkBigUint64Array, checkDistance } from '../block-index/validate.js';
import { describe } from '../core/bits.js';
import { pairsTask, queryManyTask } from './index-tasks.js';
import { LoadedSnapshots } from './loaded-snapshots.js';
import type { WorkerPool } from './worker-pool.js';

/** An index, or a snapshot of one (snapshotIndex): a snapshot answers for the index as it was when taken. */
export type IndexSource = SimHashIndex | IndexSnapshot;

export interface IndexSearch {
  /**
   * `index.queryMany(fingerprints, maxDistance)` on the workers: the same offsets, ids and distances. The index is
   * read as it is at the call (its snapshot is taken before this returns): writes after the call do not change
   * the answer.
   */
  queryMany(index: IndexSource, fingerprints: BigUint64Array, maxDistance?: number): Promise<QueryManyResult>;
  /** `index.pairs(maxDistance)` on the workers: the same pairs in the same order. */
  pairs(index: IndexSource, maxDistance?: number): Promise<PairsResult>;
}

/** How calls are cut into shares. */
export interface ShareSizes {
  /**
   * Shares per thread: enough to even out shares of unequal cost, few enough to keep each large. The pool queues two
   * tasks on a worker at once (worker-pool.ts), so at the end one worker may still hold two shares while the other
   * has none: the threads can finish up to two shares apart. At 4 a thread the corpus job's pairs() within 11 over
   * 1M documents ended with one worker idle for 0.4 s of its 1.8; at 16 they end together.
   */
  readonly perThread: number;
  /** Fewest queries worth a share of their own (below that the messages cost more than the search). */
  readonly minQueries: number;
  /** Fewest stored fingerprints per part of the pairs work. */
  readonly minPairsPart: number;
}

export const SHARES: ShareSizes = { perThread: 16, minQueries: 2048, minPairsPart: 8192 };

/** Searches on `pool`, whose workers must serve index-tasks.ts's tasks. */
export function searchOnPool(pool: WorkerPool, sizes: ShareSizes = SHARES): IndexSearch {
  const loaded = new LoadedSnapshots(pool);
  const { threads } = pool;
  return {
    async queryMany(index, fingerprints, maxDistance) {
      const snapshot = snapshotOf(index);
      checkBigUint64Array(fingerprints, 'fingerprints');
      const k = maxDistance === undefined ? snapshot.maxDistance : checkDistance(maxDistance, 'maxDistance', snapshot.maxDistance);
      const n = fingerprints.length;
      if (n === 0 || snapshot.size === 0) return emptyQueries(n);
      // One copy of the batch on shared memory (not one per share), made now: the caller may reuse its array.
      const queries = new BigUint64Array(new SharedArrayBuffer(8 * n));
      queries.set(fingerprints);
      const shares = Math.max(1, Math.min(threads * sizes.perThread, Math.floor(n / sizes.minQueries)));
      return loaded.using(snapshot, async (id) => mergeQueryResults(await Promise.all(Array.from({ length: shares }, (_, s) => {
        const start = Math.floor((n * s) / shares), end = Math.floor((n * (s + 1)) / shares);
        return pool.run(queryManyTask, { id, queries, start, end, k });
      }))));
    },
    async pairs(index, maxDistance) {
      // pairs() works on one run: the index is compacted first (as its own pairs() does).
      const snapshot = snapshotOf(index, true);
      const k = maxDistance === undefined ? snapshot.maxDistance : checkDistance(maxDistance, 'maxDistance', snapshot.maxDistance);
      if (snapshot.size === 0) return noPairs();
      const parts = Math.max(1, Math.min(threads * sizes.perThread, Math.floor(snapshot.size / sizes.minPairsPart)));
      return loaded.using(snapshot, async (id) => mergePairs(await Promise.all(Array.from({ length: parts }, (_, part) => pool.run(pairsTask, { id, k, part, parts })))));
    },
  };
}

function snapshotOf(index: IndexSource, compact = false): IndexSnapshot {
  if (index instanceof SimHashIndex) return snapshotIndex(index, { compact });
  if (index !== null && typeof index === 'object' && typeof (index as IndexSnapshot).maxDistance === 'number' && Array.isArray((index as IndexSnapshot).runs)) {
    if (compact && !isCompact(index)) throw new TypeError('pairs() of a snapshot needs a compacted one: snapshotIndex(index, { compact: true })');
    return index;
  }
  throw new TypeError(`index must be a SimHashIndex or an IndexSnapshot, got ${describe(index)}`);
}

function emptyQueries(n: number): QueryManyResult {
  return { offsets: new Uint32Array(n + 1), ids: new Uint32Array(0), distances: new Uint8Array(0) };
}
