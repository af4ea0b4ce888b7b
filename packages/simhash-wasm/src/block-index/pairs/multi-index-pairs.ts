// pairs() on a multi-index layout: in each table t, each bucket against itself and against every later bucket within
// radius[t] bits of it (the probes of ../query/multi-index.ts, made once per pair of buckets rather than once per row),
// keeping a pair only in the table that owns it (ownerOf), so each is found once. As in pairs.ts, only the first
// row of a run of equal fingerprints takes part, and distance 0 is left to the duplicates pass.
import { popcount32 } from '../../core/bits.js';
import type { Run } from '../runs/run.js';
import type { Table } from '../types.js';
import { bucketXors, ownerOf, readsWhole } from '../query/multi-index.js';
import { scanKernel } from '../scan/kernel-slot.js';
import { bucketShare } from './bucket-share.js';
import type { ScanMatches } from '../../core/scan-kernel.js';

/** Buckets a kernel call walks (about 60,000 rows at 1M fingerprints in 16-bit buckets). */
const KERNEL_BUCKETS = 4096;

/** Called with rows a and b of `table` (distinct values) at distance d: each pair within k exactly once. */
export type PairSink = (table: Table, a: number, b: number, d: number) => void;

/** `part` of `parts` (worker threads): only pairs whose first bucket is in that share of each table's buckets (bucket-share.ts). */
export function multiIndexPairs(run: Run, k: number, emit: PairSink, part = 0, parts = 1): void {
  const set = run.set, radius = run.layout.radius;
  let matches: ScanMatches | undefined;
  for (let t = 0; t < set.tables.length; t++) {
    const table = set.tables[t], offsets = table.offsets;
    const rows = offsets[offsets.length - 1];
    const [from, to] = bucketShare(offsets, t, set.tables.length, run.n, part, parts);
    const xors = readsWhole(table, radius[t], rows) ? null : bucketXors(table.bucketBits, radius[t]);
    // The word with fewer key bits first, as in ../query/multi-index.ts's scanOwned.
    const first = table.hiFirst ? table.hi : table.lo, second = table.hiFirst ? table.lo : table.hi;
    const compare = (aStart: number, aEnd: number, bStart: number, bEnd: number) => {
      for (let a = aStart; a < aEnd; a++) {
        const af = first[a], as = second[a];
        if (a > aStart && first[a - 1] === af && second[a - 1] === as) continue;
        // Within one range only the rows after a; across two ranges all of the other one.
        for (let b = bStart === aStart ? a + 1 : bStart; b < bEnd; b++) {
          const xf = first[b] ^ af;
          const df = popcount32(xf);
          if (df > k) continue;
          const xs = second[b] ^ as;
          const d = df + popcount32(xs);
          if (d > k || d === 0) continue;
          if (b > bStart && first[b - 1] === first[b] && second[b - 1] === second[b]) continue;
          if (ownerOf(set, radius, table.hiFirst ? xf : xs, table.hiFirst ? xs : xf) === t) emit(table, a, b, d);
        }
      }
    };
    if (xors === null) {
      if (part === 0) compare(0, rows, 0, rows);
      continue;
    }
    const kernel = scanKernel();
    if (kernel.bucketPairs !== undefined) {
      // The same comparisons in the kernel (WebAssembly: i64.popcnt, about 5 times the loop below); the owner rule
      // here, on the few pairs within k. A stretch of buckets a call: the engine runs a module's function in its
      // baseline code until a call ends after the function grew hot, so one call over a whole share ran unoptimised
      // (the first pairs() within 11 over 1M fingerprints took 1.3 times as long as the next).
      const hi = table.hi, lo = table.lo;
      for (let start = from; start < to; start += KERNEL_BUCKETS) {
        matches = kernel.bucketPairs(hi, lo, offsets, start, Math.min(to, start + KERNEL_BUCKETS), xors, k, matches);
        for (let i = 0; i < matches.count; i++) {
          const a = matches.query[i], c = matches.stored[i];
          if (ownerOf(set, radius, hi[a] ^ hi[c], lo[a] ^ lo[c]) === t) emit(table, a, c, matches.distance[i]);
        }
      }
      continue;
    }
    // One pass per xor over the buckets in order: the other bucket of each pair then also advances in order (within
    // aligned blocks), so both are read nearly front to back instead of the other at random.
    for (let p = 0; p < xors.length; p++) {
      const x = xors[p];
      for (let b = from; b < to; b++) {
        const other = b ^ x;
        if (other < b) continue;
        const start = offsets[b], end = offsets[b + 1];
        if (start === end) continue;
        if (other === b) compare(start, end, start, end);
        else if (offsets[other] < offsets[other + 1]) compare(start, end, offsets[other], offsets[other + 1]);
      }
    }
  }
}
