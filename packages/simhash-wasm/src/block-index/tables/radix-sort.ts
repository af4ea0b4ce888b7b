// Sorts 64-bit values held as (hi, lo) uint32 arrays, with an optional uint32 payload: an LSD radix sort of the
// high words (stable, linear, no comparator calls), then each run of equal high words sorted by its low words.
// Fingerprints rarely share a high word, so the second step is nearly free and the sort costs two passes, not four;
// clustered data can make long runs, which get radix-sorted by their low words in turn.

const SMALL = 48;

/** Sorts (hi[i], lo[i], payload?[i]) for i < n ascending by hi * 2^32 + lo, in place. */
export function sortU64(hi: Uint32Array, lo: Uint32Array, payload: Uint32Array | null, n: number): void {
  if (n < 2) return;
  if (n <= SMALL) return insertionSort(hi, lo, payload, 0, n);
  radixByWord(hi, hi, lo, payload, 0, n);
  for (let start = 0; start < n; ) {
    const h = hi[start];
    let end = start + 1;
    while (end < n && hi[end] === h) end++;
    if (end - start > SMALL) radixByWord(lo, hi, lo, payload, start, end);
    else if (end - start > 1) insertionSort(hi, lo, payload, start, end);
    start = end;
  }
}

/** Stable LSD radix sort of rows start..end-1 by key[] (one of hi or lo), moving hi, lo and payload along. */
function radixByWord(key: Uint32Array, hi: Uint32Array, lo: Uint32Array, payload: Uint32Array | null, start: number, end: number): void {
  const n = end - start;
  const digitBits = n >= 1 << 14 ? 16 : 8;
  const radix = 1 << digitBits;
  const mask = radix - 1;
  const counts = new Uint32Array(radix);
  const keyIsHi = key === hi;
  let srcHi = hi.subarray(start, end), srcLo = lo.subarray(start, end), srcP = payload ? payload.subarray(start, end) : null;
  const homeHi = srcHi, homeLo = srcLo, homeP = srcP;
  let dstHi: Uint32Array = new Uint32Array(n), dstLo: Uint32Array = new Uint32Array(n), dstP: Uint32Array | null = payload ? new Uint32Array(n) : null;
  for (let shift = 0; shift < 32; shift += digitBits) {
    const word = keyIsHi ? srcHi : srcLo;
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[(word[i] >>> shift) & mask]++;
    if (counts[(word[0] >>> shift) & mask] === n) continue; // every key has this digit: the order stands
    let sum = 0;
    for (let d = 0; d < radix; d++) {
      const c = counts[d];
      counts[d] = sum;
      sum += c;
    }
    for (let i = 0; i < n; i++) {
      const at = counts[(word[i] >>> shift) & mask]++;
      dstHi[at] = srcHi[i];
      dstLo[at] = srcLo[i];
      if (dstP) dstP[at] = srcP![i];
    }
    [srcHi, dstHi] = [dstHi, srcHi];
    [srcLo, dstLo] = [dstLo, srcLo];
    [srcP, dstP] = [dstP, srcP];
  }
  if (srcHi !== homeHi) {
    homeHi.set(srcHi);
    homeLo.set(srcLo);
    if (homeP) homeP.set(srcP!);
  }
}

function insertionSort(hi: Uint32Array, lo: Uint32Array, payload: Uint32Array | null, start: number, end: number): void {
  for (let i = start + 1; i < end; i++) {
    const h = hi[i], l = lo[i], p = payload ? payload[i] : 0;
    let j = i - 1;
    while (j >= start && (hi[j] > h || (hi[j] === h && lo[j] > l))) {
      hi[j + 1] = hi[j];
      lo[j + 1] = lo[j];
      if (payload) payload[j + 1] = payload[j];
      j--;
    }
    hi[j + 1] = h;
    lo[j + 1] = l;
    if (payload) payload[j + 1] = p;
  }
}

/** Rows 0..n-1 ordered by keys[row] ascending (ties by row): a stable sort of uint32 keys. */
export function orderByU32(keys: Uint32Array, n: number): Uint32Array {
  const hi = keys.slice(0, n);
  const lo = new Uint32Array(n);
  for (let i = 0; i < n; i++) lo[i] = i;
  sortU64(hi, lo, null, n);
  return lo;
}
