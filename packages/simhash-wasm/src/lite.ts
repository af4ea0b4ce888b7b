// The lite browser bundle (dist/browser/simhash-wasm.lite.js): the WebAssembly engine and the fingerprinting API, the
// same functions as simhash-wasm's, without the pure TypeScript engine (engine: 'auto' falls back to nothing) and
// without the index. Under 20 KB gzipped, for pages that fingerprint texts and compare fingerprints.
import { engineIfLoadable, init, initSync, loadedEngine } from './wasm/load.js';
import { bindApi } from './core/api.js';

export { init, initSync };

const FULL = 'dist/browser/simhash-wasm.js (or the simhash-wasm package)';

export const { createSimHash, featureHash, createIdfWeights } = bindApi((choice) => {
  if (choice === 'pure') throw new TypeError(`options.engine 'pure' is not in the lite bundle, which carries the WebAssembly engine only: use ${FULL}`);
  if (choice !== 'auto') return loadedEngine();
  const engine = engineIfLoadable(); // 'auto' loads the module now if init() has not
  if (!engine) {
    throw new TypeError(`WebAssembly cannot run here (missing, or refused by a Content-Security-Policy without 'wasm-unsafe-eval'), and the lite bundle has no pure engine to fall back to: use ${FULL}`);
  }
  return engine;
});
export { hamming, similarity, toHex, fromHex } from './core/bits.js';
export { PIPELINE_VERSION, MAX_SHINGLE } from './core/options.js';
export type { SimHash, SimHashStream } from './core/simhash.js';
export type { EngineChoice, EngineName, FingerprintWithFeatures, SimHashOptions, TermWeights, Text, Tokenization, WeightFunction } from './core/types.js';
export type { IdfOptions, IdfWeights } from './core/idf.js';
