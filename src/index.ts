// simhash-wasm: the WebAssembly engine. Call init() (or initSync()) once before createSimHash().
import { bindApi } from './core/api.js';
import { init, initSync, loadedEngine } from './wasm/load.js';

export { init, initSync };
export const { createSimHash, featureHash, createIdfWeights } = bindApi(loadedEngine);
export { hamming, similarity, toHex, fromHex } from './core/bits.js';
export { PIPELINE_VERSION, MAX_SHINGLE } from './core/options.js';
export type { SimHash, SimHashStream } from './core/simhash.js';
export type { SimHashOptions, Text, WeightFunction } from './core/types.js';
export type { IdfOptions, IdfWeights } from './core/idf.js';
export * from './block-index/index.js';
