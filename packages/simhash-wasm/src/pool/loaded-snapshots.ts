// Which index snapshots the workers hold. A snapshot is sent to every worker once (posting it shares its arrays and
// clones only the small objects around them) and numbered; calls name it by number. A few idle ones stay loaded,
// so alternating between indexes does not resend them; a snapshot is dropped only while no call uses it (a drop
// sent earlier could overtake a call's tasks still queued in the pool).
import type { IndexSnapshot } from '../block-index/shared/snapshot.js';
import { dropSnapshotTask, loadSnapshotTask } from './index-tasks.js';
import type { WorkerPool } from './worker-pool.js';

/** Idle snapshots kept loaded (each holds its tables' memory alive in the workers). */
const KEEP_IDLE = 2;

interface Loaded {
  readonly id: number;
  readonly ready: Promise<unknown>;
  users: number;
}

export class LoadedSnapshots {
  #next = 0;
  readonly #ids = new WeakMap<IndexSnapshot, number>();
  /** By id, least recently used first. */
  readonly #loaded = new Map<number, Loaded>();

  constructor(private readonly pool: WorkerPool) {}

  /** Runs `work` with the snapshot loaded in every worker, under its number. */
  async using<T>(snapshot: IndexSnapshot, work: (id: number) => Promise<T>): Promise<T> {
    const entry = this.#acquire(snapshot);
    try {
      await entry.ready;
      return await work(entry.id);
    } finally {
      entry.users--;
      this.#evict();
    }
  }

  #acquire(snapshot: IndexSnapshot): Loaded {
    const known = this.#ids.get(snapshot);
    const found = known === undefined ? undefined : this.#loaded.get(known);
    if (found !== undefined) {
      this.#loaded.delete(found.id); // to the back: most recently used
      this.#loaded.set(found.id, found);
      found.users++;
      return found;
    }
    const id = this.#next++;
    this.#ids.set(snapshot, id);
    const entry: Loaded = { id, ready: this.pool.runOnEach(loadSnapshotTask, { id, snapshot }), users: 1 };
    // A load that failed leaves nothing to reuse: the next call sends the snapshot again.
    entry.ready.catch(() => {
      if (this.#loaded.get(id) === entry) this.#loaded.delete(id);
    });
    this.#loaded.set(id, entry);
    return entry;
  }

  #evict(): void {
    let idle = 0;
    for (const entry of this.#loaded.values()) if (entry.users === 0) idle++;
    for (const entry of [...this.#loaded.values()]) {
      if (idle <= KEEP_IDLE) return;
      if (entry.users > 0) continue;
      this.#loaded.delete(entry.id);
      idle--;
      // A pool that broke or closed has dropped everything anyway.
      this.pool.runOnEach(dropSnapshotTask, entry.id).catch(() => {});
    }
  }
}
