// The corpus's random pair sample (assembly/corpus/pair-sample.ts) in an instance of the corpus kernels' records
// module of its own: the fingerprints copied in once (8 bytes each), then counted a stretch at a time, the
// generator's state kept here between stretches. Let go with the sample.
import { instantiateRecordKernels, type RecordExports } from './corpus-module.js';

/** Where the counts are (65 u32), and where the fingerprints start. */
const COUNTS = 0, FINGERPRINTS = 1024;
const PAGE = 65536;

export class PairSampler {
  readonly #ex: RecordExports;
  readonly #n: number;
  #state: number;
  #counted = 0;

  /** `seed`: the corpus's Random seed (mulberry32's first state, as a u32). */
  constructor(fingerprints: BigUint64Array, seed: number) {
    if (fingerprints.length < 2) throw new RangeError(`fingerprints must hold at least 2 to sample pairs, got ${fingerprints.length}`);
    this.#ex = instantiateRecordKernels();
    this.#n = fingerprints.length;
    this.#state = seed >>> 0;
    const memory = this.#ex.memory, end = FINGERPRINTS + 8 * this.#n;
    if (end > memory.buffer.byteLength) memory.grow(Math.ceil((end - memory.buffer.byteLength) / PAGE));
    new BigUint64Array(memory.buffer, FINGERPRINTS, this.#n).set(fingerprints);
    new Uint32Array(memory.buffer, COUNTS, 65).fill(0);
  }

  /** `pairs` more random pairs counted (below 2^31 a call, the kernel's i32; 2^32 - 1 in all, the counts' u32). */
  count(pairs: number): void {
    if (!Number.isInteger(pairs) || pairs < 0 || pairs > 0x7fffffff || this.#counted + pairs > 0xffffffff) throw new RangeError(`pairs must be an integer from 0 to 2^31 - 1 that keeps the total within 2^32 - 1, got ${pairs} after ${this.#counted}`);
    this.#state = this.#ex.samplePairs(FINGERPRINTS, this.#n, this.#state, pairs, COUNTS);
    this.#counted += pairs;
  }

  /** Pairs counted so far. */
  get counted(): number {
    return this.#counted;
  }

  /** counts[d]: pairs counted so far at distance d, 0..64. */
  get counts(): Uint32Array {
    return new Uint32Array(this.#ex.memory.buffer, COUNTS, 65);
  }
}
