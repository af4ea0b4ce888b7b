// The exact tier's classes: classOf[d] is the first document with d's normalised text (its digest), or -1 for a
// document without tokens (nothing to compare). Built as the batches come (ExactClasses.add), so the grouping finds
// them made when the reading ends: at 1M documents they were 45 to 70 ms of its serial path, where the workers wait.
// An open addressing table of document numbers and their digests' first 32 bits (8 bytes a slot, at most half full),
// probed by those bits and confirmed on all DIGEST_BYTES: no string or object per document.
import { DIGEST_BYTES } from '../analysis/analyze-document.js';

/** Documents the arrays hold before they first grow. */
const INITIAL_DOCUMENTS = 1024;

export class ExactClasses {
  #n = 0;
  #digests = new Uint8Array(INITIAL_DOCUMENTS * DIGEST_BYTES);
  #classOf = new Int32Array(INITIAL_DOCUMENTS);
  /** Slot -> the first document of a class, or -1; its size a power of two, at least twice the classes. */
  #slots = new Int32Array(2 * INITIAL_DOCUMENTS).fill(-1);
  /** Each slot's probe key (the digest's first 32 bits): compared before the digest, and moved without it on a rehash. */
  #keys = new Uint32Array(2 * INITIAL_DOCUMENTS);
  #classes = 0;

  /** The next documents, in order: DIGEST_BYTES of `digests` and a token count each. */
  add(digests: Uint8Array, tokens: Uint32Array): void {
    const count = tokens.length;
    if (this.#slots.length === 0) throw new Error('ExactClasses.add after finish()');
    if (digests.length !== count * DIGEST_BYTES) throw new RangeError(`digests must hold ${DIGEST_BYTES} bytes for each of the ${count} documents, got ${digests.length}`);
    this.#reserve(this.#n + count);
    this.#digests.set(digests, this.#n * DIGEST_BYTES);
    // At most half full after this batch: grown before it, so the loop below keeps its arrays in locals.
    while (2 * (this.#classes + count) > this.#slots.length) this.#rehash();
    const all = this.#digests, slots = this.#slots, keys = this.#keys, classOf = this.#classOf, mask = slots.length - 1;
    const same = (a: number, b: number) => {
      for (let i = 0; i < DIGEST_BYTES; i++) if (all[a * DIGEST_BYTES + i] !== all[b * DIGEST_BYTES + i]) return false;
      return true;
    };
    for (let i = 0, d = this.#n; i < count; i++, d++) {
      if (tokens[i] === 0) {
        classOf[d] = -1;
        continue;
      }
      const key = keyOf(all, d);
      for (let slot = key & mask; ; slot = (slot + 1) & mask) {
        const held = slots[slot];
        if (held === -1) {
          slots[slot] = d;
          keys[slot] = key;
          classOf[d] = d;
          this.#classes++;
          break;
        }
        if (keys[slot] === key && same(held, d)) {
          classOf[d] = held;
          break;
        }
      }
    }
    this.#n += count;
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

  /** The digests and classes, once every document is in: the table goes (8 bytes a slot, 268 MB at 10M documents). */
  finish(): { readonly digests: Uint8Array; readonly classOf: Int32Array } {
    this.#slots = new Int32Array(0);
    this.#keys = new Uint32Array(0);
    return { digests: this.digests, classOf: this.classOf };
  }

  #rehash(): void {
    const oldSlots = this.#slots, oldKeys = this.#keys;
    this.#slots = new Int32Array(2 * oldSlots.length).fill(-1);
    this.#keys = new Uint32Array(2 * oldSlots.length);
    const slots = this.#slots, keys = this.#keys, mask = slots.length - 1;
    for (let old = 0; old < oldSlots.length; old++) {
      if (oldSlots[old] === -1) continue;
      let slot = oldKeys[old] & mask;
      while (slots[slot] !== -1) slot = (slot + 1) & mask;
      slots[slot] = oldSlots[old];
      keys[slot] = oldKeys[old];
    }
  }

  #reserve(documents: number): void {
    if (documents <= this.#classOf.length) return;
    // Grown by half: at 10M documents a doubling could hold 100 MB of digests no document uses, for the whole run.
    let capacity = this.#classOf.length;
    while (capacity < documents) capacity = Math.ceil(1.5 * capacity);
    const digests = new Uint8Array(capacity * DIGEST_BYTES);
    digests.set(this.#digests.subarray(0, this.#n * DIGEST_BYTES));
    const classOf = new Int32Array(capacity);
    classOf.set(this.#classOf.subarray(0, this.#n));
    [this.#digests, this.#classOf] = [digests, classOf];
  }
}

/** The digest's first 32 bits: where its probe starts. */
function keyOf(digests: Uint8Array, d: number): number {
  const at = d * DIGEST_BYTES;
  return (digests[at] << 24 | digests[at + 1] << 16 | digests[at + 2] << 8 | digests[at + 3]) >>> 0;
}

/** classOf for documents given at once (ExactClasses over one batch of them). */
export function exactClasses(digests: Uint8Array, tokens: Uint32Array, n: number): Int32Array {
  const classes = new ExactClasses();
  classes.add(digests.subarray(0, n * DIGEST_BYTES), tokens.subarray(0, n));
  return classes.finish().classOf;
}
