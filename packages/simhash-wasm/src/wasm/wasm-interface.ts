// The one place JS meets the WebAssembly module (assembly/): instantiating the inlined bytes, the
// linear memory (growth, views, where the JS side's buffers sit) and every call into the module.
// The ABI itself is abi.ts, generated from assembly/ by scripts/build-wasm.mjs. The rest of
// src/wasm calls WasmInterface and never sees WebAssembly.* or a raw export, so a change of the
// ABI or of the memory layout is a change of this file alone.
import type { FeatureSink, HasherConfig, Text, Tokenization, WeightFunction } from '../core/types.js';
import type { WeightTable } from '../core/weight-table.js';
import { FNV_OFFSET, MODE_FEATURES, MODE_FUNCTION, MODE_TABLE, MODE_UNIT, SENTINEL_BYTES, type WasmExports } from './abi.js';
import { tokensCode } from './tokens-code.js';
import { WASM_HEX } from './wasm-bytes.js';
import { hexToBytes } from './hex.js';

/** Bytes of the input buffer. */
export const INPUT_CAP = 256 * 1024;
/** Code units per string slice: even at 3 UTF-8 bytes each, a slice fits the input buffer. */
export const SLICE_UNITS = 64 * 1024;
/** Fingerprints the output area holds (fingerprintMany copies them out this many at a time). */
export const MAX_BATCH = 4096;
const PAGE = 65536;
/** Each buffer starts on its own cache line. */
const align = (n: number): number => Math.ceil(n / 64) * 64;

function moduleBytes(): Uint8Array<ArrayBuffer> {
  return hexToBytes(WASM_HEX);
}

/** A platform without WebAssembly gets an error that says what to do instead. */
function assertWebAssembly(): void {
  if (typeof WebAssembly !== 'object' || WebAssembly === null) {
    throw new TypeError("WebAssembly is not available here: use simhash-wasm/pure, or createSimHash({ engine: 'auto' }), which falls back to it");
  }
}

/** The user's weight function of the current configuration (MODE_FUNCTION), and whether it is running. */
class WeightCalls {
  weightOf: WeightFunction = () => 1;
  /** True while the user's function runs: the engine is inside a call and must not be re-entered. */
  running = false;
}

/** Compiles and instantiates the module now (fine in Node and workers). */
export function instantiateSync(): WasmInterface {
  assertWebAssembly();
  return new WasmInterface(new WebAssembly.Instance(new WebAssembly.Module(moduleBytes())));
}

/** Compiles and instantiates the module off the main thread where the platform can. */
export async function instantiate(): Promise<WasmInterface> {
  assertWebAssembly();
  const { instance } = await WebAssembly.instantiate(moduleBytes());
  return new WasmInterface(instance);
}

/**
 * One instantiated module. Memory after the module's static data (heapBase): the input buffer
 * (text in, plus the bytes scan() overwrites past its end), the output area (fingerprints out),
 * then a growable area: the weight table, then the features output (and in MODE_FUNCTION their weights).
 * Weight functions run here, not called from the module: the module imports nothing, which spares V8 compiling
 * an import wrapper at every start-up; after each slice the features come out, get their weights and go back in
 * (#voteFeatures).
 */
export class WasmInterface {
  // #private: the minifier shortens these names (it cannot know who reads a public one).
  readonly #ex: WasmExports;
  readonly #weight = new WeightCalls();
  readonly #region: number;
  readonly #input: number;
  readonly #out: number;
  readonly #varArea: number;
  // Views are made on first use, and again after memory.grow detaches the buffer under them.
  #u8 = new Uint8Array(0);
  #inputView = this.#u8;
  readonly #encoder = new TextEncoder();
  #loadedTable: WeightTable | null = null;
  #tableBytes = 0;
  /** Where configureFeatures() or configure() put the features output: after the weight table, which stays loaded. */
  #featuresOut = 0;
  /** MODE_FUNCTION: where the features' weights go, and whether that is the mode configured. */
  #weightsOut = 0;
  #functionMode = false;

  constructor(instance: WebAssembly.Instance) {
    const ex = instance.exports as unknown as WasmExports;
    this.#ex = ex;
    this.#region = ex.stateRegion();
    this.#input = align(ex.heapBase());
    this.#out = align(this.#input + INPUT_CAP + SENTINEL_BYTES);
    this.#varArea = align(this.#out + 8 * MAX_BATCH);
    this.#ensure(this.#varArea);
  }

  /** Bytes of linear memory (tests check that it stays bounded). */
  memoryBytes(): number {
    return this.#ex.memory.buffer.byteLength;
  }

