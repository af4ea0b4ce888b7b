// A BigUint64Array's fingerprints read as uint32 halves (hi = bits 63..32, lo = bits 31..0), without a BigInt per
// element: typed arrays use the platform's byte order, so which half of an element comes first depends on it.

export const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
/** Where an element's high and low words are among its two uint32s. */
export const HALF_HI = LITTLE_ENDIAN ? 1 : 0;
export const HALF_LO = LITTLE_ENDIAN ? 0 : 1;

/** The uint32 view of a BigUint64Array: element i is (view[2i + HALF_HI], view[2i + HALF_LO]). */
export function halvesView(fps: BigUint64Array): Uint32Array {
  return new Uint32Array(fps.buffer, fps.byteOffset, fps.length * 2);
}
