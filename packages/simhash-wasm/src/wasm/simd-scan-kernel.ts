// The SIMD build of the scan kernel (i8x16.popcnt, two fingerprints per v128), for the benchmark and the tests, and
// for machines where it may win: null where WebAssembly.validate refuses SIMD. Kept out of scan-kernel.ts so a
// bundle that uses only the scalar build does not carry these bytes.
import type { ScanKernel } from '../core/scan-kernel.js';
import { kernelOf } from './scan-kernel.js';
import { SCAN_SIMD_HEX } from './scan-bytes.js';

export function createSimdScanKernel(): ScanKernel | null {
  return kernelOf(SCAN_SIMD_HEX, 'wasm-simd');
}
