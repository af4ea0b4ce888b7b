// The corpus's exact shingle set of a document (its analysis/shingle-sets.ts says what it is): the low 32 bits of
// its shingle hashes, sorted, each once. The verification and the boilerplate sample make one per document they
// look at, a few hundred values each; in JavaScript the sort took 4 to 9 µs a set (a radix sort's four passes and
// their 1,024 counters, for 300 values). Here: one counting pass by the top bits into about twice as many buckets
// as values (hashes are spread evenly, so a bucket holds about one), then an insertion sort that only ever moves a
// value within its bucket.

/** At most 2^16 buckets (256 KB of counters, src/wasm/feature-kernels.ts's SET_COUNTERS): a document of more shingles has a few values a bucket. */
const MAX_BUCKET_BITS: i32 = 16;

/**
 * The set of the `count` u64 features at `ptr` (by their low halves), written at `out` (room for `count` u32);
 * `counters` has room for 2^16 u32. Returns the set's size.
 */
export function shingleSet(ptr: usize, count: i32, out: usize, counters: usize): i32 {
  if (count == 0) return 0;
  let bits = 33 - <i32>clz<u32>(<u32>count); // 2^bits >= 2 * count
  if (bits > MAX_BUCKET_BITS) bits = MAX_BUCKET_BITS;
  const shift = 32 - bits, buckets = <usize>1 << <usize>bits;
  memory.fill(counters, 0, buckets << 2);
  const end = ptr + (<usize>count << 3);
  for (let p = ptr; p < end; p += 8) {
    const at = counters + (<usize>(load<u32>(p) >>> shift) << 2);
    store<u32>(at, load<u32>(at) + 1);
  }
  // Counts to starts.
  let sum: u32 = 0;
  for (let b: usize = 0; b < buckets; b++) {
    const at = counters + (b << 2);
    const n = load<u32>(at);
    store<u32>(at, sum);
    sum += n;
  }
  for (let p = ptr; p < end; p += 8) {
    const x = load<u32>(p);
    const at = counters + (<usize>(x >>> shift) << 2);
    const slot = load<u32>(at);
    store<u32>(at, slot + 1);
    store<u32>(out + (<usize>slot << 2), x);
  }
  // In bucket order: an insertion sort finishes, then the repeats go.
  for (let i = 1; i < count; i++) {
    const x = load<u32>(out + (<usize>i << 2));
    let j = i;
    while (j > 0) {
      const before = load<u32>(out + (<usize>(j - 1) << 2));
      if (before <= x) break;
      store<u32>(out + (<usize>j << 2), before);
      j--;
    }
    store<u32>(out + (<usize>j << 2), x);
  }
  let n = 1;
  for (let i = 1; i < count; i++) {
    const x = load<u32>(out + (<usize>i << 2));
    if (x != load<u32>(out + (<usize>(n - 1) << 2))) {
      store<u32>(out + (<usize>n << 2), x);
      n++;
    }
  }
  return n;
}
