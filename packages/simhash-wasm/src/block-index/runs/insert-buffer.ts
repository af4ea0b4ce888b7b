// New fingerprints wait here, unsorted, until there are enough to make a run. A query scans them linearly
// (../query/search.ts, searchBuffer): for a few hundred entries that costs less than probing one more set of tables.

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
}
