// A pure-engine stream: one Fingerprinter of its own, fed chunk by chunk. The chunks join as their
// UTF-8 bytes would: a byte chunk may end inside a sequence and the next byte chunk completes it; a
// string chunk may end in a high surrogate, held back until the next string chunk shows whether a
// low surrogate completes it. Anything else ends what was held as U+FFFD. Empty chunks change nothing.
import type { EngineStream, HasherConfig, Text } from '../core/types.js';
import { feedBytes } from './decode.js';
import { Fingerprinter } from './fingerprinter.js';
import { hashBigInt } from './weight-sinks.js';

export class PureStream implements EngineStream {
  private readonly fingerprinter: Fingerprinter;
  /** A high surrogate that ended the last string chunk, or 0. */
  private heldHigh = 0;

  constructor(config: HasherConfig) {
    this.fingerprinter = new Fingerprinter(config);
    this.fingerprinter.begin();
  }

  update(chunk: Text): void {
    const shingler = this.fingerprinter.shingler;
    const n = chunk.length;
    if (n === 0) return;
    if (typeof chunk !== 'string') {
      this.releaseHeld();
      feedBytes(shingler, chunk, 0, n);
      return;
    }
    shingler.endUtf8();
    let from = 0;
    if (this.heldHigh !== 0) {
      const next = chunk.charCodeAt(0);
      if ((next & 0xfc00) === 0xdc00) {
        shingler.codePoint(((this.heldHigh - 0xd800) << 10) + (next - 0xdc00) + 0x10000);
        from = 1;
        this.heldHigh = 0;
      } else {
        this.releaseHeld();
      }
    }
    let to = n;
    const last = chunk.charCodeAt(n - 1);
    if ((last & 0xfc00) === 0xd800 && to - 1 >= from) {
      this.heldHigh = last;
      to--;
    }
    this.fingerprinter.feedString(chunk, from, to);
  }

  digest(): bigint {
    this.releaseHeld();
    const out = new Int32Array(2);
    this.fingerprinter.end(out, 0, 0);
    return hashBigInt(out[0], out[1]);
  }

  /** A held high surrogate that no low one followed is lone: U+FFFD, a separator. */
  private releaseHeld(): void {
    if (this.heldHigh === 0) return;
    this.fingerprinter.shingler.codePoint(this.heldHigh);
    this.heldHigh = 0;
  }
}
