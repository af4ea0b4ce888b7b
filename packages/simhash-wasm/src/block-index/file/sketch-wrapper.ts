// The command line's index file with sketches ("\x89SHSK", docs/file-formats.md): a complete index file (format 1 or
// 2, with its own checksum) wrapped with each entry's MinHash sketch and a SHA-256 over all of it. The library reads
// the index it wraps and skips the sketches, which only the command line uses (so it reads version 1, whose sketches
// had 32 bins, as well as version 2, 128, which the command line alone refuses); it checks the wrapper's header and
// length but not the SHA-256, which browsers offer only asynchronously: the wrapped index's own checksum covers
// everything the library reads. Short, as it rides in every browser bundle.

/** The wrapper's layout, which the command line (simhash-wasm/internal) writes by and reads all of. */
export const SKETCH_WRAPPER = {
  magic: [0x89, 0x53, 0x48, 0x53, 0x4b, 0x0d, 0x0a, 0x1a],
  version: 2,
  headerBytes: 24,
  /** A sketch record: u32 id and 128 u32 bins (version 1: 32). */
  recordBytes: 4 + 4 * 128,
  digestBytes: 32,
} as const;

/** Whether the bytes start as an index file with sketches does. */
export function isSketchWrapper(input: Uint8Array): boolean {
  return SKETCH_WRAPPER.magic.every((b, i) => input[i] === b);
}

/** The index file the wrapper holds; `fail` with the reason when the wrapper's header or length is not right. */
export function wrappedIndex(input: Uint8Array, fail: (why: string) => never): Uint8Array {
  const { version, headerBytes, recordBytes, digestBytes } = SKETCH_WRAPPER;
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
  const header = input.length >= headerBytes;
  const indexBytes = header ? Number(view.getBigUint64(16, true)) : 0;
  const found = header ? view.getUint32(8, true) : 0;
  const record = found === 1 ? 4 + 4 * 32 : recordBytes;
  const total = header ? headerBytes + indexBytes + view.getUint32(12, true) * record + digestBytes : 0;
  const why = !header ? 'is cut short' : found !== version && found !== 1 ? `is of version ${found}, not ${version}` : total !== input.length ? `is ${input.length} bytes, its header says ${total}` : '';
  if (why !== '') fail(`the index file with sketches ("\\x89SHSK") ${why}`);
  return input.subarray(headerBytes, headerBytes + indexBytes);
}
