// The WebAssembly scan kernel (assembly/scan/scan.ts): the ScanKernel of src/core/scan-kernel.ts, for the index's
// exact scans. Its own small module (under 0.5 KB), compiled on first use: the scalar build (i64.popcnt), which
// scanned twice as fast as the SIMD build on the machines measured (simd-scan-kernel.ts has that one). The stored fingerprints are copied into the module's memory once
// and kept while the same array is scanned again (an index's runs never change), so a batch of queries, or query
// after query, pays the copy once.
import { emptyMatches, reserveMatches, type ScanKernel, type ScanMatches } from '../core/scan-kernel.js';
import { SCAN_SCALAR_HEX } from './scan-bytes.js';

/** Which 32-bit half of a little-endian u64 in the module's memory holds the high word. */
const HALF_LO = 0, HALF_HI = 1;

interface ScanExports {
  readonly memory: WebAssembly.Memory;
  scan(stored: number, n: number, queries: number, m: number, k: number, outStored: number, outQueryDistance: number, capacity: number): number;
  reserve(bytes: number): number;
  bucketPairs(fps: number, offsets: number, first: number, end: number, xors: number, xorCount: number, k: number, out: number, capacity: number): number;
}

/** Queries per call into the module; its output holds their matches. */
const TILE = 64;
/** Where the stored fingerprints start: past anything the module itself keeps (it keeps nothing; one page to spare). */
const BASE = 65536;

function bytesOf(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.substr(2 * i, 2), 16);
  return bytes;
}

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
  const bytes = bytesOf(hex);
  if (!WebAssembly.validate(bytes)) return null;
  const exports = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports as unknown as ScanExports;
  return new WasmScanKernel(exports, name);
}

class WasmScanKernel implements ScanKernel {
  /** The array whose fingerprints the module's memory holds now. */
  private loaded: BigUint64Array | null = null;
  private capacity = 1 << 12;

  /** Measured at 1M fingerprints (BENCHMARKS.md, "Exact search at large k"): 0.33 ns scalar, 0.75 ns SIMD. */
  readonly nsPerPair: number;

  constructor(private readonly exports: ScanExports, readonly name: string) {
    this.nsPerPair = name === 'wasm-simd' ? 0.9 : 0.4;
  }

  scan(stored: BigUint64Array, queries: BigUint64Array, maxDistance: number, into?: ScanMatches): ScanMatches {
    const out = emptyMatches(into);
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
    const out = emptyMatches(into);
    const n = hi.length;
    // The table over the stored fingerprints' place: the next scan copies those in again.
    this.loaded = null;
    const offsetsAt = BASE + n * 8, xorsAt = offsetsAt + offsets.length * 4, outAt = xorsAt + xors.length * 4;
    for (let placed = false; ; ) {
      if (this.exports.memory.buffer.byteLength < outAt + this.capacity * 12 && !this.exports.reserve(outAt + this.capacity * 12)) {
        throw new RangeError(`pairs() needs ${outAt + this.capacity * 12} bytes of WebAssembly memory, more than it can have`);
      }
      const buffer = this.exports.memory.buffer;
      if (!placed) {
        const words = new Uint32Array(buffer, BASE, 2 * n);
        for (let r = 0; r < n; r++) {
          words[2 * r + HALF_HI] = hi[r];
          words[2 * r + HALF_LO] = lo[r];
        }
        new Uint32Array(buffer, offsetsAt, offsets.length).set(offsets);
        new Uint32Array(buffer, xorsAt, xors.length).set(xors);
        placed = true;
      }
      const found = this.exports.bucketPairs(BASE, offsetsAt, first, end, xorsAt, xors.length, maxDistance, outAt, this.capacity);
      if (found < 0) {
        this.capacity *= 2;
        continue;
      }
      const triples = new Uint32Array(this.exports.memory.buffer, outAt, 3 * found);
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

