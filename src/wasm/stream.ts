// A stream over the module's one live state: it owns the state while it runs and saves it (a few
// hundred bytes) only when another stream or a one-shot call needs the module in between.
import type { EngineStream, HasherConfig, Text } from '../core/types.js';
import { isHighSurrogate, type StateOwner, type WasmCore } from './core.js';

/** U+FFFD as UTF-8: what a high surrogate left at the end of a string chunk becomes when no low one follows. */
const REPLACEMENT = new Uint8Array([0xef, 0xbf, 0xbd]);

export class WasmStream implements EngineStream, StateOwner {
  saved: Uint8Array | null = null;
  /** A high surrogate that ended the last string chunk: its pair may start the next one. */
  private carry = '';

  constructor(private readonly core: WasmCore, private readonly config: HasherConfig) {}

  update(chunk: Text): void {
    this.core.takeFor(this, this.config);
    if (typeof chunk === 'string') {
      let text = this.carry + chunk;
      this.carry = '';
      if (text.length > 0 && isHighSurrogate(text.charCodeAt(text.length - 1))) {
        this.carry = text.slice(-1);
        text = text.slice(0, -1);
      }
      this.core.feed(text);
    } else {
      if (this.carry) {
        this.carry = '';
        this.core.feed(REPLACEMENT);
      }
      this.core.feed(chunk);
    }
  }

  digest(): bigint {
    // A carried lone high surrogate is U+FFFD, a separator: ending the document does the same.
    this.carry = '';
    this.core.takeFor(this, this.config);
    const fp = BigInt.asUintN(64, this.core.ex.digest());
    this.core.drop(this);
    return fp;
  }
}
