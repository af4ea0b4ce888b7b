// The exact tier's classes: classOf[d] is the first document with d's normalised text (its digest), or -1 for a
// document without tokens (nothing to compare). Built as the batches come (ExactClasses.add), so the grouping finds
// them made when the reading ends: at 1M documents they were 45 to 70 ms of its serial path, where the workers wait.
// An open addressing table of document numbers (4 bytes a slot, at most half full), probed by the digest's first
// 32 bits and confirmed on all DIGEST_BYTES: no string or object per document.
import { DIGEST_BYTES } from '../analysis/analyze-document.js';

/** Documents the arrays hold before they first grow. */
const INITIAL_DOCUMENTS = 1024;

export class ExactClasses {
  #n = 0;
  #digests = new Uint8Array(INITIAL_DOCUMENTS * DIGEST_BYTES);
  #classOf = new Int32Array(INITIAL_DOCUMENTS);
  /** Slot -> the first document of a class, or -1; its size a power of two, at least twice the classes. */
  #slots = new Int32Array(2 * INITIAL_DOCUMENTS).fill(-1);
  #classes = 0;

  /** The next documents, in order: DIGEST_BYTES of `digests` and a token count each. */
  add(digests: Uint8Array, tokens: Uint32Array): void {
    const count = tokens.length;
    if (digests.length !== count * DIGEST_BYTES) throw new RangeError(`digests must hold ${DIGEST_BYTES} bytes for each of the ${count} documents, got ${digests.length}`);
    this.#reserve(this.#n + count);
    this.#digests.set(digests, this.#n * DIGEST_BYTES);
    for (let i = 0; i < count; i++, this.#n++) this.#classOf[this.#n] = tokens[i] === 0 ? -1 : this.#place(this.#n);
  }

  get length(): number {
    return this.#n;
  }

  /** Every document's digest, DIGEST_BYTES each, in order (a view: valid until the next add). */
  get digests(): Uint8Array {
    return this.#digests.subarray(0, this.#n * DIGEST_BYTES);
  }

  /** classOf of every document so far (a view: valid until the next add). */
  get classOf(): Int32Array {
    return this.#classOf.subarray(0, this.#n);
  }

  /** The class of document d: the earlier document with its digest, or d itself as a new class. */
  #place(d: number): number {
    if (2 * (this.#classes + 1) > this.#slots.length) this.#rehash();
    const mask = this.#slots.length - 1;
    for (let slot = this.#key(d) & mask; ; slot = (slot + 1) & mask) {
      const held = this.#slots[slot];
      if (held === -1) {
        this.#slots[slot] = d;
        this.#classes++;
        return d;
      }
      if (this.#same(held, d)) return held;
    }
  }

  #key(d: number): number {
    const at = d * DIGEST_BYTES, digests = this.#digests;
    return (digests[at] << 24 | digests[at + 1] << 16 | digests[at + 2] << 8 | digests[at + 3]) >>> 0;
  }

  #same(a: number, b: number): boolean {
    const digests = this.#digests;
    for (let i = 0; i < DIGEST_BYTES; i++) if (digests[a * DIGEST_BYTES + i] !== digests[b * DIGEST_BYTES + i]) return false;
    return true;
  }

  #rehash(): void {
    const old = this.#slots;
    this.#slots = new Int32Array(2 * old.length).fill(-1);
    const mask = this.#slots.length - 1;
    for (const d of old) {
      if (d === -1) continue;
      let slot = this.#key(d) & mask;
      while (this.#slots[slot] !== -1) slot = (slot + 1) & mask;
      this.#slots[slot] = d;
    }
  }

  #reserve(documents: number): void {
    if (documents <= this.#classOf.length) return;
    let capacity = this.#classOf.length;
    while (capacity < documents) capacity *= 2;
    const digests = new Uint8Array(capacity * DIGEST_BYTES);
    digests.set(this.#digests.subarray(0, this.#n * DIGEST_BYTES));
    const classOf = new Int32Array(capacity);
    classOf.set(this.#classOf.subarray(0, this.#n));
    [this.#digests, this.#classOf] = [digests, classOf];
  }
}

/** classOf for documents given at once (ExactClasses over one batch of them). */
export function exactClasses(digests: Uint8Array, tokens: Uint32Array, n: number): Int32Array {
  const classes = new ExactClasses();
  classes.add(digests.subarray(0, n * DIGEST_BYTES), tokens.subarray(0, n));
  return classes.classOf;
}
