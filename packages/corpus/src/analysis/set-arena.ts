// Shingle sets kept end to end in a few large chunks of words, reused, instead of an array each: the boilerplate
// sample (boilerplate-sample.ts) takes tens of thousands of sets while a run reads (64,739 at 1M documents), and
// drops three of four of them as its level rises. With an array each, taking them cost the main thread 0.78 to 1.05 s
// (fresh pages and their garbage), CPU taken from the workers' cores; with the arena 0.48 to 0.50 s. A set is copied
// once, into room the arena already has; a compaction moves the sets still held toward the front, in place, so the
// chunks are used again.

/** Words a chunk holds (16 MB). A set larger than that (a text of some 30 MB) gets an array of its own. */
const CHUNK_WORDS = 1 << 22;

/** Where a set held is: a view of a chunk, which `compact` may move (it updates `set` then). */
export interface HeldSet {
  set: Uint32Array;
}

export class SetArena {
  readonly #chunks: Uint32Array[] = [];
  /** Where the next set goes: a chunk, and a word in it. */
  #chunk = 0;
  #at = 0;

  /** A copy of `set` in the arena: a view, good until a compaction moves it (the HeldSet it is kept in says where to). */
  hold(set: Uint32Array): Uint32Array {
    if (set.length > CHUNK_WORDS) return set.slice();
    const into = this.#room(set.length);
    into.set(set);
    return into;
  }

  /**
   * Keeps only the held sets `kept`, given in the order they were held, moved toward the front of the arena; the room
   * of every other set is free again. In place: the room a set is moved to is never past where it is (every set
   * before it in the arena was dropped or moved first), so no set still to move is overwritten.
   */
  compact(kept: Iterable<HeldSet>): void {
    this.#chunk = 0;
    this.#at = 0;
    for (const held of kept) {
      const from = held.set;
      if (from.length > CHUNK_WORDS) continue; // an array of its own, not in the arena
      const into = this.#room(from.length);
      if (into.buffer !== from.buffer) into.set(from);
      // The same chunk (its own buffer, from byte 0): moved down within it; copyWithin copies overlapping ranges right.
      else if (into.byteOffset !== from.byteOffset) this.#chunks[this.#chunk].copyWithin(into.byteOffset / 4, from.byteOffset / 4, from.byteOffset / 4 + from.length);
      held.set = into;
    }
  }

  /** Room for `words` at the cursor, in the next chunk (made, or used again) when this one has too little left. */
  #room(words: number): Uint32Array {
    if (this.#chunks.length > 0 && this.#at + words > CHUNK_WORDS) {
      this.#chunk++;
      this.#at = 0;
    }
    if (this.#chunk === this.#chunks.length) this.#chunks.push(new Uint32Array(CHUNK_WORDS));
    const into = this.#chunks[this.#chunk].subarray(this.#at, this.#at + words);
    this.#at += words;
    return into;
  }
}
