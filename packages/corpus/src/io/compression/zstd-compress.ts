// zstd compression, for writing .zst outputs (fzstd, which reads them, only decodes). @bokuweb/zstd-wasm is loaded
// once per process and only by the first caller that writes zstd: most runs never pay for its WebAssembly.
type Compress = (bytes: Uint8Array, level: number) => Uint8Array;

let loading: Promise<Compress> | undefined;

/** Level 3: zstd's own default, a good trade of speed for size on text. */
export const ZSTD_LEVEL = 3;

/** The compressor, loaded on first use; every later call shares the same instance. */
export function zstdCompressor(): Promise<(bytes: Uint8Array) => Uint8Array> {
  loading ??= import('@bokuweb/zstd-wasm').then(async (zstd) => {
    await zstd.init();
    return zstd.compress as Compress;
  });
  return loading.then((compress) => (bytes: Uint8Array) => compress(bytes, ZSTD_LEVEL));
}
