// Searches of a snapshot by share: the queries from start to end, or one part of the pairs() work. Each share is
// answered exactly as the index answers the whole (the same Searcher and pair finder on the same tables), so the
// shares put together (merge-shares.ts) equal the index's own queryMany and pairs(), bit for bit.
import { describe } from '../../core/bits.js';
import { idPairs, noPairs, pairRows } from '../pairs/pairs.js';
import { QueryOrder } from '../query/query-order.js';
import { collectMany } from '../query/results.js';
import { Searcher } from '../query/search.js';
import type { InsertBuffer } from '../runs/insert-buffer.js';
import type { Run } from '../runs/run.js';
import { HALF_HI, HALF_LO, halvesView } from '../../core/halves.js';
import type { PairsResult, QueryManyResult } from '../types.js';
import { checkDistance } from '../validate.js';
import { isCompact, openBuffer, openRun, type IndexSnapshot } from './snapshot.js';

/** Queries searched at a time (scratch arrays of a few MB), as SimHashIndex.queryMany does. */
const QUERY_SLICE = 1 << 20;

export class SnapshotReader {
  readonly maxDistance: number;
  readonly #runs: Run[];
  readonly #buffer: InsertBuffer;
  readonly #compact: boolean;
  readonly #searcher = new Searcher();
  readonly #order = new QueryOrder();

  constructor(snapshot: IndexSnapshot) {
    if (snapshot === null || typeof snapshot !== 'object' || typeof snapshot.maxDistance !== 'number' || !Array.isArray(snapshot.runs) || typeof snapshot.buffer !== 'object') {
      throw new TypeError(`snapshot must be an IndexSnapshot, got ${describe(snapshot)}`);
    }
    this.maxDistance = snapshot.maxDistance;
    this.#runs = snapshot.runs.map(openRun);
    this.#buffer = openBuffer(snapshot.buffer);
    this.#compact = isCompact(snapshot);
  }

  /** queryMany of fingerprints[start .. end - 1], numbered from 0. */
  queryMany(fingerprints: BigUint64Array, start: number, end: number, maxDistance: number): QueryManyResult {
    const k = checkDistance(maxDistance, 'maxDistance', this.maxDistance);
    const n = end - start;
    const searcher = this.#searcher;
    searcher.hits.clear();
    const buffer = this.#buffer;
    if (n > 0) {
      const halves = halvesView(fingerprints);
      const slice = Math.min(n, QUERY_SLICE);
      const qh = new Uint32Array(slice), ql = new Uint32Array(slice);
      for (let first = 0; first < n; first += slice) {
        const m = Math.min(slice, n - first);
        for (let i = 0; i < m; i++) {
          qh[i] = halves[2 * (start + first + i) + HALF_HI];
          ql[i] = halves[2 * (start + first + i) + HALF_LO];
        }
        for (const run of this.#runs) searcher.searchMany(run, qh, ql, m, k, first, this.#order);
        if (buffer.length > 0) for (let i = 0; i < m; i++) searcher.searchBuffer(buffer, qh[i], ql[i], k, first + i);
      }
    }
    const result = collectMany(searcher.hits, n);
    searcher.hits.clear();
    return result;
  }

  /** Part `part` of `parts` of pairs(maxDistance), ordered by a, then b, as pairs() orders the whole. */
  pairs(maxDistance: number, part: number, parts: number): PairsResult {
    const k = checkDistance(maxDistance, 'maxDistance', this.maxDistance);
    if (!this.#compact) throw new Error('pairs() reads a compacted snapshot: snapshotIndex(index, { compact: true })');
    const run = this.#runs[0];
    if (run === undefined) return noPairs();
    return idPairs(run, pairRows(run, k, part, parts));
  }
}
