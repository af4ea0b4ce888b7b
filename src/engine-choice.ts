// The engine behind createSimHash({ engine }) in the simhash-wasm entry: the WASM engine by
// default, the pure one on request, and for 'auto' whichever this platform can run.
import type { EngineResolver } from './core/api.js';
import type { Engine } from './core/types.js';
import { pureEngine } from './pure/engine.js';
import { initSync, loadedEngine } from './wasm/load.js';

/** Set once a synchronous load failed (no WebAssembly, or a CSP without 'wasm-unsafe-eval'): not retried. */
let syncLoadFailed = false;

/** The WASM engine if init() has finished or initSync() succeeds now; undefined if neither. */
function wasmIfLoadable(): Engine | undefined {
  if (!syncLoadFailed) {
    try {
      initSync();
    } catch {
      syncLoadFailed = true;
    }
  }
  try {
    return loadedEngine(); // an init() that finished after a failed initSync() still counts
  } catch {
    return undefined;
  }
}

export const wasmEntryEngine: EngineResolver = (choice) => {
  if (choice === 'pure') return pureEngine;
  if (choice === 'auto') return wasmIfLoadable() ?? pureEngine;
  return loadedEngine();
};
