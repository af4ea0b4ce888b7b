// A read-only snapshot of an index for other threads: its runs with their arrays on SharedArrayBuffers, and a copy
// of its insert buffer. A run is copied onto shared memory once, the first time a snapshot takes it, and the index
// is switched over to the copy in place (so its tables are in memory once, not twice); later snapshots reuse it, so after a
// few writes only the new small runs are copied. Runs are immutable once built (writes make new runs), except for
// tombstones: each snapshot gets its own copy of a run's tombstone bitmap, and the index keeps a private one, so a
// later removal never changes what a snapshot's readers read. A snapshot belongs to one generation of the index:
// snapshotIndex() hands out the same one until the next add, addMany or remove.
import { describe } from '../../core/bits.js';
import { InsertBuffer } from '../runs/insert-buffer.js';
import { Run } from '../runs/run.js';
import { indexInternals, SimHashIndex } from '../simhash-index.js';
import type { IndexLayout } from '../types.js';
import { copyOntoOneBuffer, sharedMemoryAvailable, switchToCopies } from './share-graph.js';

/** A run's fields as plain data (typed arrays on shared memory); only openRun() reads it. */
export type RunData = { readonly [field: string]: unknown };

/** The insert buffer's entries at the snapshot. */
export interface BufferData {
  readonly hi: Uint32Array;
  readonly lo: Uint32Array;
  readonly ids: Uint32Array;
}

export interface IndexSnapshot {
  /** The index's k: queries of the snapshot may ask for less, never more. */
  readonly maxDistance: number;
  /** Fingerprints held. */
  readonly size: number;
  readonly layout: IndexLayout;
  /** True when the arrays live on SharedArrayBuffers (posting the snapshot shares them); false where the platform has none. */
  readonly shared: boolean;
  /** Bytes of the arrays it reads (shared with other snapshots of the same index, and with the index). */
  readonly bytes: number;
  /** The runs (structured-clonable: post the snapshot to a worker and open it there) and the buffered entries. */
  readonly runs: readonly RunData[];
  readonly buffer: BufferData;
}

export interface SnapshotOptions {
  /** Compact the index first (one run, no tombstones, no buffer): what pairs() needs. */
  readonly compact?: boolean;
}

interface SharedRun {
  /** The run's data with no tombstones. */
  readonly base: RunData;
  readonly bytes: number;
  /** The data with the tombstones as they were at the last snapshot, and their count then. */
  current: RunData;
  deadCount: number;
}

/** By the index's run (its copy on shared memory, once switched over). */
const sharedRuns = new WeakMap<Run, SharedRun>();
const snapshots = new WeakMap<SimHashIndex, { readonly generation: number; readonly snapshot: IndexSnapshot }>();

/** The index's snapshot for its current generation (made on the first call after a write). */
export function snapshotIndex(index: SimHashIndex, options: SnapshotOptions = {}): IndexSnapshot {
  if (!(index instanceof SimHashIndex)) throw new TypeError(`index must be a SimHashIndex, got ${describe(index)}`);
  const generation = indexInternals.generation(index);
  const cached = snapshots.get(index);
  if (cached !== undefined && cached.generation === generation && (!options.compact || isCompact(cached.snapshot))) return cached.snapshot;
  if (options.compact) indexInternals.compact(index);
  const shared = sharedMemoryAvailable();
  const runs: RunData[] = [];
  let bytes = 0;
  for (const run of [...indexInternals.runs(index)]) {
    const entry = sharedRuns.get(run) ?? share(run, shared);
    if (entry.deadCount !== run.deadCount) {
      entry.current = { ...entry.base, dead: copyOntoOneBuffer(deadOf(run), shared).copy, deadCount: run.deadCount };
      entry.deadCount = run.deadCount;
    }
    runs.push(entry.current);
    bytes += entry.bytes;
  }
  const b = indexInternals.buffer(index);
  const { copy: buffer, bytes: bufferBytes } = copyOntoOneBuffer({ hi: b.hi.subarray(0, b.length), lo: b.lo.subarray(0, b.length), ids: b.ids.subarray(0, b.length) }, shared);
  const snapshot: IndexSnapshot = Object.freeze({ maxDistance: index.maxDistance, size: index.size, layout: index.layout, shared, bytes: bytes + bufferBytes, runs: Object.freeze(runs), buffer });
  snapshots.set(index, { generation, snapshot });
  return snapshot;
}

/** A Run over a snapshot's run data (in this thread, or in a worker that received the snapshot). */
export function openRun(data: RunData): Run {
  if (data === null || typeof data !== 'object' || !('set' in data) || !('ids' in data)) throw new TypeError(`not a run of an IndexSnapshot: ${describe(data)}`);
  // A Run's fields are plain data, so a Run is its prototype and its fields: no constructor (and no rebuild) needed.
  return Object.assign(Object.create(Run.prototype) as Run, data);
}

/** The insert buffer of a snapshot, as the searches read one. */
export function openBuffer(data: BufferData): InsertBuffer {
  const buffer = new InsertBuffer(data.ids.length);
  for (let i = 0; i < data.ids.length; i++) buffer.push(data.hi[i], data.lo[i], data.ids[i]);
  return buffer;
}

export function isCompact(snapshot: IndexSnapshot): boolean {
  return snapshot.runs.length <= 1 && snapshot.buffer.ids.length === 0 && (snapshot.runs.length === 0 || snapshot.runs[0].deadCount === 0);
}

/** Copies the run onto shared memory and switches the index's run over to the copies (its tombstones stay its own). */
function share(run: Run, shared: boolean): SharedRun {
  // The scan layout's readers want table 0 as one BigUint64Array: made now, so it is shared too.
  if (run.layout.public.kind === 'scan') void run.fingerprints;
  const fields: Record<string, unknown> = { ...run };
  // Not shared: the tombstones (per snapshot, above) and the id order (a lazy cache readers never use).
  if ('dead' in fields) fields.dead = null;
  if ('deadCount' in fields) fields.deadCount = 0;
  if ('byIdOrder' in fields) fields.byIdOrder = null;
  // The layout is a few bytes (posting clones them) and frozen: left as it is.
  const keep = new Set<unknown>([run.layout]);
  const { copy: base, bytes, copies } = copyOntoOneBuffer(fields as RunData, shared, keep);
  switchToCopies(fields, keep, copies); // the run's own fields, and through them its tables and sub-indexes
  Object.assign(run, pick(fields, Object.keys(fields).filter((key) => fields[key] !== (run as unknown as Record<string, unknown>)[key] && key !== 'dead' && key !== 'deadCount' && key !== 'byIdOrder')));
  const entry: SharedRun = { base, bytes, current: base, deadCount: 0 };
  sharedRuns.set(run, entry);
  return entry;
}

function pick(record: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((key) => [key, record[key]]));
}

function deadOf(run: Run): Uint32Array | null {
  return (run as unknown as { dead: Uint32Array | null }).dead ?? null;
}
