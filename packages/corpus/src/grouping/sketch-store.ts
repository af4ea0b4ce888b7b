// The first pass's MinHash sketches (analysis/minhash-sketch.ts, SKETCH_BINS words a document) until the candidate
// pairs are known. At 128 bytes a document they are the largest thing a run would hold per document, and only the
// documents of candidate pairs need theirs: so a run's sketches go to a temporary file as the batches bring them (it
// is unlinked as soon as it is open: nothing is left behind, whatever ends the process), and the sketch test reads
// back those of the candidates' documents alone (`select`). A corpus whose sketches are in memory already (the
// evaluation's) is held as it is.
import { closeSync, openSync, readSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SKETCH_BINS } from '../analysis/minhash-sketch.js';

const SKETCH_BYTES = SKETCH_BINS * 4;
/** Read back in pieces this large when many documents are wanted (every sketch read in order, the wanted kept). */
const READ_BYTES = 4 << 20;

/** The temporary file of sketches could not be made, written or read: a full disk, a $TMPDIR that is not writable. */
export class SketchFileError extends Error {
  override name = 'SketchFileError';
}

/** Runs `step` on the sketch file, its failure said in one line. */
function onFile<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof SketchFileError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new SketchFileError(`cannot keep the verification's sketches in a temporary file in ${tmpdir()}: ${reason}`, { cause: error });
  }
}

/** Some documents' sketches: the sketch of `doc` is words[offsetOf(doc) .. + SKETCH_BINS). */
export interface Sketches {
  readonly words: Uint32Array;
  offsetOf(doc: number): number;
}

export interface SketchSource {
  /** Documents with a sketch: 0 when the first pass made none. */
  readonly documents: number;
  /** The sketches of `docs` (ascending, each once). */
  select(docs: Uint32Array): Sketches;
  /** Lets go of what it holds (its file). */
  close(): void;
}

/** Sketches held in one array, SKETCH_BINS words a document (empty: no sketches). */
export function sketchesInMemory(words: Uint32Array): SketchSource {
  const all: Sketches = { words, offsetOf: (doc) => doc * SKETCH_BINS };
  return { documents: words.length / SKETCH_BINS, select: () => all, close() {} };
}

/** The sketches of a run, written to a temporary file batch by batch. */
export class SpilledSketches implements SketchSource {
  private fd: number | undefined;
  /** The file's path while it still has one: where an open file cannot be unlinked (Windows), until close(). */
  private path: string | undefined;
  private count = 0;

  get documents(): number {
    return this.count;
  }

  /** The sketches of the next documents, SKETCH_BINS words each. */
  add(sketches: Uint32Array): void {
    if (sketches.length === 0) return;
    const bytes = new Uint8Array(sketches.buffer, sketches.byteOffset, sketches.byteLength);
    onFile(() => {
      for (let at = 0; at < bytes.length; ) at += writeSync(this.file(), bytes, at, bytes.length - at, this.count * SKETCH_BYTES + at);
    });
    this.count += sketches.length / SKETCH_BINS;
  }

  select(docs: Uint32Array): Sketches {
    const words = new Uint32Array(docs.length * SKETCH_BINS);
    const into = new Uint8Array(words.buffer);
    if (this.fd !== undefined && docs.length > 0) {
      onFile(() => (docs.length * SKETCH_BYTES * 8 < this.count * SKETCH_BYTES ? this.readEach(docs, into) : this.readInOrder(docs, into)));
    }
    return { words, offsetOf: (doc) => positionOf(docs, doc) * SKETCH_BINS };
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    if (this.path !== undefined) rmSync(this.path, { force: true });
    this.path = undefined;
  }

  private file(): number {
    if (this.fd === undefined) {
      const path = join(tmpdir(), `simhash-sketches-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
      this.fd = openSync(path, 'wx+', 0o600);
      try {
        unlinkSync(path);
      } catch {
        this.path = path; // removed at close()
      }
    }
    return this.fd;
  }

  /** A few documents: each sketch read alone. */
  private readEach(docs: Uint32Array, into: Uint8Array): void {
    docs.forEach((doc, i) => this.readFully(into.subarray(i * SKETCH_BYTES, (i + 1) * SKETCH_BYTES), doc * SKETCH_BYTES));
  }

  /** Many documents: the file read in order, a piece at a time, and the wanted sketches copied out. */
  private readInOrder(docs: Uint32Array, into: Uint8Array): void {
    const piece = new Uint8Array(Math.min(READ_BYTES, this.count * SKETCH_BYTES));
    const perPiece = piece.length / SKETCH_BYTES;
    let next = 0;
    for (let first = 0; first < this.count && next < docs.length; first += perPiece) {
      const last = Math.min(this.count, first + perPiece);
      if (docs[next] >= last) continue;
      this.readFully(piece.subarray(0, (last - first) * SKETCH_BYTES), first * SKETCH_BYTES);
      for (; next < docs.length && docs[next] < last; next++) {
        const at = (docs[next] - first) * SKETCH_BYTES;
        into.set(piece.subarray(at, at + SKETCH_BYTES), next * SKETCH_BYTES);
      }
    }
  }

  private readFully(bytes: Uint8Array, position: number): void {
    for (let at = 0; at < bytes.length; ) {
      const read = readSync(this.fd!, bytes, at, bytes.length - at, position + at);
      if (read === 0) throw new Error(`internal: the sketch file ends at ${position + at} bytes`);
      at += read;
    }
  }
}

/** Where `doc` is in `docs` (ascending; doc is among them). */
function positionOf(docs: Uint32Array, doc: number): number {
  let low = 0, high = docs.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (docs[middle] < doc) low = middle + 1;
    else high = middle;
  }
  return low;
}
