// Strings fed as their UTF-8 bytes (TextEncoder.encodeInto into a buffer the caller owns), through the byte
// scanners. Why not walk the string with charCodeAt: once any code in the process declares `class X extends String`
// (ioredis does, for RESP3 verbatim strings, so simhash-wasm-redis brings it in), V8 stops inlining charCodeAt on
// string primitives and the string scanner runs at half speed; the bytes path is unaffected, and the encoding costs
// about 2% (measured: BENCHMARKS.md, "The engines"). The bits are the same by definition (docs/fingerprint.md):
// a lone surrogate is U+FFFD either way, since encodeInto writes it as EF BF BD.
import { feedBytes } from './decode.js';
import type { Shingler } from './shingler.js';

/** Code units encoded at a time: at most 3 bytes each, so a slice fits a buffer of 3 SLICE_UNITS bytes. */
export const SLICE_UNITS = 16384;

const encoder = new TextEncoder();

/** A growable byte buffer; one per Fingerprinter, so a weight function that fingerprints again gets its own. */
export class EncodeBuffer {
  private bytes = new Uint8Array(0);

  /**
   * Feeds s[from..to), slice by slice (a slice never ends between the halves of a surrogate pair). A high surrogate
   * at to - 1 counts as lone (U+FFFD): a stream holds it back itself. Bytes fed before must have been ended
   * (Shingler.endUtf8).
   */
  feed(sh: Shingler, s: string, from: number, to: number): void {
    for (let at = from; at < to;) {
      let end = Math.min(to, at + SLICE_UNITS);
      if (end < to && (s.charCodeAt(end - 1) & 0xfc00) === 0xd800) end--;
      const slice = at === 0 && end === s.length ? s : s.slice(at, end);
      const room = 3 * slice.length;
      if (this.bytes.length < room) this.bytes = new Uint8Array(Math.max(room, 2 * this.bytes.length, 4096));
      const written = encoder.encodeInto(slice, this.bytes).written;
      feedBytes(sh, this.bytes, 0, written);
      at = end;
    }
  }
}
