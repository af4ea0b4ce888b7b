// Which scan kernel the index's exact scans use. The index imports core only and cannot load WebAssembly itself:
// the entry that sees the engines (src/index.ts) sets the WebAssembly kernel here, built on first use; without one
// (simhash-wasm/pure, no WebAssembly) the TypeScript kernel scans. Both give the same matches.
import type { ScanKernel } from '../../core/scan-kernel.js';
import { tsScanKernel } from './ts-scan-kernel.js';

let factory: (() => ScanKernel | null) | null = null;
let kernel: ScanKernel | null = null;

/** A kernel maker, called once at the first scan; null (or a maker that returns null) means the TypeScript one. */
export function setScanKernel(make: (() => ScanKernel | null) | null): void {
  factory = make;
  kernel = null;
}

export function scanKernel(): ScanKernel {
  if (kernel === null) {
    try {
      kernel = factory?.() ?? tsScanKernel;
    } catch {
      kernel = tsScanKernel; // e.g. a Content-Security-Policy that forbids compiling WebAssembly
    }
  }
  return kernel;
}
