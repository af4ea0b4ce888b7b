// The WASM engine of the simhash-wasm entry, created once: asynchronously with init() or
// synchronously with initSync(). The bytes are inlined (wasm-bytes.ts), so there is no .wasm file
// to fetch, no import.meta.url and no top-level await: loading is the caller's choice of moment.
import type { Engine } from '../core/types.js';
import { createWasmEngine } from './engine.js';
import { instantiate, instantiateSync, type WasmInterface } from './wasm-interface.js';

let engine: Engine | undefined;
let loading: Promise<void> | undefined;
let wasm: WasmInterface | undefined;
/** Set once a synchronous load failed (no WebAssembly, or a CSP without 'wasm-unsafe-eval'): not retried. */
let syncLoadFailed = false;

function adopt(loaded: WasmInterface): void {
  if (engine) return; // an init() that finished after initSync(): keep the first
  wasm = loaded;
  engine = createWasmEngine(loaded);
}

/** Compiles and instantiates the WebAssembly engine once; later calls return the same promise. */
export function init(): Promise<void> {
  if (engine) return Promise.resolve();
  loading ??= instantiate().then(adopt);
  loading.catch(() => { loading = undefined; }); // a failed attempt may be retried
  return loading;
}

/** init() without the promise: compiles and instantiates now (fine in Node and workers). */
export function initSync(): void {
  if (!engine) adopt(instantiateSync());
}

/** The engine, once init() has resolved or initSync() has returned. */
export function loadedEngine(): Engine {
  if (!engine) {
    throw new TypeError('simhash-wasm is not initialised: `await init()` or call `initSync()` first (or use simhash-wasm/pure, which needs neither)');
  }
  return engine;
}

/** The engine if init() has finished or initSync() succeeds now; undefined if neither. */
export function engineIfLoadable(): Engine | undefined {
  if (!engine && !syncLoadFailed) {
    try {
      initSync();
    } catch {
      syncLoadFailed = true;
    }
  }
  return engine; // an init() that finished after a failed initSync() still counts
}

/** Bytes of the module's linear memory (0 before init): lets tests check that it stays bounded. */
export function wasmMemoryBytes(): number {
  return wasm ? wasm.memoryBytes() : 0;
}
