// The constants the JS side must agree on, defined here once. scripts/build-wasm.mjs compiles this
// file on its own, reads the values back from the compiled module and writes them into
// src/wasm/abi.ts, so the JS side never copies a number by hand. Plain `export const`s, no
// imports: the build compiles it alone.

/** configure()'s modes: how the features of the current document are used. */
export const MODE_UNIT: i32 = 0;
export const MODE_TABLE: i32 = 1;
/**
 * Weights from the user's function, on the JS side: the features go to a JS-provided output as in MODE_FEATURES
 * and come back weighted through voteWeights(). The module imports nothing (an import costs V8 a compiled wrapper:
 * about 0.4 ms of every start-up, BENCHMARKS.md, "Start-up and size").
 */
export const MODE_FUNCTION: i32 = 2;
/** Emits feature hashes into a JS-provided output instead of voting. */
export const MODE_FEATURES: i32 = 3;

/** configure()'s tokenizations: runs of alphanumerics ('words'), or with every CJK code point its own token. */
export const TOKENS_WORDS: i32 = 0;
export const TOKENS_CJK_CHARS: i32 = 1;

/**
 * Widest shingle configure() takes: the state region holds this many FNV states (twice). The API
 * validates w against src/core/options.ts's own MAX_SHINGLE (the pure engine loads no module);
 * the build stops if the two differ.
 */
export const MAX_SHINGLE: i32 = 1024;

/** Bytes after an update() slice that scan() overwrites meanwhile (its end sentinel), then restores. */
export const SENTINEL_BYTES: i32 = 1;

/** FNV-1a 64 offset basis: fnv() continues a state, so the JS side starts featureHash from here. */
export const FNV_OFFSET: u64 = 0xcbf29ce484222325;
