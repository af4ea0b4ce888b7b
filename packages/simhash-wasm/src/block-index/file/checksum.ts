// A 64-bit checksum (two 32-bit lanes) over uint32 words. Each step is a bijection of the lane state for a fixed
// word and of the word for a fixed state, so changing any one word always changes both lanes; other corruption
// goes unnoticed with probability about 2^-64. For accidents (truncation, bit rot, a wrong file), not for attackers.

export function checksum64(words: Uint32Array): [number, number] {
  let a = 0x243f6a88;
  let b = 0x85a308d3;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    a = Math.imul(rotl(a ^ w, 13), 0x9e3779b1);
    b = Math.imul(rotl((b + w) | 0, 17), 0x85ebca77) ^ 0x27d4eb2f;
  }
  return [fmix(a ^ words.length), fmix(b + Math.imul(words.length, 0x165667b1))];
}

function rotl(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
