// Which bits each table keys on. The 64 bits are cut into B blocks (block 0 on top); for k differing bits at
// least B - k blocks agree exactly, so one table per (B - k)-subset of blocks finds every fingerprint within k
// (Manku, Jain, Das Sarma 2007). B = k + 1 is the pigeonhole layout (k + 1 tables of one block each).
//
// Multi-index hashing (Norouzi, Punjani, Fleet 2012) keeps fewer, longer keys: m substrings, one table each, and
// probes table t at every key within radius r_t of the query's. If two fingerprints within k differed in more than
// r_t bits of every substring t, they would differ in at least sum(r_t + 1) bits; radii with sum(r_t + 1) = k + 1
// therefore find every one of them. Pigeonhole is the case m = k + 1, every radius 0.
import { rangeMask } from '../tables/u64.js';
import type { IndexLayout, Layout, LayoutKind, LayoutOption, LayoutShape } from '../types.js';

/** Bounds the memory a layout may multiply: every table holds every fingerprint. */
export const MAX_TABLES = 256;

export function binomial(n: number, r: number): number {
  if (r < 0 || r > n) return 0;
  let c = 1;
  for (let i = 1; i <= r; i++) c = (c * (n - r + i)) / i;
  return Math.round(c);
}

/** The most substrings a multi-index layout may have: with more, pigeonhole (k + 1 blocks) is as good. */
export const MAX_SUBSTRINGS = 64;

/** The layout for k with B blocks (k + 1 <= B <= 64), or the scan layout when blocks is 'scan'. */
export function makeLayout(k: number, blocks: number | 'scan', auto: boolean): Layout {
  if (blocks === 'scan') {
    return finish({ kind: 'scan', blocks: 1, blockBits: [64], tables: 1, keyBits: [0], radius: [0], auto }, [[]], [64]);
  }
  const blockBits = cut(blocks);
  const subsets = combinations(blocks, blocks - k);
  const keyBits = subsets.map((s) => s.reduce((sum, b) => sum + blockBits[b], 0));
  const kind: LayoutKind = blocks === k + 1 ? 'pigeonhole' : 'permuted';
  return finish({ kind, blocks, blockBits, tables: subsets.length, keyBits, radius: subsets.map(() => 0), auto }, subsets, blockBits);
}

/** Multi-index hashing for k over m substrings (1 <= m <= k + 1): one table per substring, each with its radius. */
export function makeMultiIndexLayout(k: number, substrings: number, auto: boolean): Layout {
  const blockBits = cut(substrings);
  const subsets = blockBits.map((_, b) => [b]);
  return finish({ kind: 'multi-index', blocks: substrings, blockBits, tables: substrings, keyBits: blockBits, radius: multiIndexRadii(k, substrings), auto }, subsets, blockBits);
}

/**
 * Radii r_t with sum(r_t + 1) = k + 1, as even as they go; the larger ones on the longer substrings, which come
 * first (cut() gives the spare bits to the top blocks), so each radius covers about the same share of its bits.
 */
export function multiIndexRadii(k: number, substrings: number): number[] {
  const each = Math.floor((k + 1) / substrings);
  const extra = (k + 1) % substrings;
  return Array.from({ length: substrings }, (_, t) => each - 1 + (t < extra ? 1 : 0));
}

/** How many buckets a probe of radius r visits among 2^bits: sum of C(bits, i) for i <= r. */
export function probeCount(bits: number, r: number): number {
  let total = 0;
  for (let i = 0; i <= Math.min(r, bits); i++) total += binomial(bits, i);
  return total;
}

/** The layout of a shape: B blocks, the scan, or m substrings. */
export function layoutOfShape(k: number, shape: LayoutShape, auto: boolean): Layout {
  return typeof shape === 'object' ? makeMultiIndexLayout(k, shape.substrings, auto) : makeLayout(k, shape, auto);
}

/** A layout's shape (what the file format records and the cost model compares). */
export function shapeOf(layout: IndexLayout): LayoutShape {
  if (layout.kind === 'scan') return 'scan';
  return layout.kind === 'multi-index' ? { substrings: layout.blocks } : layout.blocks;
}

/** The option that asks for a shape. */
export function optionOfShape(shape: LayoutShape): LayoutOption {
  return typeof shape === 'number' ? { blocks: shape } : shape === 'scan' ? 'scan' : { substrings: shape.substrings };
}

/** Widths of `blocks` blocks covering the 64 bits, the wider ones on top. */
function cut(blocks: number): number[] {
  const width = Math.floor(64 / blocks);
  const wider = 64 - width * blocks;
  return Array.from({ length: blocks }, (_, b) => width + (b < wider ? 1 : 0));
}

function finish(pub: IndexLayout, subsets: number[][], blockBits: readonly number[]): Layout {
  const maskHi = new Uint32Array(subsets.length);
  const maskLo = new Uint32Array(subsets.length);
  const tops: number[] = [];
  let top = 64;
  for (const bits of blockBits) {
    tops.push(top);
    top -= bits;
  }
  subsets.forEach((subset, t) => {
    for (const b of subset) {
      const [hi, lo] = rangeMask(tops[b] - blockBits[b], tops[b]);
      maskHi[t] |= hi;
      maskLo[t] |= lo;
    }
  });
  const frozen = Object.freeze({ ...pub, blockBits: Object.freeze([...pub.blockBits]), keyBits: Object.freeze([...pub.keyBits]), radius: Object.freeze([...pub.radius]) });
  return { public: frozen, maskHi, maskLo, radius: Uint8Array.from(pub.radius) };
}

/** All r-subsets of 0..n-1 in lexicographic order (so the first is 0..r-1, the top blocks). */
function combinations(n: number, r: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (from: number) => {
    if (pick.length === r) {
      out.push([...pick]);
      return;
    }
    for (let b = from; b <= n - (r - pick.length); b++) {
      pick.push(b);
      walk(b + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}
