// The inner loop: rows start..end-1 of a table compared with one query. Nearly every row is rejected on the high
// words alone, so the low words are read only for the rare survivor. For k <= 3 the reject test clears the three
// lowest set bits (x &= x - 1) instead of counting them: half the work of a popcount.
import type { HitList } from './hit-list.js';
import { popcount32 } from './u64.js';

/** Appends (query, row, distance) for every row within k of (qh, ql). */
export function scanRows(hi: Uint32Array, lo: Uint32Array, start: number, end: number, qh: number, ql: number, k: number, query: number, out: HitList): void {
  if (k <= 3) {
    for (let r = start; r < end; r++) {
      let x = hi[r] ^ qh;
      x &= (x - 1) | 0;
      x &= (x - 1) | 0;
      x &= (x - 1) | 0;
      if (x !== 0) continue;
      const d = popcount32(hi[r] ^ qh) + popcount32(lo[r] ^ ql);
      if (d <= k) out.push(query, r, d);
    }
    return;
  }
  for (let r = start; r < end; r++) {
    const dh = popcount32(hi[r] ^ qh);
    if (dh > k) continue;
    const d = dh + popcount32(lo[r] ^ ql);
    if (d <= k) out.push(query, r, d);
  }
}
