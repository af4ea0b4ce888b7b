// Exports only: the surface src/wasm/wasm-interface.ts calls. Pointers are byte offsets in this
// memory. scripts/build-wasm.mjs turns these signatures (as asc declares them) into the JS side's
// WasmExports (src/wasm/abi.ts): a new export is written here, then wrapped in wasm-interface.ts.
import { consume, fingerprintBits, setTable, voteUnits, voteWeights } from './counters';
import { fnvBytes, splitmix as mix } from './features';
import { configure, fbLen, reset, restoreState, saveState, stateBytes, REGION } from './state';
import { finish, scan } from './tokenize';
import { ensureTables } from './fill';

export { configure, reset, setTable, saveState, restoreState, stateBytes, voteUnits, voteWeights };

/** MODE_FUNCTION: the fingerprint of the votes so far (after finishFeatures() and the last voteWeights()). */
export function votedFingerprint(): u64 {
  return fingerprintBits();
}

/** First byte free for the JS side's buffers. */
export function heapBase(): usize {
  return __heap_base;
}

export function stateRegion(): usize {
  return REGION;
}

/** Feeds len more bytes of the current document; fingerprint modes vote the features found. */
export function update(ptr: usize, len: i32): void {
  ensureTables();
  scan(ptr, ptr + <usize>len);
  consume();
}

/** Ends the current document and returns its fingerprint. */
export function digest(): u64 {
  finish();
  consume();
  return fingerprintBits();
}

/** Features mode: ends the document; the last features join the output. */
export function finishFeatures(): void {
  finish();
}

/** Features mode: how many feature hashes are in the output; empties it for the next slice. */
export function takeFeatures(): i32 {
  const n = fbLen;
  fbLen = 0;
  return n;
}

/** digest(), stored at out. */
export function digestInto(out: usize): void {
  store<u64>(out, digest());
}

/** The fingerprint of one whole document of len bytes at ptr, stored at out (no BigInt on the way). */
export function fingerprintInto(ptr: usize, len: i32, out: usize): void {
  reset();
  update(ptr, len);
  store<u64>(out, digest());
}

/** FNV-1a 64 of len more bytes, from state h (featureHash: from the offset basis, then splitmix). */
export function fnv(ptr: usize, len: i32, h: u64): u64 {
  return fnvBytes(ptr, len, h);
}

export function splitmix(h: u64): u64 {
  return mix(h);
}
