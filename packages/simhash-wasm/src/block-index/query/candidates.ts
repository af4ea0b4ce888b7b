// What a scan hands to the checks: each fingerprint found within k, with what the checks need already read (its
// value and its xor with the query), so checking it later touches neither the table row nor the query again.

export class Candidates {
  length = 0;
  /** The query number (or, in a single query, the table number). */
  query = new Uint32Array(64);
  row = new Uint32Array(64);
  distance = new Uint8Array(64);
  vh = new Uint32Array(64);
  vl = new Uint32Array(64);
  xh = new Uint32Array(64);
  xl = new Uint32Array(64);

  push(query: number, row: number, distance: number, vh: number, vl: number, xh: number, xl: number): void {
    if (this.length === this.row.length) this.grow();
    const i = this.length++;
    this.query[i] = query;
    this.row[i] = row;
    this.distance[i] = distance;
    this.vh[i] = vh;
    this.vl[i] = vl;
    this.xh[i] = xh;
    this.xl[i] = xl;
  }

  private grow(): void {
    const size = 2 * this.row.length;
    const u32 = (old: Uint32Array) => {
      const next = new Uint32Array(size);
      next.set(old);
      return next;
    };
    this.query = u32(this.query);
    this.row = u32(this.row);
    this.vh = u32(this.vh);
    this.vl = u32(this.vl);
    this.xh = u32(this.xh);
    this.xl = u32(this.xl);
    const d = new Uint8Array(size);
    d.set(this.distance);
    this.distance = d;
  }
}
