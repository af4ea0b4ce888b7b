// A growable list of (query, id, distance) triples in typed arrays: what searches append to.

export class HitList {
  length = 0;
  queries = new Uint32Array(64);
  ids = new Uint32Array(64);
  distances = new Uint8Array(64);

  push(query: number, id: number, distance: number): void {
    if (this.length === this.ids.length) this.grow();
    this.queries[this.length] = query;
    this.ids[this.length] = id;
    this.distances[this.length] = distance;
    this.length++;
  }

  clear(): void {
    this.length = 0;
    // A huge result should not pin its arrays for the searcher's life.
    if (this.ids.length > 1 << 16) this.shrink();
  }


  private shrink(): void {
    this.queries = new Uint32Array(64);
    this.ids = new Uint32Array(64);
    this.distances = new Uint8Array(64);
  }

  private grow(): void {
    const size = this.ids.length * 2;
    const q = new Uint32Array(size), i = new Uint32Array(size), d = new Uint8Array(size);
    q.set(this.queries);
    i.set(this.ids);
    d.set(this.distances);
    this.queries = q;
    this.ids = i;
    this.distances = d;
  }
}
