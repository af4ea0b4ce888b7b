// The Blob postal-mime sees while it parses a message. postal-mime joins the chunks of each decoded MIME part (a line
// and a "\n" each) by `new Blob(chunks).arrayBuffer()`, and that is all it does with a Blob. Node 20's Blob copies
// each chunk into a native blob of its own and reads them back one promise per chunk: on SpamAssassin's 6,046
// messages that was four fifths of decoding (1,540 messages/s; 9,000/s with this), and half of a `--mail` run's CPU.
//
// The global is swapped only while a parse runs, and put back when the last one running ends. A parse of bytes in
// memory waits on nothing but promises already resolved (this arrayBuffer() is one), so the window is one run of
// the microtask queue: no I/O callback or timer runs inside it, and nothing else in this program makes a Blob.
const encoder = new TextEncoder();
/** postal-mime's every other part: encoded once, not once a line (it was a tenth of a worker's time). */
const NEWLINE = Uint8Array.of(0x0a);

/** The part of Blob postal-mime uses: the parts' bytes, joined (strings as UTF-8, as a Blob encodes them). */
export class ConcatBlob {
  readonly #parts: readonly Uint8Array[];
  readonly size: number;

  constructor(parts: Iterable<unknown> = []) {
    this.#parts = Array.from(parts, bytesOf);
    this.size = this.#parts.reduce((sum, part) => sum + part.length, 0);
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return this.joined().buffer;
  }

  /** The bytes in a buffer of their own, fresh each time (as each arrayBuffer() of a Blob is). */
  joined(): Uint8Array<ArrayBuffer> {
    const joined = new Uint8Array(this.size);
    let at = 0;
    for (const part of this.#parts) {
      joined.set(part, at);
      at += part.length;
    }
    return joined;
  }
}

/** A Blob part as Blob takes it: bytes (a view's own bytes only), another blob, or anything else as its string. */
function bytesOf(part: unknown): Uint8Array {
  if (part instanceof ArrayBuffer) return new Uint8Array(part);
  if (ArrayBuffer.isView(part)) return new Uint8Array(part.buffer, part.byteOffset, part.byteLength);
  if (part instanceof ConcatBlob) return part.joined();
  return part === '\n' ? NEWLINE : encoder.encode(String(part));
}

let running = 0;
let native: typeof globalThis.Blob | undefined;

/** `parse` run with ConcatBlob as the global Blob (see above); parses may overlap. */
export async function withConcatBlob<T>(parse: () => Promise<T>): Promise<T> {
  if (running++ === 0) {
    native = globalThis.Blob;
    globalThis.Blob = ConcatBlob as unknown as typeof globalThis.Blob;
  }
  try {
    return await parse();
  } finally {
    if (--running === 0) globalThis.Blob = native!;
  }
}
