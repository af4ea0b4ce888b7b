// A stream over the module's one live state (live-state.ts): it owns the state while it runs and
// hands it over, saved, only when another stream or a one-shot call needs the module in between.
import type { EngineStream, HasherConfig, Text } from '../core/types.js';
import type { LiveState, StateOwner } from './live-state.js';
import { isHighSurrogate, type WasmInterface } from './wasm-interface.js';

/** U+FFFD as UTF-8: what a high surrogate left at the end of a string chunk becomes when no low one follows. */
const REPLACEMENT = new Uint8Array([0xef, 0xbf, 0xbd]);

export class WasmStream implements EngineStream, StateOwner {
  saved: Uint8Array | null = null;
  /** A high surrogate that ended the last string chunk: its pair may start the next one. */
  #carry = '';
  readonly #wasm: WasmInterface;
  readonly #live: LiveState;
  readonly #config: HasherConfig;

  constructor(wasm: WasmInterface, live: LiveState, config: HasherConfig) {
    this.#wasm = wasm;
    this.#live = live;
    this.#config = config;
  }

  update(chunk: Text): void {
    this.#live.takeFor(this, this.#config);
    if (typeof chunk === 'string') {
      let text = this.#carry + chunk;
      this.#carry = '';
      if (text.length > 0 && isHighSurrogate(text.charCodeAt(text.length - 1))) {
        this.#carry = text.slice(-1);
        text = text.slice(0, -1);
      }
      this.#wasm.feed(text);
    } else {
      if (this.#carry) {
        this.#carry = '';
        this.#wasm.feed(REPLACEMENT);
      }
      this.#wasm.feed(chunk);
    }
  }

  digest(): bigint {
    // A carried lone high surrogate is U+FFFD, a separator: ending the document does the same.
    this.#carry = '';
    this.#live.takeFor(this, this.#config);
    const fp = this.#wasm.digest();
    this.#live.drop(this);
    return fp;
  }
}
