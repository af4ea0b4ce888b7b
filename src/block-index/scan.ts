// The inner loop: rows start..end-1 of a table compared with one query. Nearly every row is rejected on the high
// words alone, so the low words are read only for the rare survivor. For k <= 3 the reject test clears the three
// lowest set bits (x &= x - 1) instead of counting them: half the work of a popcount. A row equal to the one before
// it (the same fingerprint under another id) is skipped: the first of the run stands for all of them; so is one whose
// first matching table (of maskHi/maskLo) is not table t: it is reported from that table instead.
import type { Candidates } from './candidates.js';
import { popcount32 } from './u64.js';

/** Appends every row within k of (qh, ql) whose first matching table is t to `out`, as `query`. */
export function scanRows(hi: Uint32Array, lo: Uint32Array, start: number, end: number, qh: number, ql: number, k: number, query: number, t: number, maskHi: Uint32Array, maskLo: Uint32Array, out: Candidates): void {
  if (k <= 3) {
    for (let r = start; r < end; r++) {
      let x = hi[r] ^ qh;
      x &= (x - 1) | 0;
      x &= (x - 1) | 0;
      x &= (x - 1) | 0;
      if (x !== 0) continue;
      found(hi, lo, start, r, qh, ql, k, query, t, maskHi, maskLo, out);
    }
    return;
  }
  for (let r = start; r < end; r++) {
    if (popcount32(hi[r] ^ qh) > k) continue;
    found(hi, lo, start, r, qh, ql, k, query, t, maskHi, maskLo, out);
  }
}

function found(hi: Uint32Array, lo: Uint32Array, start: number, r: number, qh: number, ql: number, k: number, query: number, t: number, maskHi: Uint32Array, maskLo: Uint32Array, out: Candidates): void {
  const vh = hi[r], vl = lo[r];
  const xh = vh ^ qh, xl = vl ^ ql;
  const d = popcount32(xh) + popcount32(xl);
  if (d > k) return;
  if (r > start && hi[r - 1] === vh && lo[r - 1] === vl) return;
  for (let j = 0; j < t; j++) if (((maskHi[j] & xh) | (maskLo[j] & xl)) === 0) return;
  if (((maskHi[t] & xh) | (maskLo[t] & xl)) !== 0) return;
  out.push(query, r, d, vh, vl, xh >>> 0, xl >>> 0);
}
