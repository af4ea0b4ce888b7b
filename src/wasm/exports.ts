// The module's exports (assembly/index.ts) as the JS side sees them. Pointers are byte offsets.

export const MODE_UNIT = 0;
export const MODE_TABLE = 1;
export const MODE_FUNCTION = 2;
export const MODE_FEATURES = 3;

export interface WasmExports {
  readonly memory: WebAssembly.Memory;
  heapBase(): number;
  stateRegion(): number;
  /** Sets w and the mode; `out`/`outCap` (in features) are the features output, else ignored. */
  configure(w: number, mode: number, out: number, outCap: number): void;
  /** Starts a new document with the configured w and mode. */
  reset(): void;
  setTable(keys: number, weights: number, mask: number, defaultWeight: number, zeroKeyWeight: number): void;
  update(ptr: number, len: number): void;
  /** Signed: read it through BigInt.asUintN(64, ...). */
  digest(): bigint;
  finishFeatures(): void;
  takeFeatures(): number;
  /** reset, update with len bytes at ptr, digest into the u64 at out. */
  fingerprintInto(ptr: number, len: number, out: number): void;
  /** digest() into the u64 at out. */
  digestInto(out: number): void;
  /** FNV-1a 64 state h after len more bytes (h signed or not: the module sees 64 bits). */
  fnv(ptr: number, len: number, h: bigint): bigint;
  splitmix(h: bigint): bigint;
  saveState(): void;
  restoreState(): void;
  stateBytes(): number;
}

/** What the module imports: the user's weight function, for MODE_FUNCTION. */
export interface WasmBridge {
  weightOf: (featureHash: bigint) => number;
  /** True while the user's weight function runs: the module is inside a call and must not be re-entered. */
  inWeight: boolean;
}

export function createImports(bridge: WasmBridge): WebAssembly.Imports {
  return {
    env: {
      // i64 arrives as a signed BigInt; the weight function expects the unsigned feature hash.
      weight: (h: bigint) => {
        bridge.inWeight = true;
        try {
          return bridge.weightOf(BigInt.asUintN(64, h));
        } finally {
          bridge.inWeight = false;
        }
      },
    },
  };
}
