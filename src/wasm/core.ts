// The JS half of the WASM boundary: the memory layout after the module's static data, text copied
// in by slices, the weight settings of the current call, and who owns the module's one live state.
import type { HasherConfig, Text } from '../core/types.js';
import type { WeightTable } from '../core/weight-table.js';
import { MODE_FUNCTION, MODE_TABLE, MODE_UNIT, type WasmBridge, type WasmExports } from './exports.js';

/** Bytes of the input buffer. */
export const INPUT_CAP = 256 * 1024;
/** Code units per string slice: even at 3 UTF-8 bytes each, a slice fits the input buffer. */
export const SLICE_UNITS = 64 * 1024;
/** Fingerprints the output area holds (fingerprintMany copies them out this many at a time). */
export const MAX_BATCH = 4096;
const PAGE = 65536;

/** A stream whose state can move out of the module while another owner runs. */
export interface StateOwner {
  saved: Uint8Array | null;
}

export class WasmCore {
  readonly input: number;
  readonly out: number;
  /** Growable area at the end: the weight table, then the features output. */
  readonly varArea: number;
  private u8: Uint8Array;
  private inputView: Uint8Array;
  private readonly region: number;
  private readonly encoder = new TextEncoder();
  private loadedTable: WeightTable | null = null;
  private tableBytes = 0;
  private live: StateOwner | null = null;

  constructor(readonly ex: WasmExports, private readonly bridge: WasmBridge) {
    const align = (n: number) => Math.ceil(n / 64) * 64;
    this.region = ex.stateRegion();
    this.input = align(ex.heapBase());
    // The byte after any slice must be writable: the module keeps a sentinel there while it scans.
    this.out = align(this.input + INPUT_CAP + 1);
    this.varArea = align(this.out + 8 * MAX_BATCH);
    this.ensure(this.varArea);
    this.u8 = new Uint8Array(ex.memory.buffer);
    this.inputView = this.u8.subarray(this.input, this.input + INPUT_CAP);
  }

  /** Memory as bytes; a new view after memory.grow (which detaches the old buffer). */
  bytes(): Uint8Array {
    if (this.u8.buffer !== this.ex.memory.buffer) {
      this.u8 = new Uint8Array(this.ex.memory.buffer);
      this.inputView = this.u8.subarray(this.input, this.input + INPUT_CAP);
    }
    return this.u8;
  }

  /** Grows memory so that [0, end) exists. */
  ensure(end: number): void {
    const have = this.ex.memory.buffer.byteLength;
    if (end > have) this.ex.memory.grow(Math.ceil((end - have) / PAGE));
  }

  /** Copies a string into the input buffer from byteOffset on, as far as it fits. */
  encodeAt(text: string, byteOffset: number): { read: number; written: number } {
    this.bytes();
    const room = byteOffset === 0 ? this.inputView : this.inputView.subarray(byteOffset);
    return this.encoder.encodeInto(text, room);
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
        onSlice(this.encodeAt(at === 0 && end === text.length ? text : text.slice(at, end), 0).written);
        at = end;
      }
    } else {
      for (let at = 0; at < text.length; at += INPUT_CAP) {
        const part = text.subarray(at, Math.min(text.length, at + INPUT_CAP));
        this.bytes().set(part, this.input);
        onSlice(part.length);
      }
    }
  }

  /** Feeds a whole text into the current document. */
  feed(text: Text): void {
    this.slices(text, this.updateInput);
  }

  private readonly updateInput = (bytes: number): void => this.ex.update(this.input, bytes);

  /** Sets w, the mode and the weights for the next calls. */
  applyConfig(config: HasherConfig): void {
    const { weighting } = config;
    if (weighting.kind === 'unit') {
      this.ex.configure(config.shingle, MODE_UNIT, 0, 0);
    } else if (weighting.kind === 'table') {
      this.loadTable(weighting.table);
      this.ex.configure(config.shingle, MODE_TABLE, 0, 0);
    } else {
      this.bridge.weightOf = weighting.weightOf;
      this.ex.configure(config.shingle, MODE_FUNCTION, 0, 0);
    }
  }

  private loadTable(table: WeightTable): void {
    if (this.loadedTable === table) return;
    const capacity = table.mask + 1;
    const keys = this.varArea;
    const weights = keys + 8 * capacity;
    this.ensure(weights + 4 * capacity);
    const u8 = this.bytes();
    u8.set(new Uint8Array(table.keys.buffer, table.keys.byteOffset, 8 * capacity), keys);
    u8.set(new Uint8Array(table.weights.buffer, table.weights.byteOffset, 4 * capacity), weights);
    this.ex.setTable(keys, weights, table.mask, table.defaultWeight, table.zeroKeyWeight);
    this.loadedTable = table;
    this.tableBytes = 12 * capacity;
  }

  /** Where the features output may go, for `bytes` bytes: after the weight table, which stays loaded. */
  featuresArea(bytes: number): number {
    const at = this.varArea + Math.ceil(this.tableBytes / 64) * 64;
    this.ensure(at + bytes);
    return at;
  }

  /** A weight function that calls the engine would overwrite the call it is part of. */
  checkIdle(): void {
    if (this.bridge.inWeight) {
      throw new TypeError('a weights function must not use the WASM engine (it runs inside the call that is computing the features)');
    }
  }

  /** The live state is needed for a one-shot call: a stream holding it saves it first. */
  takeForOneShot(config: HasherConfig | null): void {
    this.checkIdle();
    this.release();
    if (config) this.applyConfig(config);
  }

  /** Makes owner's state the live one: saves the current owner's, then restores or starts owner's. */
  takeFor(owner: StateOwner, config: HasherConfig): void {
    this.checkIdle();
    if (this.live === owner) return;
    this.release();
    this.applyConfig(config);
    if (owner.saved) {
      this.bytes().set(owner.saved, this.region);
      this.ex.restoreState();
    } else {
      this.ex.reset();
    }
    this.live = owner;
  }

  /** owner is done (digested): its live state can be overwritten without saving. */
  drop(owner: StateOwner): void {
    if (this.live === owner) this.live = null;
    owner.saved = null;
  }

  private release(): void {
    const owner = this.live;
    if (!owner) return;
    this.ex.saveState();
    const n = this.ex.stateBytes();
    if (!owner.saved || owner.saved.length !== n) owner.saved = new Uint8Array(n);
    owner.saved.set(this.bytes().subarray(this.region, this.region + n));
    this.live = null;
  }
}

export function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}
