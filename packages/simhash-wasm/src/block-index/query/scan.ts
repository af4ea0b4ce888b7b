// The inner loop: rows start..end-1 of a table compared with one query. Nearly every row is rejected on one word
// alone (the table's `first`: the half with fewer key bits, see Table.hiFirst in types.ts), so the other is read
// only for the rare survivor. For k <= 3 the reject test clears the three lowest set bits (x &= x - 1) instead of
// counting them: half the work of a popcount. A row equal to the one before it (the same fingerprint under another
// id) is skipped: the first of the run stands for all of them; so is one whose first matching table (of
// maskHi/maskLo) is not table t: it is reported from that table instead.
import { popcount32 } from '../../core/bits.js';
import type { Candidates } from './candidates.js';
import type { Table } from '../types.js';

/**
 * Appends every row within k of the query whose first matching table is t to `out`, as `query`. `first`/`second`
 * are the table's hi/lo arrays in scan order (qf, qs and maskFirst, maskSecond likewise); `hiFirst` says which.
 */
export function scanRows(first: Uint32Array, second: Uint32Array, start: number, end: number, qf: number, qs: number, k: number, query: number, t: number, maskFirst: Uint32Array, maskSecond: Uint32Array, hiFirst: boolean, out: Candidates): void {
  if (k <= 3) {
    for (let r = start; r < end; r++) {
      let x = first[r] ^ qf;
      x &= (x - 1) | 0;
      x &= (x - 1) | 0;
      x &= (x - 1) | 0;
      if (x !== 0) continue;
      found(first, second, start, r, qf, qs, k, query, t, maskFirst, maskSecond, hiFirst, out);
    }
    return;
  }
  for (let r = start; r < end; r++) {
    if (popcount32(first[r] ^ qf) > k) continue;
    found(first, second, start, r, qf, qs, k, query, t, maskFirst, maskSecond, hiFirst, out);
  }
}

function found(first: Uint32Array, second: Uint32Array, start: number, r: number, qf: number, qs: number, k: number, query: number, t: number, maskFirst: Uint32Array, maskSecond: Uint32Array, hiFirst: boolean, out: Candidates): void {
  const vf = first[r], vs = second[r];
  const xf = vf ^ qf, xs = vs ^ qs;
  const d = popcount32(xf) + popcount32(xs);
  if (d > k) return;
  if (r > start && first[r - 1] === vf && second[r - 1] === vs) return;
  for (let j = 0; j < t; j++) if (((maskFirst[j] & xf) | (maskSecond[j] & xs)) === 0) return;
  if (((maskFirst[t] & xf) | (maskSecond[t] & xs)) !== 0) return;
  if (hiFirst) out.push(query, r, d, vf, vs, xf >>> 0, xs >>> 0);
  else out.push(query, r, d, vs, vf, xs >>> 0, xf >>> 0);
}

/** scanRows on a table, with its arrays, the query's halves and the set's masks in the table's scan order. */
export function scanTable(table: Table, maskHi: Uint32Array, maskLo: Uint32Array, start: number, end: number, qh: number, ql: number, k: number, query: number, t: number, out: Candidates): void {
  if (table.hiFirst) scanRows(table.hi, table.lo, start, end, qh, ql, k, query, t, maskHi, maskLo, true, out);
  else scanRows(table.lo, table.hi, start, end, ql, qh, k, query, t, maskLo, maskHi, false, out);
}