  /** Memory as bytes, the views current. */
  #bytes(): Uint8Array {
    if (this.#u8.buffer !== this.#ex.memory.buffer) {
      this.#u8 = new Uint8Array(this.#ex.memory.buffer);
      this.#inputView = this.#u8.subarray(this.#input, this.#input + INPUT_CAP);
    }
    return this.#u8;
  }

  /** Grows memory so that [0, end) exists. */
  #ensure(end: number): void {
    const have = this.memoryBytes();
    if (end > have) this.#ex.memory.grow(Math.ceil((end - have) / PAGE));
  }

  /** Copies a string into the input buffer, as much as fits; returns the bytes written. */
  encodeInput(text: string): number {
    this.#bytes();
    return this.#encoder.encodeInto(text, this.#inputView).written;
  }

  /** Copies bytes (at most INPUT_CAP) into the input buffer. */
  copyInput(bytes: Uint8Array): void {
    this.#bytes().set(bytes, this.#input);
  }

  /**
   * Copies a text into the input buffer slice by slice (a string is never cut inside a surrogate
   * pair) and calls onSlice with each slice's byte length.
   */
  slices(text: Text, onSlice: (bytes: number) => void): void {
    if (typeof text === 'string') {
      for (let at = 0; at < text.length;) {
        let end = Math.min(text.length, at + SLICE_UNITS);
        if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--;
        onSlice(this.encodeInput(at === 0 && end === text.length ? text : text.slice(at, end)));
        at = end;
      }
    } else {
      for (let at = 0; at < text.length; at += INPUT_CAP) {
        const part = text.subarray(at, Math.min(text.length, at + INPUT_CAP));
        this.copyInput(part);
        onSlice(part.length);
      }
    }
  }

  /** Feeds a whole text into the current document. */
  feed(text: Text): void {
    this.slices(text, this.update);
  }

  /** Starts a new document with the configured w and mode. */
  reset(): void {
    this.#ex.reset();
  }

  /** Feeds the first `bytes` bytes of the input buffer into the current document (bound: feed() passes it on). */
  readonly update = (bytes: number): void => {
    this.#ex.update(this.#input, bytes);
    if (this.#functionMode) this.#voteFeatures();
  };

  /** Ends the current document: its fingerprint. */
  digest(): bigint {
    if (!this.#functionMode) return BigInt.asUintN(64, this.#ex.digest());
    this.#ex.finishFeatures();
    this.#voteFeatures();
    return BigInt.asUintN(64, this.#ex.votedFingerprint());
  }

  /** The fingerprint of the whole document in the first `bytes` bytes of the input, into output slot `slot`. */
  fingerprintInput(bytes: number, slot: number): void {
    if (!this.#functionMode) {
      this.#ex.fingerprintInto(this.#input, bytes, this.#out + 8 * slot);
      return;
    }
    this.#ex.reset();
    this.update(bytes);
    this.digestToSlot(slot);
  }

  /** digest() into output slot `slot`. */
  digestToSlot(slot: number): void {
    if (!this.#functionMode) {
      this.#ex.digestInto(this.#out + 8 * slot);
      return;
    }
    const fp = this.digest();
    new BigUint64Array(this.#ex.memory.buffer, this.#out + 8 * slot, 1)[0] = fp;
  }

  /** MODE_FUNCTION: the features found since the last call, weighted by the user's function and voted. */
  #voteFeatures(): void {
    const n = this.#ex.takeFeatures();
    if (n === 0) return;
    const { buffer } = this.#ex.memory;
    const features = new BigUint64Array(buffer, this.#featuresOut, n);
    // An Int32Array converts what the function returns as a WebAssembly i32 result would (ToInt32); the core
    // layer's weightOf has checked it is an integer in range already.
    const weights = new Int32Array(buffer, this.#weightsOut, n);
    const weight = this.#weight;
    weight.running = true;
    try {
      for (let i = 0; i < n; i++) weights[i] = weight.weightOf(features[i]);
    } finally {
      weight.running = false;
    }
    this.#ex.voteWeights(this.#featuresOut, this.#weightsOut, n);
  }

  /** The first `count` output slots; a view, valid until the next call. */
  outputSlots(count: number): BigUint64Array {
    return new BigUint64Array(this.#ex.memory.buffer, this.#out, count);
  }

  /** FNV-1a 64, then splitmix64, of a string's UTF-8 bytes, fed slice by slice. */
  featureHash(text: string): bigint {
    this.assertIdle(); // the input buffer may hold the text being scanned
    let h = FNV_OFFSET; // the module continues a state across calls, signed or not: it sees 64 bits
    this.slices(text, (bytes) => { h = this.#ex.fnv(this.#input, bytes, h); });
    return BigInt.asUintN(64, this.#ex.splitmix(h));
  }

  /** Sets w, the mode, the weights and the tokenization for the next documents. */
  configure(config: HasherConfig): void {
    const { weighting } = config;
    this.#functionMode = weighting.kind === 'function';
    if (weighting.kind === 'function') {
      this.#weight.weightOf = weighting.weightOf;
      // Room for every feature a slice can make (a slice of n bytes ends at most n tokens; the document's end
      // adds one more), and their weights.
      const cap = INPUT_CAP + 2;
      const out = this.#placeFeatures(cap);
      this.#weightsOut = align(out + 8 * cap);
      this.#ensure(this.#weightsOut + 4 * cap);
      this.#ex.configure(config.shingle, MODE_FUNCTION, out, cap, tokensCode(config.tokens));
      return;
    }
    let mode = MODE_UNIT;
    if (weighting.kind === 'table') {
      this.#loadTable(weighting.table);
      mode = MODE_TABLE;
    }
    this.#ex.configure(config.shingle, mode, 0, 0, tokensCode(config.tokens));
  }

  /** Places the features output (cap hashes) after the weight table; returns where it starts. */
  #placeFeatures(cap: number): number {
    const out = (this.#featuresOut = this.#varArea + align(this.#tableBytes));
    this.#ensure(out + 8 * cap);
    return out;
  }

  #loadTable(table: WeightTable): void {
    if (this.#loadedTable === table) return;
    const capacity = table.mask + 1;
    const keys = this.#varArea;
    const weights = keys + 8 * capacity;
    this.#ensure(weights + 4 * capacity);
    const u8 = this.#bytes();
    u8.set(new Uint8Array(table.keys.buffer, table.keys.byteOffset, 8 * capacity), keys);
    u8.set(new Uint8Array(table.weights.buffer, table.weights.byteOffset, 4 * capacity), weights);
    this.#ex.setTable(keys, weights, table.mask, table.defaultWeight, table.zeroKeyWeight);
    this.#loadedTable = table;
    this.#tableBytes = 12 * capacity;
  }

  /** Features mode for the next document: an output of `cap` hashes, for takeFeaturesInto() to collect. */
  configureFeatures(shingle: number, tokens: Tokenization, cap: number): void {
    this.#functionMode = false;
    this.#ex.configure(shingle, MODE_FEATURES, this.#placeFeatures(cap), cap, tokensCode(tokens));
  }

  /**
   * Features mode: the feature hashes found since the last call, appended to `sink` (grown by doubling). `vote`: also
   * vote them with unit weights, so that votedFingerprint() after the last of them is the document's fingerprint.
   */
  takeFeaturesInto(sink: FeatureSink, vote: boolean): void {
    const n = this.#ex.takeFeatures();
    if (n === 0) return;
    if (vote) this.#ex.voteUnits(this.#featuresOut, n);
    if (sink.length + n > sink.buffer.length) {
      const grown = new BigUint64Array(Math.max(2 * sink.buffer.length, sink.length + n));
      grown.set(sink.buffer); // all of it: no shorter than what it holds, and shorter than grown
      sink.buffer = grown;
    }
    sink.buffer.set(new BigUint64Array(this.#ex.memory.buffer, this.#featuresOut, n), sink.length);
    sink.length += n;
  }

  /** Features mode after takeFeaturesInto(sink, true): the fingerprint of the features voted. */
  votedFingerprint(): bigint {
    return BigInt.asUintN(64, this.#ex.votedFingerprint());
  }

  /** Features mode: ends the document; its last features wait for takeFeaturesInto(). */
  finishFeatures(): void {
    this.#ex.finishFeatures();
  }

  /** Copies the module's live state out, into `into` if it has the right size. */
  saveState(into: Uint8Array | null): Uint8Array {
    this.#ex.saveState();
    const n = this.#ex.stateBytes();
    const saved = into && into.length === n ? into : new Uint8Array(n);
    saved.set(this.#bytes().subarray(this.#region, this.#region + n));
    return saved;
  }

  /** Makes a state saveState() copied out the live one. */
  restoreState(saved: Uint8Array): void {
    this.#bytes().set(saved, this.#region);
    this.#ex.restoreState();
  }

  /** A weight function that calls the engine would overwrite the call it is part of. */
  assertIdle(): void {
    if (this.#weight.running) {
      throw new TypeError('a weights function must not use the WASM engine (it runs inside the call that is computing the features)');
    }
  }
}

export function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}
