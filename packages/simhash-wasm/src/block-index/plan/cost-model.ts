// Picks a layout for n fingerprints and k. Estimated cost per fingerprint of a single query, of a batch query and
// of its share of pairs(), from constants measured on this machine class (bench/block-index.ts prints the
// prediction beside the measurement; BENCHMARKS.md's appendix has the fit), within a memory budget. More blocks
// mean longer exact keys (fewer candidates) but C(B, k) tables, each one more probe and 8 bytes per fingerprint.
import { binomial, layoutOfShape, makeMultiIndexLayout, MAX_TABLES, probeCount, shapeOf } from './layout.js';
import type { Layout, LayoutShape } from '../types.js';
import { bucketBitsFor } from '../tables/table.js';
import { scanKernel } from '../scan/kernel-slot.js';

/** One single-query probe (bucket offsets, then the bucket's first row): cache hits, then misses, then DRAM misses. */
const PROBE_NS = [40, 150, 200];
/** One candidate verified in a single query (the bucket streamed in). */
const SINGLE_CANDIDATE_NS = [1, 1.5, 8];
/** One table's share of a batch query (bucket computed, grouped, probed in order). */
const BATCH_PROBE_NS = [20, 45, 80];
/** One candidate verified in a batch query or in pairs(). */
const BATCH_CANDIDATE_NS = 1.3;
/**
 * The same when a bucket holds more than LARGE_BUCKET rows: streamed from beyond the cache rather than found in it.
 * Fitted to 1M fingerprints (2026-12-04): pigeonhole k = 10 (11 tables, buckets of ~16k rows) answered 1,480 batch
 * queries a second, k = 12 (13 tables, ~31k rows) 556: about 4.2 ns per candidate, where 1.3 predicted 2-3x more.
 */
const LARGE_BUCKET_CANDIDATE_NS = 4.2;
const LARGE_BUCKET = 4096;
/**
 * A single query's probe in a multi-index table, and each row it scans: the probes land at random in a table far
 * larger than the cache, and a bucket of a few rows is a few cache lines, each a miss. Fitted to 1M fingerprints on a
 * loaded machine (2026-12-04): 4 substrings at k = 7 (68 probes, ~1,000 rows) 44 µs; 4 and 5 substrings at k = 12
 * (1,108 probes and 17k rows; 304 probes and 37k rows) 717 and 988 µs.
 */
const MULTI_PROBE_NS = [60, 150, 270];
const MULTI_ROW_NS = [2, 6, 12];
/**
 * A batch query's probe and row on a multi-index table in a kernel with bucketProbes (WebAssembly, queries in bucket
 * order): 1M queries at k = 7 (68 probes, ~1,000 rows each) took 1.36 µs a query, 100K at k = 12 (1,108 probes,
 * 17k rows) 21 µs: about 1.3 ns a row, the probes nearly free (2026-12-04).
 */
const MULTI_KERNEL_BATCH = { probeNs: 5, rowNs: 1.2 };
/**
 * One comparison of pairs() in a multi-index table (bucket against neighbouring bucket), in a scan kernel that has
 * bucketPairs (WebAssembly) and in the TypeScript loop: 1M, k = 7, 4 tables, about 510M comparisons in 0.9 and 2.5 s.
 * The kernel's since it compares two rows at a time (2026-12-05): 0.62 times its time before at k = 7 to 16 over 200,000
 * and 1M fingerprints, so 1.8 became 1.1.
 */
const MULTI_PAIR_NS = { kernel: 1.1, loop: 4.9 };
/** Multi-index layouts 'auto' considers: 2 to this many substrings (more means short keys and huge buckets). */
const AUTO_MAX_SUBSTRINGS = 8;
/** Table sizes (bytes of fingerprints per table) that separate the three cases above. */
const CACHE_TIERS = [1 << 20, 16 << 20];
/** 'auto' uses more tables than pigeonhole's k + 1 only within this many bytes, and AUTO_MAX_TABLES tables. */
const AUTO_BUDGET_BYTES = 2 ** 31;
const AUTO_MAX_TABLES = 64;
/**
 * A layout with more tables must be this much cheaper to be preferred (memory and build time grow with tables) ...
 * and more so the more tables it adds: (fewer / more)^TABLES_EXPONENT, 0.84 per doubling. At k = 7 over 1M, Manku's
 * 36 tables were estimated 25% cheaper than 4 multi-index tables, but measured 3 times slower in batches and twice
 * in pairs(), with 9 times the memory and 10 times the build time (2026-12-04, loaded machine).
 */
const MORE_TABLES_MARGIN = 0.8;
const TABLES_EXPONENT = 0.25;

