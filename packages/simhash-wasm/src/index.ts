// simhash-wasm: the WebAssembly engine. Call init() (or initSync()) once before createSimHash(),
// or ask for createSimHash({ engine: 'auto' }), which falls back to the pure engine where WASM cannot run.
// In this order the browser bundle lays the engines out before the API and gzips about 2% smaller than API first.
import { engineIfLoadable, init, initSync, loadedEngine } from './wasm/load.js';
import { pureEngine } from './pure/engine.js';
import { bindApi } from './core/api.js';
import { setScanKernel } from './block-index/scan/kernel-slot.js';
import { createWasmScanKernel } from './wasm/scan-kernel.js';

export { init, initSync };

// The index's exact scans run in WebAssembly (compiled at the first scan; under 0.5 KB). The scalar build
// (i64.popcnt): on the x86 machines measured, V8 lowers i8x16.popcnt to a byte-table sequence and the SIMD build
// scanned at half the speed (BENCHMARKS.md, "Exact search at large k").
setScanKernel(createWasmScanKernel);
// Which engine a hasher gets is this entry's choice: only here are both engines in reach (src/wasm
// and src/pure know nothing of each other). 'auto' falls back where WebAssembly is missing or
// refused, as under a Content-Security-Policy without 'wasm-unsafe-eval'.
export const { createSimHash, featureHash, createIdfWeights } = bindApi((choice) => {
  if (choice === 'pure') return pureEngine;
  if (choice === 'auto') return engineIfLoadable() ?? pureEngine;
  return loadedEngine();
});
export { hamming, similarity, toHex, fromHex } from './core/bits.js';
export { PIPELINE_VERSION, MAX_SHINGLE } from './core/options.js';
export type { SimHash, SimHashStream } from './core/simhash.js';
export type { EngineChoice, EngineName, FingerprintWithFeatures, SimHashOptions, TermWeights, Text, Tokenization, WeightFunction } from './core/types.js';
export type { IdfOptions, IdfWeights } from './core/idf.js';
export * from './block-index/index.js';
