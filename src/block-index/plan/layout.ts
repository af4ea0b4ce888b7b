// Which bits each table keys on. The 64 bits are cut into B blocks (block 0 on top); for k differing bits at
// least B - k blocks agree exactly, so one table per (B - k)-subset of blocks finds every fingerprint within k
// (Manku, Jain, Das Sarma 2007). B = k + 1 is the pigeonhole layout (k + 1 tables of one block each).
import { rangeMask } from '../tables/u64.js';
import type { IndexLayout, Layout, LayoutKind } from '../types.js';

/** Bounds the memory a layout may multiply: every table holds every fingerprint. */
export const MAX_TABLES = 256;

export function binomial(n: number, r: number): number {
  if (r < 0 || r > n) return 0;
  let c = 1;
  for (let i = 1; i <= r; i++) c = (c * (n - r + i)) / i;
  return Math.round(c);
}

/** The layout for k with B blocks (k + 1 <= B <= 64), or the scan layout when blocks is 'scan'. */
export function makeLayout(k: number, blocks: number | 'scan', auto: boolean): Layout {
  if (blocks === 'scan') {
    return finish({ kind: 'scan', blocks: 1, blockBits: [64], tables: 1, keyBits: [0], auto }, [[]], [64]);
  }
  const width = Math.floor(64 / blocks);
  const wider = 64 - width * blocks;
  const blockBits = Array.from({ length: blocks }, (_, b) => width + (b < wider ? 1 : 0));
  const subsets = combinations(blocks, blocks - k);
  const keyBits = subsets.map((s) => s.reduce((sum, b) => sum + blockBits[b], 0));
  const kind: LayoutKind = blocks === k + 1 ? 'pigeonhole' : 'permuted';
  return finish({ kind, blocks, blockBits, tables: subsets.length, keyBits, auto }, subsets, blockBits);
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
  return { public: Object.freeze({ ...pub, blockBits: Object.freeze([...pub.blockBits]), keyBits: Object.freeze([...pub.keyBits]) }), maskHi, maskLo };
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
