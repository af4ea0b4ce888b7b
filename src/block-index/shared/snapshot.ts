// A read-only snapshot of an index for other threads: the index compacted into one run, that run's arrays copied
// onto one SharedArrayBuffer, and the index switched over to the copy (so the tables are in memory once, not twice).
// Runs are immutable once built (writes make new runs; a removal marks its tombstone in a bitmap each Run object
// makes for itself), so later writes to the index never touch what a snapshot's readers read. A snapshot belongs
// to one generation of the index: snapshotIndex() hands out the same one until the next add, addMany or remove.
import { describe } from '../../core/bits.js';
import { Run } from '../runs/run.js';
import { indexInternals, SimHashIndex } from '../simhash-index.js';
import type { IndexLayout } from '../types.js';
import { copyOntoOneBuffer, sharedMemoryAvailable } from './share-graph.js';

/** A run's fields as plain data (typed arrays on the snapshot's buffer); only openRun() reads it. */
export type RunData = { readonly [field: string]: unknown };

export interface IndexSnapshot {
  /** The index's k: queries of the snapshot may ask for less, never more. */
  readonly maxDistance: number;
  /** Fingerprints held. */
  readonly size: number;
  readonly layout: IndexLayout;
  /** True when the arrays live on a SharedArrayBuffer (posting the snapshot shares them); false where the platform has none. */
  readonly shared: boolean;
  /** Bytes of the arrays. */
  readonly bytes: number;
  /** The compacted run, null for an empty index. Structured-clonable: post it to a worker and open it there. */
  readonly run: RunData | null;
}

const snapshots = new WeakMap<SimHashIndex, { readonly generation: number; readonly snapshot: IndexSnapshot }>();

/** The index's snapshot for its current generation (made on the first call after a write; compacts the index). */
export function snapshotIndex(index: SimHashIndex): IndexSnapshot {
  if (!(index instanceof SimHashIndex)) throw new TypeError(`index must be a SimHashIndex, got ${describe(index)}`);
  const generation = indexInternals.generation(index);
  const cached = snapshots.get(index);
  if (cached !== undefined && cached.generation === generation) return cached.snapshot;
  const run = indexInternals.compacted(index);
  const shared = sharedMemoryAvailable();
  let data: RunData | null = null;
  let bytes = 0;
  if (run !== null) {
    // The scan layout's readers want table 0 as one BigUint64Array: made now, so it is shared too.
    if (run.layout.public.kind === 'scan') void run.fingerprints;
    ({ copy: data, bytes } = copyOntoOneBuffer(runFields(run), shared, new Set([run.layout])));
    // The index reads the copy from now on, keeping its own layout object (merges compare layouts by identity).
    indexInternals.replaceCompacted(index, openRun(data));
  }
  const snapshot: IndexSnapshot = Object.freeze({ maxDistance: index.maxDistance, size: index.size, layout: index.layout, shared, bytes, run: data });
  snapshots.set(index, { generation, snapshot });
  return snapshot;
}

/** A Run over the data of a snapshot's run (in this thread, or in a worker that received the snapshot). */
export function openRun(data: RunData): Run {
  if (data === null || typeof data !== 'object' || !('set' in data) || !('ids' in data)) throw new TypeError(`not the run of an IndexSnapshot: ${describe(data)}`);
  // A Run's fields are plain data, so a Run is its prototype and its fields: no constructor (and no rebuild) needed.
  return Object.assign(Object.create(Run.prototype) as Run, data);
}

/** The run's own fields, without the id order (a lazy cache readers never use; each thread makes its own if needed). */
function runFields(run: Run): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...run };
  if ('byIdOrder' in fields) fields.byIdOrder = null;
  return fields;
}
