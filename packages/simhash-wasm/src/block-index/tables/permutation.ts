// A table's order: fingerprints sorted by a permutation of their bits that puts the table's key on top, so equal
// keys are contiguous and the key's top bits address the buckets (Manku et al.'s permuted tables). Tables keep
// the fingerprints themselves in that order: Hamming distance needs no permutation, only the bucket number does.

/** Bits of `parts[0]` from high to low on top, then those of parts[1], ..., then every other bit, high to low. */
export interface Permutation {
  /** Where each source bit goes (0..63). */
  readonly dstOf: Int32Array;
  readonly identity: boolean;
}

export type Parts = readonly (readonly [hi: number, lo: number])[];

export function makePermutation(parts: Parts): Permutation {
  const dstOf = new Int32Array(64).fill(-1);
  let next = 63;
  const place = (hi: number, lo: number) => {
    for (let bit = 63; bit >= 0; bit--) {
      const set = bit >= 32 ? (hi >>> (bit - 32)) & 1 : (lo >>> bit) & 1;
      if (set && dstOf[bit] < 0) dstOf[bit] = next--;
    }
  };
  for (const [hi, lo] of parts) place(hi, lo);
  place(0xffffffff, 0xffffffff);
  let identity = true;
  for (let bit = 0; bit < 64; bit++) if (dstOf[bit] !== bit) identity = false;
  return { dstOf, identity };
}

/**
 * Shift-and-mask terms, 4 ints each: source selector (-1 = hi, 0 = lo), mask, right shift, left shift. Bits that
 * move by the same amount from the same word share a term. `bucketTerms` gives the top `bits` bits of the permuted
 * value as a number below 2^bits; `wordTerms` gives one 32-bit word of it.
 */
export function bucketTerms(perm: Permutation, bits: number): Int32Array {
  return terms(perm, 64 - bits, 64, 64 - bits);
}

export function wordTerms(perm: Permutation, word: 0 | 1): Int32Array {
  return terms(perm, 32 * word, 32 * word + 32, 32 * word);
}

function terms(perm: Permutation, from: number, to: number, base: number): Int32Array {
  const groups = new Map<string, [sel: number, mask: number, shr: number, shl: number]>();
  for (let bit = 63; bit >= 0; bit--) {
    const dst = perm.dstOf[bit];
    if (dst < from || dst >= to) continue;
    const sel = bit >= 32 ? -1 : 0;
    const delta = dst - base - (bit & 31);
    const key = `${sel},${delta}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = [sel, 0, delta < 0 ? -delta : 0, delta > 0 ? delta : 0]));
    g[1] |= 1 << (bit & 31);
  }
  return Int32Array.from([...groups.values()].flat());
}

/** Evaluates terms on one fingerprint. */
export function applyTerms(t: Int32Array, hi: number, lo: number): number {
  let v = 0;
  for (let i = 0; i < t.length; i += 4) {
    const s = t[i];
    v |= ((((hi & s) | (lo & ~s)) & t[i + 1]) >>> t[i + 2]) << t[i + 3];
  }
  return v >>> 0;
}

/** Evaluates terms on n fingerprints at once (term by term: tight loops the JIT keeps in registers). */
export function applyTermsAll(t: Int32Array, srcHi: Uint32Array, srcLo: Uint32Array, dst: Uint32Array, n: number): void {
  dst.fill(0, 0, n);
  for (let i = 0; i < t.length; i += 4) {
    const src = t[i] === -1 ? srcHi : srcLo;
    const mask = t[i + 1], shr = t[i + 2], shl = t[i + 3];
    for (let r = 0; r < n; r++) dst[r] |= ((src[r] & mask) >>> shr) << shl;
  }
}

/** A permutation with its compiled terms, computed once per key (layouts reuse the same keys run after run). */
export interface CompiledPermutation {
  readonly perm: Permutation;
  readonly hiTerms: Int32Array;
  readonly loTerms: Int32Array;
  readonly inverseHiTerms: Int32Array;
  readonly inverseLoTerms: Int32Array;
  bucketTerms(bits: number): Int32Array;
}

const compiled = new Map<string, CompiledPermutation>();

export function compilePermutation(parts: Parts): CompiledPermutation {
  const key = parts.map(([h, l]) => `${h >>> 0}:${l >>> 0}`).join(',');
  let c = compiled.get(key);
  if (c) return c;
  const perm = makePermutation(parts);
  const dstOf = new Int32Array(64);
  for (let bit = 0; bit < 64; bit++) dstOf[perm.dstOf[bit]] = bit;
  const inverse = { dstOf, identity: perm.identity };
  const buckets: Int32Array[] = [];
  c = {
    perm,
    hiTerms: wordTerms(perm, 1),
    loTerms: wordTerms(perm, 0),
    inverseHiTerms: wordTerms(inverse, 1),
    inverseLoTerms: wordTerms(inverse, 0),
    bucketTerms: (bits) => (buckets[bits] ??= bucketTerms(perm, bits)),
  };
  // Sub-indexes have keys of their own; a long-lived process building many should not grow this without bound.
  if (compiled.size > 4096) compiled.clear();
  compiled.set(key, c);
  return c;
}
