// simhash-wasm: the WebAssembly engine. Call init() (or initSync()) once before createSimHash(),
// or ask for createSimHash({ engine: 'auto' }), which falls back to the pure engine where WASM cannot run.
// In this order the browser bundle lays the engines out before the API and gzips about 2% smaller than API first.
import { init, initSync } from './wasm/load.js';
import { wasmEntryEngine } from './engine-choice.js';
import { bindApi } from './core/api.js';

export { init, initSync };
export const { createSimHash, featureHash, createIdfWeights } = bindApi(wasmEntryEngine);
export { hamming, similarity, toHex, fromHex } from './core/bits.js';
export { PIPELINE_VERSION, MAX_SHINGLE } from './core/options.js';
export type { SimHash, SimHashStream } from './core/simhash.js';
export type { EngineChoice, EngineName, SimHashOptions, Text, WeightFunction } from './core/types.js';
export type { IdfOptions, IdfWeights } from './core/idf.js';
export * from './block-index/index.js';
