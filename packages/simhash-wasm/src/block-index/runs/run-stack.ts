// The runs of an index, log-structured: inserts go to a small buffer; a full buffer becomes a run; a run is merged
// into the one before it while that one is not much larger (merge.ts). So a fingerprint is re-merged O(log n) times
// over its life (amortised O(T log n) per add for T tables) and a query probes O(log n) runs, most of them small.
// Tombstoned rows are dropped whenever a run is rebuilt, and a run that is a quarter dead is rebuilt at once.
import type { Layout } from '../types.js';
import { Run } from './run.js';
import { mergeRuns } from './merge.js';
import { InsertBuffer } from './insert-buffer.js';

/** Buffered inserts before they become a run. */
export const BUFFER_CAPACITY = 256;
/** A run is merged into the previous one while that one holds at most GROWTH times as many live rows. */
const GROWTH = 3;

export class RunStack {
  runs: Run[] = [];
  readonly buffer = new InsertBuffer(BUFFER_CAPACITY);

  constructor(public layout: Layout, readonly k: number) {}

  get size(): number {
    let n = this.buffer.length;
    for (const run of this.runs) n += run.live;
    return n;
  }

  add(hi: number, lo: number, id: number): void {
    this.buffer.push(hi, lo, id);
    if (this.buffer.full) this.seal();
  }

  /** Adds n entries (arrays owned by the stack from now on). */
  addBatch(hi: Uint32Array, lo: Uint32Array, ids: Uint32Array, n: number): void {
    if (n === 0) return;
    if (n <= this.buffer.capacity - this.buffer.length) {
      for (let i = 0; i < n; i++) this.add(hi[i], lo[i], ids[i]);
      return;
    }
    this.pushRun(Run.build(this.layout, this.k, hi, lo, ids, n));
  }

  /** Turns the buffer into a run. */
  seal(): void {
    const b = this.buffer;
    if (b.length === 0) return;
    const run = Run.build(this.layout, this.k, b.hi.slice(0, b.length), b.lo.slice(0, b.length), b.ids.slice(0, b.length), b.length);
    b.length = 0;
    this.pushRun(run);
  }

  private pushRun(run: Run): void {
    // Keep the runs ordered by size, largest first, so the merge rule below sees neighbours of similar size.
    let at = this.runs.length;
    while (at > 0 && this.runs[at - 1].live < run.live) at--;
    this.runs.splice(at, 0, run);
    this.settle();
  }

  private settle(): void {
    const runs = this.runs;
    while (runs.length >= 2 && runs[runs.length - 2].live <= GROWTH * runs[runs.length - 1].live) {
      const merged = mergeRuns(this.layout, this.k, runs.splice(runs.length - 2, 2));
      this.pushRunUnsettled(merged);
    }
  }

  private pushRunUnsettled(run: Run): void {
    let at = this.runs.length;
    while (at > 0 && this.runs[at - 1].live < run.live) at--;
    this.runs.splice(at, 0, run);
  }

  /** Removes the live entry with this id; returns false if there is none. */
  remove(id: number): boolean {
    const i = this.buffer.indexOfId(id);
    if (i >= 0) {
      this.buffer.removeAt(i);
      return true;
    }
    for (let r = 0; r < this.runs.length; r++) {
      const run = this.runs[r];
      const row = run.findLive(id);
      if (row < 0) continue;
      run.kill(row);
      if (run.deadCount * 4 > run.n) {
        this.runs.splice(r, 1);
        if (run.live > 0) this.pushRun(mergeRuns(this.layout, this.k, [run]));
      }
      return true;
    }
    return false;
  }

  /** The first of the ascending `sorted` ids already live in the index, or -1. */
  firstExisting(sorted: Uint32Array): number {
    let first = -1;
    for (let i = 0; i < this.buffer.length; i++) {
      const id = this.buffer.ids[i];
      if ((first < 0 || id < first) && binarySearch(sorted, id)) first = id;
    }
    for (const run of this.runs) {
      const found = run.firstLiveOf(sorted);
      if (found >= 0 && (first < 0 || found < first)) first = found;
    }
    return first;
  }

  /** The fingerprint (hi, lo) of a live id, or null. */
  find(id: number): [hi: number, lo: number] | null {
    const i = this.buffer.indexOfId(id);
    if (i >= 0) return [this.buffer.hi[i], this.buffer.lo[i]];
    for (const run of this.runs) {
      const row = run.findLive(id);
      if (row >= 0) return [run.table0.hi[row], run.table0.lo[row]];
    }
    return null;
  }

  /** Everything in one run without tombstones (pairs and serialization want a single sorted table 0). */
  compact(layout: Layout = this.layout): Run | null {
    this.seal();
    const changed = layout !== this.layout;
    this.layout = layout;
    if (this.runs.length > 1 || (this.runs.length === 1 && (this.runs[0].deadCount > 0 || changed))) {
      const merged = mergeRuns(layout, this.k, this.runs);
      this.runs = merged.live > 0 ? [merged] : [];
    }
    return this.runs.length > 0 ? this.runs[0] : null;
  }

  get bytes(): number {
    let bytes = this.buffer.hi.byteLength * 3;
    for (const run of this.runs) bytes += run.bytes;
    return bytes;
  }
}

function binarySearch(sorted: Uint32Array, value: number): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid] < value) low = mid + 1;
    else high = mid;
  }
  return low < sorted.length && sorted[low] === value;
}
