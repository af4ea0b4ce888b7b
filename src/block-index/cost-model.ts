// Picks a layout for n fingerprints and k: estimated time per query (probes plus candidates verified) from
// constants measured on this machine class (bench/block-index.ts prints the estimate beside the measurement),
// within a memory budget. More blocks mean longer exact keys (fewer candidates) but C(B, k) tables.
import { binomial, makeLayout, MAX_TABLES, type Layout } from './layout.js';

/** One table probe: permute the query, read the bucket offsets, touch the bucket (a cache miss once tables are large). */
const PROBE_NS_CACHED = 25;
const PROBE_NS_MEMORY = 90;
/** One candidate popcount-verified in a sequential bucket scan. */
const CANDIDATE_NS = 1.2;
/** Above this many bytes of tables a probe misses the cache. */
const CACHE_BYTES = 4 << 20;
/** 'auto' uses more tables than pigeonhole's k + 1 only within this many bytes, and AUTO_MAX_TABLES tables. */
const AUTO_BUDGET_BYTES = 2 ** 31;
const AUTO_MAX_TABLES = 64;
/** A layout with more tables must be this much faster to be preferred (memory and build time grow with tables). */
const MORE_TABLES_MARGIN = 0.8;

export interface LayoutEstimate {
  readonly blocks: number | 'scan';
  readonly tables: number;
  readonly nsPerQuery: number;
  readonly bytes: number;
}

export function estimate(k: number, n: number, blocks: number | 'scan'): LayoutEstimate {
  const layout = makeLayout(k, blocks, true);
  const tables = layout.public.tables;
  const bytes = n * (8 * tables + 8);
  const probe = bytes / tables > CACHE_BYTES ? PROBE_NS_MEMORY : PROBE_NS_CACHED;
  let ns = 0;
  for (const keyBits of layout.public.keyBits) ns += probe + CANDIDATE_NS * n * 2 ** -keyBits;
  return { blocks, tables, nsPerQuery: ns, bytes };
}

/** The layouts 'auto' considers for k, fewest tables first. */
export function candidateBlocks(k: number): (number | 'scan')[] {
  const out: (number | 'scan')[] = ['scan'];
  if (k === 0) return [...out, 1]; // every block count gives the same single table keyed on all 64 bits
  for (let b = k + 1; b <= 64; b++) {
    const tables = binomial(b, k);
    if (tables > Math.min(MAX_TABLES, AUTO_MAX_TABLES)) break;
    out.push(b);
  }
  return out;
}

export function chooseLayout(k: number, n: number): Layout {
  let best: LayoutEstimate | null = null;
  for (const blocks of candidateBlocks(k)) {
    const e = estimate(k, n, blocks);
    // Pigeonhole (k + 1 tables) is always allowed; layouts with more tables must fit the budget.
    if (best !== null && e.tables > k + 1 && e.bytes > AUTO_BUDGET_BYTES) continue;
    if (best === null || e.nsPerQuery < MORE_TABLES_MARGIN * best.nsPerQuery || (e.tables <= best.tables && e.nsPerQuery < best.nsPerQuery)) best = e;
  }
  return makeLayout(k, best!.blocks, true);
}
