// The corpus's one-permutation MinHash sketch of a document's shingle set (its analysis/minhash-sketch.ts says what
// it is): each bin keeps the smallest 32-bit shingle hash whose top bits pick it. In JavaScript the compare in the
// loop mispredicted at about 3 ns a shingle; here the minimum is a select, with no branch.

const EMPTY_BIN: u32 = 0xffffffff;

/**
 * The sketch of `count` shingles, the u32 at `ptr + stride·i` each (stride 8: a u64 feature's low half, the
 * corpus's shingle-set element; stride 4: a set's element), into 2^(32 − shift) bins of u32 at `out`.
 */
export function sketchShingles(ptr: usize, count: i32, stride: i32, out: usize, shift: i32): void {
  const bins = <usize>1 << <usize>(32 - shift);
  for (let b: usize = 0; b < bins; b++) store<u32>(out + (b << 2), EMPTY_BIN);
  let p = ptr;
  for (const end = p + <usize>count * <usize>stride; p < end; p += <usize>stride) {
    const x = load<u32>(p);
    const at = out + (<usize>(x >>> <u32>shift) << 2);
    const kept = load<u32>(at);
    store<u32>(at, select<u32>(x, kept, x < kept));
  }
}
