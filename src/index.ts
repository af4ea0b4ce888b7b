// simhash-wasm: the WebAssembly engine. Call init() (or initSync()) once before createSimHash(),
// or ask for createSimHash({ engine: 'auto' }), which falls back to the pure engine where WASM cannot run.
// The index first: the browser bundle keeps modules in import order, and the inlined WASM (a 70 KB
// hex string) placed after the index and the pure engine splits the JavaScript less for gzip's
// 32 KB window (when written: 150 bytes smaller with zlib -9, 30 with GNU gzip -9).
export * from './block-index/index.js';
import { bindApi } from './core/api.js';
import { pureEngine } from './pure/engine.js';
import { engineIfLoadable, init, initSync, loadedEngine } from './wasm/load.js';

export { init, initSync };
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
export type { EngineChoice, EngineName, SimHashOptions, Text, WeightFunction } from './core/types.js';
export type { IdfOptions, IdfWeights } from './core/idf.js';
