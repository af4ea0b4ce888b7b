// pairs() of an index the grouping builds after the reading (the candidates within k, the choice of k's exact tail),
// on the workers that did the reading: they serve the library's index search beside the analysis (worker.ts), so
// the search costs no pool of its own. At a wide k (the verified defaults choose k = 11 at 1M documents) pairs() is
// seconds of work that divides across threads; at a narrow one it is less than sharing the index's tables with the
// workers costs, and runs in this thread. Either way the pairs are the index's own, in its order.
import type { PairsResult, SimHashIndex } from 'simhash-wasm';
import { estimatePairsNs } from 'simhash-wasm/internal';
import type { IndexSearch } from 'simhash-wasm/internal/pool';

/** Below this estimated time, pairs() runs in this thread (copying the tables onto shared memory costs about 60 ms at 1M fingerprints). */
export const WORKERS_FROM_NS = 300e6;

export interface PairsSearch {
  /** index.pairs(k), on the workers when it is long enough to pay for sharing the index with them. */
  pairs(index: SimHashIndex, k: number): Promise<PairsResult>;
  /** Whether pairs() within k over n fingerprints would go to the workers (else the caller may let them go early). */
  usesWorkers(k: number, n: number): boolean;
  /**
   * No more work for the run's workers (searches, the verification's sets: AnalysisRun.recordSets): they end now,
   * before the grouping's memory peaks (when the run started them).
   */
  close(): Promise<void>;
}

/** In this thread only: one thread, or no workers to share. */
export const searchInThread: PairsSearch = {
  pairs: async (index, k) => index.pairs(k),
  usesWorkers: () => false,
  close: async () => {},
};

/**
 * A search on the workers `workers()` gives when asked (undefined: one thread; an analyzer for stdin starts its
 * workers only once the input has grown), which `close` ends; pairs() goes to them from `fromNs` estimated.
 */
export function pairsSearch(workers: () => IndexSearch | undefined, close: () => Promise<void>, fromNs = WORKERS_FROM_NS): PairsSearch {
  const usesWorkers = (k: number, n: number) => workers() !== undefined && estimatePairsNs(k, n) >= fromNs;
  return {
    pairs: async (index, k) => (usesWorkers(k, index.size) ? workers()!.pairs(index, k) : index.pairs(k)),
    usesWorkers,
    close,
  };
}
