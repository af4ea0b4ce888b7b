// The WebAssembly scan kernel (assembly/scan/scan.ts): the ScanKernel of src/core/scan-kernel.ts, for the index's
// exact scans. Its own small module (under 0.5 KB), compiled on first use: the scalar build (i64.popcnt), which
// scanned twice as fast as the SIMD build on the machines measured (simd-scan-kernel.ts has that one). The stored fingerprints are copied into the module's memory once
// and kept while the same array is scanned again (an index's runs never change), so a batch of queries, or query
// after query, pays the copy once.
import { emptyMatches, reserveMatches, type ScanKernel, type ScanMatches, type TableOrder } from '../core/scan-kernel.js';
import { SCAN_SCALAR_HEX } from './scan-bytes.js';
import { hexToBytes } from './hex.js';
import { TableSorter } from './table-sorter.js';

/** Which 32-bit half of a little-endian u64 in the module's memory holds the high word. */
const HALF_LO = 0, HALF_HI = 1;

interface ScanExports {
  readonly memory: WebAssembly.Memory;
  scan(stored: number, n: number, queries: number, m: number, k: number, outStored: number, outQueryDistance: number, capacity: number): number;
  reserve(bytes: number): number;
  bucketPairs(fps: number, offsets: number, first: number, end: number, xors: number, xorCount: number, k: number, out: number, capacity: number): number;
  bucketProbes(fps: number, offsets: number, queries: number, buckets: number, n: number, xors: number, xorCount: number, k: number, out: number, capacity: number): number;
}

/** Queries per call into the module; its output holds their matches. */
const TILE = 64;
/** Where the stored fingerprints start: past anything the module itself keeps (it keeps nothing; one page to spare). */
const BASE = 65536;

/**
 * The kernel of the scalar build (what the simhash-wasm entry uses), or null where there is no WebAssembly.
 * createSimdScanKernel (simd-scan-kernel.ts) makes the SIMD build's; apart, so bundles carry only the one they use.
 */
export function createWasmScanKernel(): ScanKernel | null {
  return kernelOf(SCAN_SCALAR_HEX, 'wasm');
}

/** The kernel of a build of assembly/scan/scan.ts given as hex; null where WebAssembly is missing or refuses it. */
export function kernelOf(hex: string, name: 'wasm' | 'wasm-simd'): ScanKernel | null {
  if (typeof WebAssembly !== 'object' || WebAssembly === null) return null;
  const bytes = hexToBytes(hex);
  if (!WebAssembly.validate(bytes)) return null;
  const module = new WebAssembly.Module(bytes);
  const exports = new WebAssembly.Instance(module, {}).exports as unknown as ScanExports;
  return new WasmScanKernel(exports, new TableSorter(module), name);
}

class WasmScanKernel implements ScanKernel {
  /** The array whose fingerprints the module's memory holds now (scan). */
  private loaded: BigUint64Array | null = null;
  /**
   * The arrays onArrays placed last, while the memory still holds them: a pairs() walk calls the kernel a stretch of
   * buckets at a time over the same table, which is copied in once.
   */
  private placed: readonly (Uint32Array | readonly [Uint32Array, Uint32Array])[] | null = null;
  private capacity = 1 << 12;

  /** Measured at 1M fingerprints (BENCHMARKS.md, "Exact search at large k"): 0.33 ns scalar, 0.75 ns SIMD. */
  readonly nsPerPair: number;

  constructor(private readonly exports: ScanExports, private readonly sorter: TableSorter, readonly name: string) {
    this.nsPerPair = name === 'wasm-simd' ? 0.9 : 0.4;
  }

  scan(stored: BigUint64Array, queries: BigUint64Array, maxDistance: number, into?: ScanMatches): ScanMatches {
    const out = emptyMatches(into);
    this.placed = null; // the stored fingerprints and queries go where onArrays placed its arrays
    const n = stored.length;
    if (n === 0 || queries.length === 0) return out;
    const queriesAt = BASE + n * 8;
    for (let first = 0; first < queries.length; first += TILE) {
      const m = Math.min(TILE, queries.length - first);
      for (;;) {
        const outStored = queriesAt + TILE * 8, outQd = outStored + this.capacity * 4;
        this.place(stored, outQd + this.capacity * 4);
        const memory = new BigUint64Array(this.exports.memory.buffer);
        memory.set(queries.subarray(first, first + m), queriesAt / 8);
        const found = this.exports.scan(BASE, n, queriesAt, m, maxDistance, outStored, outQd, this.capacity);
        if (found < 0) {
          this.capacity *= 2;
          continue;
        }
        this.collect(out, first, m, found, outStored, outQd);
        break;
      }
    }
    return out;
  }

  bucketPairs(hi: Uint32Array, lo: Uint32Array, offsets: Uint32Array, first: number, end: number, xors: Uint32Array, maxDistance: number, into?: ScanMatches): ScanMatches {
    // A table's arrays never change once built (../block-index/tables), so the same ones placed last are still right.
    return this.onArrays([[hi, lo], offsets, xors], 'pairs()', (at, outAt, capacity) => this.exports.bucketPairs(at[0], at[1], first, end, at[2], xors.length, maxDistance, outAt, capacity), into, true);
  }

