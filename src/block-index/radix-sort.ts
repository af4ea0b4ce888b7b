// Sorts 64-bit values held as (hi, lo) uint32 arrays, with an optional uint32 payload, by LSD radix sort: linear
// time, stable, and no comparator calls. 16-bit digits for large arrays, 8-bit for small ones (smaller counts).

const SMALL = 48;

/** Sorts (hi[i], lo[i], payload?[i]) for i < n ascending by hi * 2^32 + lo, in place. */
export function sortU64(hi: Uint32Array, lo: Uint32Array, payload: Uint32Array | null, n: number): void {
  if (n < 2) return;
  if (n <= SMALL) return insertionSort(hi, lo, payload, n);
  const digitBits = n >= 1 << 14 ? 16 : 8;
  const radix = 1 << digitBits;
  const counts = new Uint32Array(radix);
  let srcHi: Uint32Array = hi, srcLo: Uint32Array = lo, srcP: Uint32Array | null = payload;
  let dstHi: Uint32Array = new Uint32Array(n), dstLo: Uint32Array = new Uint32Array(n), dstP: Uint32Array | null = payload ? new Uint32Array(n) : null;
  for (let pass = 0; pass < 64 / digitBits; pass++) {
    const word = pass * digitBits < 32 ? srcLo : srcHi;
    const shift = (pass * digitBits) & 31;
    const mask = radix - 1;
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[(word[i] >>> shift) & mask]++;
    if (counts[(word[0] >>> shift) & mask] === n) continue; // every value has this digit: the order stands
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
  if (srcHi !== hi) {
    hi.set(srcHi.subarray(0, n));
    lo.set(srcLo.subarray(0, n));
    if (payload) payload.set(srcP!.subarray(0, n));
  }
}

function insertionSort(hi: Uint32Array, lo: Uint32Array, payload: Uint32Array | null, n: number): void {
  for (let i = 1; i < n; i++) {
    const h = hi[i], l = lo[i], p = payload ? payload[i] : 0;
    let j = i - 1;
    while (j >= 0 && (hi[j] > h || (hi[j] === h && lo[j] > l))) {
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
  const rows = new Uint32Array(n);
  for (let i = 0; i < n; i++) rows[i] = i;
  sortU64(hi, lo, rows, n);
  return rows;
}
