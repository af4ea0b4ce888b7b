// simhash-wasm/pure: the same API as simhash-wasm, computed in plain TypeScript (no WebAssembly).
import { bindApi } from '../core/api.js';
import { pureEngine } from './engine.js';

/** Nothing to load for the pure engine; present so both entries are interchangeable. */
export async function init(): Promise<void> {}
export function initSync(): void {}

export const { createSimHash, featureHash, createIdfWeights } = bindApi((choice) => {
  if (choice === 'wasm') throw new TypeError("options.engine 'wasm' is not in simhash-wasm/pure: import createSimHash from simhash-wasm for it");
  return pureEngine; // 'auto' too: this entry carries no WebAssembly
});
export { hamming, similarity, toHex, fromHex } from '../core/bits.js';
export { PIPELINE_VERSION, MAX_SHINGLE } from '../core/options.js';
export type { SimHash, SimHashStream } from '../core/simhash.js';
export type { EngineChoice, EngineName, FingerprintWithFeatures, SimHashOptions, TermWeights, Text, Tokenization, WeightFunction } from '../core/types.js';
export type { IdfOptions, IdfWeights } from '../core/idf.js';
export * from '../block-index/index.js';