export interface LayoutEstimate {
  readonly shape: LayoutShape;
  readonly tables: number;
  /** Nanoseconds for one query(), one query of a queryMany batch, and one fingerprint's share of pairs(). */
  readonly singleNs: number;
  readonly batchNs: number;
  readonly pairsNs: number;
  /** What 'auto' minimises: the three together. */
  readonly totalNs: number;
  readonly bytes: number;
}

export function estimate(k: number, n: number, shape: LayoutShape): LayoutEstimate {
  const layout = layoutOfShape(k, shape, true);
  const tables = layout.public.tables;
  const bytes = n * (8 * tables + 8);
  const perTable = 8 * n;
  // Every query touches every table, so what decides the cache tier is all of them together, not one.
  const tier = perTable * tables <= CACHE_TIERS[0] ? 0 : perTable * tables <= CACHE_TIERS[1] ? 1 : 2;
  let single = 0, batch = 0, pairs = 0;
  if (shape === 'scan') {
    // Every query compares with every fingerprint, in the scan kernel (WebAssembly or TypeScript: its own speed).
    // pairs(): each fingerprint against the later half on average, in the kernel or the pair loop, the faster.
    const scan = scanKernel().nsPerPair * n;
    const pairs = (Math.min(scanKernel().nsPerPair, BATCH_CANDIDATE_NS) * n) / 2;
    return { shape, tables, singleNs: scan, batchNs: scan, pairsNs: pairs, totalNs: 2 * scan + pairs, bytes };
  }
  if (typeof shape === 'object') {
    layout.public.keyBits.forEach((keyBits, t) => {
      // Each probe scans a bucket; a table whose probes would reach most buckets is read whole (../query/multi-index.ts).
      const bucketBits = bucketBitsFor(n, keyBits);
      let probes = probeCount(bucketBits, layout.radius[t]);
      let rows = probes * n * 2 ** -bucketBits;
      if (probes > Math.max(1, n / 4)) [probes, rows] = [1, n];
      single += probes * MULTI_PROBE_NS[tier] + rows * MULTI_ROW_NS[tier];
      batch += scanKernel().bucketProbes ? probes * MULTI_KERNEL_BATCH.probeNs + rows * MULTI_KERNEL_BATCH.rowNs : probes * BATCH_PROBE_NS[tier] + rows * BATCH_CANDIDATE_NS;
      pairs += ((scanKernel().bucketPairs ? MULTI_PAIR_NS.kernel : MULTI_PAIR_NS.loop) * rows) / 2;
    });
    return { shape, tables, singleNs: single, batchNs: batch, pairsNs: pairs, totalNs: single + batch + pairs, bytes };
  }
  for (const keyBits of layout.public.keyBits) {
    // A probe scans its whole bucket; an equal-key run is what pairs() compares within.
    const bucket = n * 2 ** -bucketBitsFor(n, keyBits);
    const run = n * 2 ** -keyBits;
    single += PROBE_NS[tier] + SINGLE_CANDIDATE_NS[tier] * bucket;
    batch += BATCH_PROBE_NS[tier] + (bucket > LARGE_BUCKET ? LARGE_BUCKET_CANDIDATE_NS : BATCH_CANDIDATE_NS) * bucket;
    pairs += (BATCH_CANDIDATE_NS * run) / 2;
  }
  return { shape, tables, singleNs: single, batchNs: batch, pairsNs: pairs, totalNs: single + batch + pairs, bytes };
}

/** The layouts 'auto' considers for k, fewest tables first (multi-index layouts before the others of as many). */
export function candidateShapes(k: number): LayoutShape[] {
  const out: LayoutShape[] = ['scan'];
  if (k === 0) return [...out, 1]; // every block count gives the same single table keyed on all 64 bits
  for (let m = 2; m <= Math.min(k, AUTO_MAX_SUBSTRINGS); m++) out.push({ substrings: m });
  for (let b = k + 1; b <= 64; b++) {
    const tables = binomial(b, k);
    if (tables > Math.min(MAX_TABLES, AUTO_MAX_TABLES)) break;
    out.push(b);
  }
  return out;
}

export function chooseLayout(k: number, n: number): Layout {
  let best: LayoutEstimate | null = null;
  for (const shape of candidateShapes(k)) {
    const e = estimate(k, n, shape);
    // Pigeonhole (k + 1 tables) is always allowed; layouts with more tables must fit the budget.
    if (best !== null && e.tables > k + 1 && e.bytes > AUTO_BUDGET_BYTES) continue;
    const margin = best === null ? 1 : Math.min(MORE_TABLES_MARGIN, (best.tables / e.tables) ** TABLES_EXPONENT);
    if (best === null || e.totalNs < margin * best.totalNs || (e.tables <= best.tables && e.totalNs < best.totalNs)) best = e;
  }
  return layoutOfShape(k, best!.shape, true);
}

