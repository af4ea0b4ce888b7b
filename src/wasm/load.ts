// Instantiates the module from the bytes inlined in wasm-bytes.ts (no .wasm file to fetch, no
// import.meta.url, no top-level await), asynchronously with init() or synchronously with initSync().
import type { Engine } from '../core/types.js';
import { createWasmEngine } from './engine.js';
import { createImports, type WasmBridge, type WasmExports } from './exports.js';
import { WASM_HEX } from './wasm-bytes.js';

let engine: Engine | undefined;
let loading: Promise<void> | undefined;
let memory: WebAssembly.Memory | undefined;

/** '0'-'9' to 0-9, 'a'-'f' to 10-15 (lowercase hex only, as the build writes it). */
const nibble = (code: number): number => (code & 0xf) + (code >> 6) * 9;

function moduleBytes(): Uint8Array<ArrayBuffer> {
  // charCodeAt, not parseInt(slice): this runs once, cold, at load time, where it is 3x faster.
  const bytes = new Uint8Array(WASM_HEX.length >> 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (nibble(WASM_HEX.charCodeAt(2 * i)) << 4) | nibble(WASM_HEX.charCodeAt(2 * i + 1));
  return bytes;
}

/** A platform without WebAssembly gets an error that says what to do instead. */
function assertWebAssembly(): void {
  if (typeof WebAssembly !== 'object' || WebAssembly === null) {
    throw new TypeError("WebAssembly is not available here: use simhash-wasm/pure, or createSimHash({ engine: 'auto' }), which falls back to it");
  }
}

function newBridge(): WasmBridge {
  return { weightOf: () => 1, inWeight: false };
}

function adopt(instance: WebAssembly.Instance, bridge: WasmBridge): void {
  if (engine) return;
  const exports = instance.exports as unknown as WasmExports;
  engine = createWasmEngine(exports, bridge);
  memory = exports.memory;
}

/** Compiles and instantiates the WebAssembly engine once; later calls return the same promise. */
export function init(): Promise<void> {
  if (engine) return Promise.resolve();
  loading ??= (async () => {
    assertWebAssembly();
    const bridge = newBridge();
    const { instance } = await WebAssembly.instantiate(moduleBytes(), createImports(bridge));
    adopt(instance, bridge);
  })();
  loading.catch(() => { loading = undefined; }); // a failed attempt may be retried
  return loading;
}

/** init() without the promise: compiles and instantiates now (fine in Node and workers). */
export function initSync(): void {
  if (engine) return;
  assertWebAssembly();
  const bridge = newBridge();
  const instance = new WebAssembly.Instance(new WebAssembly.Module(moduleBytes()), createImports(bridge));
  adopt(instance, bridge);
}

/** The engine, once init() has resolved or initSync() has returned. */
export function loadedEngine(): Engine {
  if (!engine) {
    throw new TypeError('simhash-wasm is not initialised: `await init()` or call `initSync()` first (or use simhash-wasm/pure, which needs neither)');
  }
  return engine;
}

/** Bytes of the module's linear memory (0 before init): lets tests check that it stays bounded. */
export function wasmMemoryBytes(): number {
  return memory ? memory.buffer.byteLength : 0;
}
