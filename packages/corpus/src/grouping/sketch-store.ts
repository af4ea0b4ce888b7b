// The first pass's MinHash sketches (analysis/minhash-sketch.ts, SKETCH_BINS words a document), held in the pieces
// the batches brought them in. At 128 bytes a document they are the largest thing a run keeps per document: copied
// into one array after the first pass, they would be held twice at the grouping's memory peak.
import { SKETCH_BINS } from '../analysis/minhash-sketch.js';

export class SketchStore {
  private readonly pieces: Uint32Array[] = [];
  /** The first document of each piece. */
  private readonly starts: number[] = [];
  private count = 0;

  /** One array of SKETCH_BINS words a document (the verification's corpus in memory, or no sketches: empty). */
  static of(sketches: Uint32Array): SketchStore {
    const store = new SketchStore();
    store.add(sketches);
    return store;
  }

  /** The sketches of the next documents, SKETCH_BINS words each. */
  add(sketches: Uint32Array): void {
    if (sketches.length === 0) return;
    this.pieces.push(sketches);
    this.starts.push(this.count);
    this.count += sketches.length / SKETCH_BINS;
  }

  /** Documents with a sketch: 0 when the first pass made none. */
  get documents(): number {
    return this.count;
  }

  /** The piece that holds `doc`'s sketch; it starts at pieceOffset(piece, doc). */
  piece(doc: number): Uint32Array {
    return this.pieces[this.pieceIndex(doc)];
  }

  pieceOffset(doc: number): number {
    return (doc - this.starts[this.pieceIndex(doc)]) * SKETCH_BINS;
  }

  private pieceIndex(doc: number): number {
    let low = 0, high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle] <= doc) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}