  bucketProbes(hi: Uint32Array, lo: Uint32Array, offsets: Uint32Array, queryHi: Uint32Array, queryLo: Uint32Array, buckets: Uint32Array, xors: Uint32Array, maxDistance: number, into?: ScanMatches): ScanMatches {
    const n = buckets.length;
    return this.onArrays([[hi, lo], offsets, [queryHi, queryLo], buckets, xors], 'queryMany()', (at, outAt, capacity) => this.exports.bucketProbes(at[0], at[1], at[2], at[3], n, at[4], xors.length, maxDistance, outAt, capacity), into);
  }

  tableOrder(terms: readonly [hi: Int32Array, lo: Int32Array, backHi: Int32Array, backLo: Int32Array], hi: Uint32Array, lo: Uint32Array, payload: Uint32Array | null, n: number): TableOrder | null {
    return this.sorter.order(terms, hi, lo, payload, n);
  }

  /**
   * Places the arrays one after another from BASE (a pair [hi, lo] as 64-bit fingerprints), calls `run` with their
   * addresses, the output's and its capacity, and collects the (query, stored, distance) triples it wrote; when they
   * did not fit, grows the output and calls again.
   */
  private onArrays(arrays: readonly (Uint32Array | readonly [Uint32Array, Uint32Array])[], what: string, run: (at: number[], outAt: number, capacity: number) => number, into?: ScanMatches, reuse = false): ScanMatches {
    const out = emptyMatches(into);
    // Over the stored fingerprints' place: the next scan copies those in again.
    this.loaded = null;
    // `reuse`: the arrays are not changed between calls, so the same ones placed last need no copy.
    const same = reuse && this.placed !== null && this.placed.length === arrays.length && arrays.every((array, i) => {
      const held = this.placed![i];
      return array instanceof Uint32Array ? held === array : !(held instanceof Uint32Array) && held[0] === array[0] && held[1] === array[1];
    });
    const at: number[] = [];
    let next = BASE;
    for (const array of arrays) {
      at.push(next);
      next += array instanceof Uint32Array ? 4 * array.length : 8 * array[0].length;
    }
    for (let placed = same; ; ) {
      const bytes = next + this.capacity * 12;
      if (this.exports.memory.buffer.byteLength < bytes && !this.exports.reserve(bytes)) {
        throw new RangeError(`${what} needs ${bytes} bytes of WebAssembly memory, more than it can have`);
      }
      const buffer = this.exports.memory.buffer;
      if (!placed) {
        arrays.forEach((array, i) => {
          if (array instanceof Uint32Array) {
            new Uint32Array(buffer, at[i], array.length).set(array);
            return;
          }
          const [hi, lo] = array;
          const words = new Uint32Array(buffer, at[i], 2 * hi.length);
          for (let r = 0; r < hi.length; r++) {
            words[2 * r + HALF_HI] = hi[r];
            words[2 * r + HALF_LO] = lo[r];
          }
        });
        placed = true;
        this.placed = reuse ? arrays : null;
      }
      const found = run(at, next, this.capacity);
      if (found < 0) {
        this.capacity *= 2;
        continue;
      }
      const triples = new Uint32Array(this.exports.memory.buffer, next, 3 * found);
      reserveMatches(out, found);
      for (let i = 0; i < found; i++) {
        out.query[i] = triples[3 * i];
        out.stored[i] = triples[3 * i + 1];
        out.distance[i] = triples[3 * i + 2];
      }
      out.count = found;
      return out;
    }
  }

  /** Grows the memory to `bytes` and copies `stored` in unless it is there already (growing keeps the contents). */
  private place(stored: BigUint64Array, bytes: number): void {
    if (this.exports.memory.buffer.byteLength < bytes && !this.exports.reserve(bytes)) {
      throw new RangeError(`the scan needs ${bytes} bytes of WebAssembly memory, more than it can have`);
    }
    if (this.loaded === stored) return;
    new BigUint64Array(this.exports.memory.buffer).set(stored, BASE / 8);
    this.loaded = stored;
  }

  /** The tile's matches, put in (query, stored) order (a stable counting sort by query), appended to `out`. */
  private collect(out: ScanMatches, first: number, m: number, found: number, outStored: number, outQd: number): void {
    const buffer = this.exports.memory.buffer;
    const storedIndex = new Uint32Array(buffer, outStored, found);
    const queryDistance = new Uint32Array(buffer, outQd, found);
    const starts = new Uint32Array(m + 1);
    for (let i = 0; i < found; i++) starts[(queryDistance[i] >>> 8) + 1]++;
    for (let q = 0; q < m; q++) starts[q + 1] += starts[q];
    reserveMatches(out, out.count + found);
    const base = out.count;
    for (let i = 0; i < found; i++) {
      const qd = queryDistance[i];
      const at = base + starts[qd >>> 8]++;
      out.query[at] = first + (qd >>> 8);
      out.stored[at] = storedIndex[i];
      out.distance[at] = qd & 0xff;
    }
    out.count += found;
  }
}

