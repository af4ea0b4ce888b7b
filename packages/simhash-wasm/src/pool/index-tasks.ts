// The index search's tasks (index-search.ts sends them, on the index pool or a sibling package's pool). A worker keeps the snapshots it was sent, by the pool's number
// for them, each opened once over the shared arrays, until the pool says to drop one.
import { SnapshotReader } from '../block-index/shared/snapshot-reader.js';
import type { IndexSnapshot } from '../block-index/shared/snapshot.js';
import type { PairsResult, QueryManyResult } from '../block-index/types.js';
import type { SimHash } from '../core/simhash.js';
import type { Task, TaskContext } from './task.js';

export interface LoadInput {
  readonly id: number;
  readonly snapshot: IndexSnapshot;
}

export interface QueryInput {
  readonly id: number;
  /** The whole batch (on a SharedArrayBuffer, so every share reads the one copy); this share is start .. end - 1. */
  readonly queries: BigUint64Array;
  readonly start: number;
  readonly end: number;
  readonly k: number;
}

export interface PairsInput {
  readonly id: number;
  readonly k: number;
  readonly part: number;
  readonly parts: number;
}

/** One worker's snapshots. Keyed by its hasher, the one object all of a worker's prepared tasks are given. */
const stores = new WeakMap<SimHash, Map<number, SnapshotReader>>();

function storeOf(context: TaskContext): Map<number, SnapshotReader> {
  let store = stores.get(context.hasher);
  if (store === undefined) stores.set(context.hasher, (store = new Map()));
  return store;
}

function reader(store: Map<number, SnapshotReader>, id: number): SnapshotReader {
  const found = store.get(id);
  if (found === undefined) throw new Error(`internal error: this worker holds no index snapshot ${id}`);
  return found;
}

export const loadSnapshotTask: Task<LoadInput, null> = {
  name: 'index-load',
  prepare: (context) => {
    const store = storeOf(context);
    return ({ id, snapshot }) => {
      store.set(id, new SnapshotReader(snapshot));
      return null;
    };
  },
  transfer: () => [],
};

export const dropSnapshotTask: Task<number, null> = {
  name: 'index-drop',
  prepare: (context) => {
    const store = storeOf(context);
    return (id) => {
      store.delete(id);
      return null;
    };
  },
  transfer: () => [],
};

export const queryManyTask: Task<QueryInput, QueryManyResult> = {
  name: 'index-query',
  prepare: (context) => {
    const store = storeOf(context);
    return ({ id, queries, start, end, k }) => reader(store, id).queryMany(queries, start, end, k);
  },
  transfer: (r) => [r.offsets.buffer as ArrayBuffer, r.ids.buffer as ArrayBuffer, r.distances.buffer as ArrayBuffer],
};

export const pairsTask: Task<PairsInput, PairsResult> = {
  name: 'index-pairs',
  prepare: (context) => {
    const store = storeOf(context);
    return ({ id, k, part, parts }) => reader(store, id).pairs(k, part, parts);
  },
  transfer: (r) => [r.a.buffer as ArrayBuffer, r.b.buffer as ArrayBuffer, r.distances.buffer as ArrayBuffer],
};

export const indexTasks = [loadSnapshotTask, dropSnapshotTask, queryManyTask, pairsTask] as const;
