// New fingerprints wait here, unsorted, until there are enough to make a run: a query scans them linearly,
// which for a few hundred entries costs less than probing one more set of tables.
import { popcount32 } from '../../core/bits.js';
import type { HitList } from '../query/hit-list.js';

export class InsertBuffer {
  length = 0;
  readonly hi: Uint32Array;
  readonly lo: Uint32Array;
  readonly ids: Uint32Array;

  constructor(readonly capacity: number) {
    this.hi = new Uint32Array(capacity);
    this.lo = new Uint32Array(capacity);
    this.ids = new Uint32Array(capacity);
  }

  get full(): boolean {
    return this.length === this.capacity;
  }

  push(hi: number, lo: number, id: number): void {
    this.hi[this.length] = hi;
    this.lo[this.length] = lo;
    this.ids[this.length] = id;
    this.length++;
  }

  indexOfId(id: number): number {
    for (let i = 0; i < this.length; i++) if (this.ids[i] === id) return i;
    return -1;
  }

  /** Removes entry i (the last entry takes its place: the buffer has no order). */
  removeAt(i: number): void {
    const last = --this.length;
    this.hi[i] = this.hi[last];
    this.lo[i] = this.lo[last];
    this.ids[i] = this.ids[last];
  }

  search(qh: number, ql: number, k: number, query: number, hits: HitList): void {
    const hi = this.hi, lo = this.lo;
    for (let i = 0; i < this.length; i++) {
      const dh = popcount32(hi[i] ^ qh);
      if (dh > k) continue;
      const d = dh + popcount32(lo[i] ^ ql);
      if (d <= k) hits.push(query, this.ids[i], d);
    }
  }
}
