// The module holds one live hashing state. Streams take turns with it: the one running owns it, and
// its state is copied out (a few hundred bytes) only when another stream or a one-shot call needs
// the module in between, so a single stream, the common case, never copies.
import type { HasherConfig } from '../core/types.js';
import type { WasmInterface } from './wasm-interface.js';

/** A stream whose state can move out of the module while another owner runs. */
export interface StateOwner {
  saved: Uint8Array | null;
}

export class LiveState {
  readonly #wasm: WasmInterface;
  #live: StateOwner | null = null;

  constructor(wasm: WasmInterface) {
    this.#wasm = wasm;
  }

  /** The live state is needed for a one-shot call (configured as config says, if given): a stream holding it saves it first. */
  takeForOneShot(config?: HasherConfig): void {
    this.#wasm.assertIdle();
    this.#release();
    if (config) this.#wasm.configure(config);
  }

  /** Makes owner's state the live one: saves the current owner's, then restores or starts owner's. */
  takeFor(owner: StateOwner, config: HasherConfig): void {
    this.#wasm.assertIdle();
    if (this.#live === owner) return;
    this.#release();
    this.#wasm.configure(config);
    if (owner.saved) this.#wasm.restoreState(owner.saved);
    else this.#wasm.reset();
    this.#live = owner;
  }

  /** owner is done (digested): its live state can be overwritten without saving. */
  drop(owner: StateOwner): void {
    if (this.#live === owner) this.#live = null;
    owner.saved = null;
  }

  #release(): void {
    const owner = this.#live;
    if (!owner) return;
    owner.saved = this.#wasm.saveState(owner.saved);
    this.#live = null;
  }
}
