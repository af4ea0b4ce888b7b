// The corpus's content digest of a document: MurmurHash3 x86_128 (seed 0) over its shingle hashes' 32-bit words, the
// same bits as the corpus's analysis/content-digest.ts wrote in JavaScript. Here because it ran at 3.5 to 8 ns a block
// of four words in JavaScript, 8% of a worker's time at 1M documents, and at a third of that in WebAssembly. Part of
// the corpus kernels' module (src/wasm/feature-kernels.ts places its memory), apart from the fingerprint engine:
// browser bundles never carry it.

const C1: u32 = 0x239b961b, C2: u32 = 0xab0e9789, C3: u32 = 0x38b34ae5, C4: u32 = 0xa1e38b93;

@inline function fmix(h: u32): u32 {
  h ^= h >> 16;
  h *= 0x85ebca6b;
  h ^= h >> 13;
  h *= 0xc2b2ae35;
  return h ^ (h >> 16);
}

/** The 128-bit digest of the `words` u32 at `ptr` (as their little-endian bytes), stored as four u32 at `out`. */
export function digestWords(ptr: usize, words: i32, out: usize): void {
  let h1: u32 = 0, h2: u32 = 0, h3: u32 = 0, h4: u32 = 0;
  let p = ptr;
  for (const end = ptr + (<usize>(words >>> 2) << 4); p < end; p += 16) {
    const k1 = rotl<u32>(load<u32>(p) * C1, 15) * C2;
    h1 ^= k1;
    h1 = (rotl<u32>(h1, 19) + h2) * 5 + 0x561ccd1b;
    const k2 = rotl<u32>(load<u32>(p, 4) * C2, 16) * C3;
    h2 ^= k2;
    h2 = (rotl<u32>(h2, 17) + h3) * 5 + 0x0bcaa747;
    const k3 = rotl<u32>(load<u32>(p, 8) * C3, 17) * C4;
    h3 ^= k3;
    h3 = (rotl<u32>(h3, 15) + h4) * 5 + 0x96cd1c35;
    const k4 = rotl<u32>(load<u32>(p, 12) * C4, 18) * C1;
    h4 ^= k4;
    h4 = (rotl<u32>(h4, 13) + h1) * 5 + 0x32ac3b17;
  }
  // The tail: 0 to 3 whole words (the input is words, so no partial word).
  const left = words & 3;
  if (left >= 3) h3 ^= rotl<u32>(load<u32>(p, 8) * C3, 17) * C4;
  if (left >= 2) h2 ^= rotl<u32>(load<u32>(p, 4) * C2, 16) * C3;
  if (left >= 1) h1 ^= rotl<u32>(load<u32>(p) * C1, 15) * C2;
  const length = <u32>words << 2;
  h1 ^= length; h2 ^= length; h3 ^= length; h4 ^= length;
  h1 += h2 + h3 + h4; h2 += h1; h3 += h1; h4 += h1;
  h1 = fmix(h1); h2 = fmix(h2); h3 = fmix(h3); h4 = fmix(h4);
  h1 += h2 + h3 + h4; h2 += h1; h3 += h1; h4 += h1;
  store<u32>(out, h1);
  store<u32>(out, h2, 4);
  store<u32>(out, h3, 8);
  store<u32>(out, h4, 12);
}
