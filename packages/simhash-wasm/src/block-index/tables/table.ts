// One table: every fingerprint of a run, ordered by a permutation that puts the table's key bits on top, with
// bucket offsets addressed directly by the key's top `bucketBits` bits. A bucket far larger than the rest
// (clustered fingerprints share keys) gets a sub-index of its own, so a query landing there does not scan it.
import { applyTerms, applyTermsAll, compilePermutation, type CompiledPermutation, type Parts } from './permutation.js';
import { sortU64 } from './radix-sort.js';
import type { Table } from '../types.js';
import { popcount32 } from '../../core/bits.js';
import { maskBits } from './u64.js';
import { scanKernel } from '../scan/kernel-slot.js';

/** Fingerprints per bucket the offsets aim at: 4 keeps offsets at 1 byte per fingerprint and a bucket in one cache line. */
const PER_BUCKET = 4;

export function hasChild(table: Table, b: number): boolean {
  const bits = table.childBits;
  return bits !== null && ((bits[b >>> 5] >>> (b & 31)) & 1) === 1;
}

export function bucketBitsFor(n: number, keyBits: number): number {
  const wanted = n <= PER_BUCKET ? 0 : Math.round(Math.log2(n / PER_BUCKET));
  return Math.max(0, Math.min(wanted, keyBits, 30));
}

/** From this many rows a table is ordered by the scan kernel when it can (ScanKernel.tableOrder): below, copying the rows in and out costs more than it saves. */
const KERNEL_ROWS = 4096;

/**
 * Builds a table over n fingerprints. For the identity permutation the source arrays become the table (sorted
 * in place unless `sorted` says they are already ascending). `payload` is reordered along (table 0's ids).
 */
export function buildTable(parts: Parts, srcHi: Uint32Array, srcLo: Uint32Array, n: number, sorted: boolean, payload: Uint32Array | null = null): Table {
  const compiled = compilePermutation(parts);
  if (!(compiled.perm.identity && sorted) && n >= KERNEL_ROWS) {
    const kernel = scanKernel();
    const order = kernel.tableOrder?.([compiled.hiTerms, compiled.loTerms, compiled.inverseHiTerms, compiled.inverseLoTerms], srcHi, srcLo, payload, n);
    // tableOf reads permutedHi (the kernel's memory) before anything calls the kernel again.
    if (order) return tableOf(parts, compiled, order.permutedHi, order.hi, order.lo, n);
  }
  if (compiled.perm.identity) {
    const hi = srcHi.length === n ? srcHi : srcHi.slice(0, n);
    const lo = srcLo.length === n ? srcLo : srcLo.slice(0, n);
    if (!sorted) sortU64(hi, lo, payload, n);
    return tableOf(parts, compiled, hi, hi, lo, n);
  }
  const ph = new Uint32Array(n), pl = new Uint32Array(n);
  applyTermsAll(compiled.hiTerms, srcHi, srcLo, ph, n);
  applyTermsAll(compiled.loTerms, srcHi, srcLo, pl, n);
  sortU64(ph, pl, payload, n);
  return tableFromPermuted(parts, ph, pl, n, compiled);
}

/** The table whose permuted fingerprints, ascending, are (ph, pl) (runs/merge.ts makes them by merging runs). */
export function tableFromPermuted(parts: Parts, ph: Uint32Array, pl: Uint32Array, n: number, compiled = compilePermutation(parts)): Table {
  if (compiled.perm.identity) return tableOf(parts, compiled, ph, ph, pl, n);
  const hi = new Uint32Array(n), lo = new Uint32Array(n);
  applyTermsAll(compiled.inverseHiTerms, ph, pl, hi, n);
  applyTermsAll(compiled.inverseLoTerms, ph, pl, lo, n);
  return tableOf(parts, compiled, ph, hi, lo, n);
}

/** The table of the rows (hi, lo) in table order, whose permuted high words are `permutedHi`. */
function tableOf(parts: Parts, compiled: CompiledPermutation, permutedHi: Uint32Array, hi: Uint32Array, lo: Uint32Array, n: number): Table {
  let keyHi = 0, keyLo = 0;
  for (const [h, l] of parts) {
    keyHi |= h;
    keyLo |= l;
  }
  keyHi >>>= 0;
  keyLo >>>= 0;
  const keyBits = maskBits(keyHi, keyLo);
  const bucketBits = bucketBitsFor(n, keyBits);
  const offsets = bucketOffsets(permutedHi, n, bucketBits);
  const hiFirst = popcount32(keyHi) <= popcount32(keyLo);
  return { hi, lo, identity: compiled.perm.identity, bucketBits, offsets, bucketTerms: compiled.bucketTerms(bucketBits), keyHi, keyLo, keyBits, hiFirst, children: null, childBits: null };
}

/** Offsets from the permuted high words (their top bits are the bucket). */
function bucketOffsets(permHi: Uint32Array, n: number, bucketBits: number): Uint32Array {
  const buckets = 1 << bucketBits;
  const offsets = new Uint32Array(buckets + 1);
  if (bucketBits === 0) {
    offsets[1] = n;
    return offsets;
  }
  const shift = 32 - bucketBits;
  for (let r = 0; r < n; r++) offsets[(permHi[r] >>> shift) + 1]++;
  for (let b = 0; b < buckets; b++) offsets[b + 1] += offsets[b];
  return offsets;
}

export function bucketOf(table: Table, hi: number, lo: number): number {
  return applyTerms(table.bucketTerms, hi, lo);
}

export function tableBytes(table: Table): number {
  let bytes = table.hi.byteLength + table.lo.byteLength + table.offsets.byteLength;
  if (table.children) for (const child of table.children.values()) bytes += child.bytes;
  return bytes;
}
