// Workloads and yardsticks for bench/block-index.ts: the reference's own fingerprints, planted near-duplicates,
// a giant cluster, and the two indexes every answer is compared with (brute force, and a Map-of-blocks index like
// the reference's).
import { seedRandom } from './workloads.js';

/** The reference (../shared/reference) draws 20,000 × 300 words before its index workload: skip as many. */
const REFERENCE_WORDS = 20_000 * 300;

/**
 * What the reference's index benchmark uses: the next 1M values of the reference's xorshift64 are the stored
 * fingerprints, the 1M after them the queries. Larger `stored` continues the same stream.
 */
export function referenceFingerprints(stored: number, queries: number): { stored: BigUint64Array; queries: BigUint64Array } {
  const random = seedRandom();
  for (let i = 0; i < REFERENCE_WORDS; i++) random.next();
  const take = (n: number) => {
    const out = new BigUint64Array(n);
    const halves = new Uint32Array(out.buffer);
    for (let i = 0; i < n; i++) {
      const [hi, lo] = random.next().value!;
      halves[2 * i] = lo; // little-endian: the low half first
      halves[2 * i + 1] = hi;
    }
    return out;
  };
  return { stored: take(stored), queries: take(queries) };
}

/** A fast deterministic stream of uint32s (splitmix32-like), for the bench's own extra data. */
export function mixer(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let h = s;
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
  };
}

function flipBits(fp: bigint, bits: number, next: () => number): bigint {
  for (let i = 0; i < bits; i++) fp ^= 1n << BigInt(next() % 64);
  return fp;
}

/** n - planted random fingerprints, then `planted` copies of earlier ones with 1..k bits flipped (all within k). */
export function withPlanted(base: BigUint64Array, planted: number, k: number): BigUint64Array {
  const next = mixer(17);
  const out = new BigUint64Array(base.length);
  const random = base.length - planted;
  out.set(base.subarray(0, random));
  for (let i = random; i < base.length; i++) out[i] = flipBits(out[next() % random], 1 + (next() % k), next);
  return out;
}

/**
 * n fingerprints of which `share` sit around one centre with k+1 .. 2k+4 bits flipped: near one another (they
 * share blocks, so one bucket per table holds most of them) but mostly not within k of each other, as pages of one
 * boilerplate-heavy site are. The rest are random.
 */
export function withGiantCluster(base: BigUint64Array, share: number, k: number): BigUint64Array {
  const next = mixer(23);
  const out = base.slice();
  const centre = base[0];
  const count = Math.round(base.length * share);
  for (let i = 0; i < count; i++) out[i] = flipBits(centre, k + 1 + (next() % (k + 4)), next);
  return out;
}

export function nearQueries(stored: BigUint64Array, count: number, maxFlips: number, seed: number): BigUint64Array {
  const next = mixer(seed);
  return BigUint64Array.from({ length: count }, () => flipBits(stored[next() % stored.length], next() % (maxFlips + 1), next));
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

function halvesOf(fps: BigUint64Array): { hi: Uint32Array; lo: Uint32Array } {
  const view = new Uint32Array(fps.buffer, fps.byteOffset, 2 * fps.length);
  const hi = new Uint32Array(fps.length), lo = new Uint32Array(fps.length);
  for (let i = 0; i < fps.length; i++) {
    lo[i] = view[2 * i];
    hi[i] = view[2 * i + 1];
  }
  return { hi, lo };
}

/** All-pairs popcount: the answer every index must give, at O(n) per query. */
export class BruteForce {
  private readonly hi: Uint32Array;
  private readonly lo: Uint32Array;
  constructor(stored: BigUint64Array, private readonly k: number) {
    ({ hi: this.hi, lo: this.lo } = halvesOf(stored));
  }
  /** Number of stored fingerprints within k of each query, summed. */
  countMatches(queries: BigUint64Array): number {
    const q = halvesOf(queries);
    let matches = 0;
    for (let j = 0; j < queries.length; j++) {
      const qh = q.hi[j], ql = q.lo[j];
      for (let i = 0; i < this.hi.length; i++) if (popcount32(this.hi[i] ^ qh) + popcount32(this.lo[i] ^ ql) <= this.k) matches++;
    }
    return matches;
  }
}

/**
 * The reference's index in JavaScript: k + 1 tables, each a Map from a block's value to the ids holding it, with the
 * fingerprints beside; a query looks up its k + 1 blocks and verifies each candidate. Blocks must be at most 32
 * bits and not straddle the 32-bit halves (k + 1 a power of two: k = 1, 3, 7).
 */
export class MapOfBlocks {
  private readonly tables: Map<number, number[]>[];
  private readonly bits: number;
  private readonly hi: Uint32Array;
  private readonly lo: Uint32Array;
  constructor(stored: BigUint64Array, private readonly k: number) {
    const blocks = k + 1;
    this.bits = 64 / blocks;
    if (!Number.isInteger(this.bits) || this.bits > 32 || 32 % this.bits !== 0) throw new RangeError(`MapOfBlocks needs k + 1 to divide 64 into blocks within the halves, got k = ${k}`);
    ({ hi: this.hi, lo: this.lo } = halvesOf(stored));
    this.tables = Array.from({ length: blocks }, () => new Map<number, number[]>());
    for (let id = 0; id < stored.length; id++) {
      for (let b = 0; b < blocks; b++) {
        const key = this.block(this.hi[id], this.lo[id], b);
        const list = this.tables[b].get(key);
        if (list) list.push(id);
        else this.tables[b].set(key, [id]);
      }
    }
  }
  private block(hi: number, lo: number, b: number): number {
    const start = b * this.bits;
    const word = start >= 32 ? hi : lo;
    const shift = start & 31;
    return this.bits === 32 ? word : (word >>> shift) & ((1 << this.bits) - 1);
  }
  /** The reference's query: (id, distance) for each match, deduplicated by a scan of the matches so far. */
  query(hi: number, lo: number): [number, number][] {
    const out: [number, number][] = [];
    for (let b = 0; b < this.tables.length; b++) {
      const list = this.tables[b].get(this.block(hi, lo, b));
      if (!list) continue;
      for (const id of list) {
        const d = popcount32(this.hi[id] ^ hi) + popcount32(this.lo[id] ^ lo);
        if (d <= this.k && !out.some((o) => o[0] === id)) out.push([id, d]);
      }
    }
    return out;
  }
  countMatches(queries: BigUint64Array): number {
    const q = halvesOf(queries);
    let matches = 0;
    for (let j = 0; j < queries.length; j++) matches += this.query(q.hi[j], q.lo[j]).length;
    return matches;
  }
}
