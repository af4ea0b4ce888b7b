// The inlined module's hex to bytes, once per load, cold. Natively where the platform can: Uint8Array.fromHex
// (current browsers, Node 25 and later), Node's Buffer before that; it takes microseconds. A JavaScript loop runs
// interpreted here (the code is new to the engine): byte by byte it took 3 to 7 ms for the 37 KB module on the
// machine measured, more than compiling it (BENCHMARKS.md, "Start-up and size"), so the fallback takes four bytes
// per parseInt.

type HexDecoder = (hex: string) => Uint8Array<ArrayBuffer>;

/** The platform's own hex decoder, if it has one. */
function nativeDecoder(): HexDecoder | undefined {
  const { fromHex } = Uint8Array as { fromHex?: HexDecoder };
  if (typeof fromHex === 'function') return (hex) => fromHex.call(Uint8Array, hex);
  const { Buffer } = globalThis as { Buffer?: { from(text: string, encoding: 'hex'): Uint8Array<ArrayBuffer> } };
  if (typeof Buffer?.from === 'function') return (hex) => Buffer.from(hex, 'hex');
  return undefined;
}

/** Bytes of a lowercase hex string of even length, four per parseInt. */
export function hexToBytesPortable(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < bytes.length; i += 4) {
    // The last word is padded with zeros; a typed array ignores the stores past its end.
    const word = parseInt(hex.slice(2 * i, 2 * i + 8).padEnd(8, '0'), 16);
    bytes[i] = word >>> 24;
    bytes[i + 1] = word >>> 16;
    bytes[i + 2] = word >>> 8;
    bytes[i + 3] = word;
  }
  return bytes;
}

/** Bytes of a lowercase hex string of even length. */
export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  return (nativeDecoder() ?? hexToBytesPortable)(hex);
}