/**
 * pairs() on a multi-index table, bucket against every bucket within the table's radius (../pairs/multi-index-pairs.ts):
 * each (xor, bucket) step of the walk, and each comparison of two rows. Fitted to 200,000 random fingerprints at
 * k = 13 and 16 over 4 to 6 substrings (bench/pairs-large-k.ts, 2026-12-04): 4 substrings of 16-bit buckets (about 3
 * rows each) cost about 11 ns a step, and 0.85 ns a comparison once buckets hold 20 rows or more; 0.53 since the kernel
 * compares two rows at a time (2026-12-05: 0.61 to 0.63 times its time before, at k = 13 and 16 over 200,000 and k = 8
 * and 11 over 1M). The TypeScript loop (no bucketPairs) about 4 times as much.
 */
const PAIR_STEP_NS = { kernel: 11, loop: 30 };
const PAIR_COMPARE_NS = { kernel: 0.53, loop: 2.3 };
/** Building one table of a layout pairs() runs on instead of the index's own: a radix sort and the offsets, per row. */
const PAIR_BUILD_NS = 40;
/** pairs() takes a layout of its own only when estimated this much faster than the index's (estimates err by 1.5x). */
const PAIRS_SWITCH_MARGIN = 0.6;
/**
 * ... and only when pairs() on the index's own layout is estimated to take longer than this: below it the tables'
 * memory is not worth it, and the multi-index constants above were fitted at k = 13 to 16 only.
 */
const PAIRS_SWITCH_MIN_NS = 1e9;

/** Estimated nanoseconds for the whole of pairs() within k over n fingerprints on a multi-index layout. */
export function multiIndexPairsNs(n: number, keyBits: readonly number[], radius: ArrayLike<number>): number {
  const kernel = scanKernel().bucketPairs !== undefined;
  const step = kernel ? PAIR_STEP_NS.kernel : PAIR_STEP_NS.loop, compare = kernel ? PAIR_COMPARE_NS.kernel : PAIR_COMPARE_NS.loop;
  let total = 0;
  keyBits.forEach((bits, t) => {
    const bucketBits = bucketBitsFor(n, bits);
    const probes = probeCount(bucketBits, radius[t]);
    // A table whose probes would reach most buckets is compared whole, in the TypeScript loop (multi-index-pairs.ts).
    if (probes > Math.max(1, n / 4)) total += ((n * n) / 2) * PAIR_COMPARE_NS.loop;
    else total += probes * (2 ** bucketBits * step + ((n * n) / 2 ** (bucketBits + 1)) * compare);
  });
  return total;
}

/** Estimated nanoseconds for pairs() within k over n fingerprints on `layout` as it is. */
export function pairsNs(k: number, n: number, layout: Layout): number {
  const pub = layout.public;
  if (pub.kind === 'multi-index') return multiIndexPairsNs(n, pub.keyBits, layout.radius);
  return n * estimate(k, n, shapeOf(pub)).pairsNs;
}

/**
 * The layout pairs() within k should run on over n fingerprints held in `layout`: null for `layout` itself, or a
 * multi-index layout worth building for the call (its tables cost PAIR_BUILD_NS a row each). Past k = 12 'auto'
 * keeps the scan, which is right for queries but compares all n^2 / 2 pairs; a multi-index layout's buckets cut
 * that by 10 to 30 times at k = 13 to 16 (bench/pairs-large-k.ts). Depends on n, k, the layout and the kernel
 * alone, so every worker of a pool (../shared/) picks the same and their shares still give each pair once.
 */
export function pairsLayout(k: number, n: number, layout: Layout): Layout | null {
  const current = pairsNs(k, n, layout);
  if (current < PAIRS_SWITCH_MIN_NS) return null;
  let best: Layout | null = null, bestNs = PAIRS_SWITCH_MARGIN * current;
  for (let m = 2; m <= Math.min(k + 1, AUTO_MAX_SUBSTRINGS); m++) {
    const candidate = makeMultiIndexLayout(k, m, true);
    if (n * (8 * m + 8) > AUTO_BUDGET_BYTES) continue;
    const ns = multiIndexPairsNs(n, candidate.public.keyBits, candidate.radius) + PAIR_BUILD_NS * m * n;
    if (ns < bestNs) [best, bestNs] = [candidate, ns];
  }
  return best;
}

/**
 * Estimated nanoseconds of pairs() within k over n fingerprints in an index of the automatic layout, on whichever
 * layout pairs() would run on (pairsLayout): what a caller that chooses k for its corpus weighs (the corpus job's
 * candidate distance).
 */
export function estimatePairsNs(k: number, n: number): number {
  const layout = chooseLayout(k, n);
  const other = pairsLayout(k, n, layout);
  if (other === null) return pairsNs(k, n, layout);
  return multiIndexPairsNs(n, other.public.keyBits, other.radius) + PAIR_BUILD_NS * other.public.tables * n;
}
