// The index's building blocks on their own: the radix sort, the bit permutations, the layouts' exactness.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sortU64 } from '../../packages/simhash-wasm/src/block-index/tables/radix-sort.js';
import { applyTerms, applyTermsAll, bucketTerms, makePermutation, wordTerms } from '../../packages/simhash-wasm/src/block-index/tables/permutation.js';
import { binomial, makeLayout } from '../../packages/simhash-wasm/src/block-index/plan/layout.js';
import { firstMatch } from '../../packages/simhash-wasm/src/block-index/tables/table-set.js';
import { chooseLayout } from '../../packages/simhash-wasm/src/block-index/plan/cost-model.js';

const u32 = fc.integer({ min: 0, max: 0xffffffff });

describe('sortU64', () => {
  it('sorts like BigInt comparison, payload alongside, on wide and on clustered high words', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(u32, u32), { maxLength: 3000 }), fc.boolean(), (pairs, clustered) => {
        // Clustered: few distinct high words, so the runs of equal high words are long.
        const items = pairs.map(([h, l], i) => ({ h: clustered ? h % 3 : h, l, p: i }));
        const hi = Uint32Array.from(items, (x) => x.h), lo = Uint32Array.from(items, (x) => x.l), p = Uint32Array.from(items, (x) => x.p);
        sortU64(hi, lo, p, items.length);
        const want = [...items].sort((a, b) => a.h - b.h || a.l - b.l || a.p - b.p);
        expect(Array.from(hi)).toEqual(want.map((x) => x.h));
        expect(Array.from(lo)).toEqual(want.map((x) => x.l));
        // Stable: equal values keep their input order.
        expect(Array.from(p)).toEqual(want.map((x) => x.p));
      }),
      { numRuns: 60 },
    );
  });
});

describe('sortU64 on large arrays (16-bit digits)', () => {
  it('matches BigInt order with 50,000 values, random and with 5 distinct high words', () => {
    for (const distinctHigh of [0, 5]) {
      let s = 12345;
      const next = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0), s);
      const n = 50_000;
      const hi = new Uint32Array(n), lo = new Uint32Array(n), p = new Uint32Array(n);
      for (let i = 0; i < n; i++) {
        hi[i] = distinctHigh ? next() % distinctHigh : next();
        lo[i] = next();
        p[i] = i;
      }
      const want = Array.from(hi, (h, i) => (BigInt(h) << 32n) | BigInt(lo[i])).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      sortU64(hi, lo, p, n);
      expect(Array.from(hi, (h, i) => (BigInt(h) << 32n) | BigInt(lo[i]))).toEqual(want);
      for (let i = 1; i < n; i++) if (hi[i] === hi[i - 1] && lo[i] === lo[i - 1]) expect(p[i]).toBeGreaterThan(p[i - 1]);
    }
  });
});

describe('permutations', () => {
  it('put the key bits on top, in order; the inverse undoes them; bucket terms read the top bits', () => {
    fc.assert(
      fc.property(u32, u32, u32, u32, fc.integer({ min: 0, max: 30 }), (mh, ml, h, l, bits) => {
        const perm = makePermutation([[mh, ml]]);
        const ph = applyTerms(wordTerms(perm, 1), h, l), pl = applyTerms(wordTerms(perm, 0), h, l);
        const inverse = new Int32Array(64);
        for (let b = 0; b < 64; b++) inverse[perm.dstOf[b]] = b;
        const back = { dstOf: inverse, identity: perm.identity };
        expect([applyTerms(wordTerms(back, 1), ph, pl), applyTerms(wordTerms(back, 0), ph, pl)]).toEqual([h, l]);
        // The key's bits, high to low, are the permuted value's top bits.
        const value = (BigInt(h) << 32n) | BigInt(l), mask = (BigInt(mh) << 32n) | BigInt(ml);
        let key = 0n, width = 0;
        for (let b = 63; b >= 0; b--) if ((mask >> BigInt(b)) & 1n) { key = (key << 1n) | ((value >> BigInt(b)) & 1n); width++; }
        const permuted = (BigInt(ph) << 32n) | BigInt(pl);
        expect(permuted >> BigInt(64 - width)).toBe(width === 0 ? 0n : key);
        expect(applyTerms(bucketTerms(perm, bits), h, l)).toBe(Number(permuted >> BigInt(64 - bits)));
        const all = new Uint32Array(1);
        applyTermsAll(bucketTerms(perm, bits), Uint32Array.of(h), Uint32Array.of(l), all, 1);
        expect(all[0]).toBe(Number(permuted >> BigInt(64 - bits)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('layouts', () => {
  it('every pattern of at most k differing blocks leaves some table key untouched', () => {
    for (const k of [0, 1, 2, 3, 5, 7, 12]) {
      for (const blocks of [k + 1, k + 2, k + 3]) {
        if (blocks > 64 || binomial(blocks, k) > 256) continue;
        const layout = makeLayout(k, blocks, false);
        expect(layout.public.tables).toBe(binomial(blocks, k));
        expect(layout.public.blockBits.reduce((a, b) => a + b, 0)).toBe(64);
        // x with one bit in each of k blocks (the worst case), for many random choices of blocks.
        const rng = fc.sample(fc.array(fc.integer({ min: 0, max: blocks - 1 }), { minLength: k, maxLength: k }), 50);
        for (const chosen of rng) {
          let xh = 0, xl = 0, top = 64;
          const tops = layout.public.blockBits.map((bits) => (top -= bits) + bits);
          for (const b of chosen) {
            const bit = tops[b] - 1;
            if (bit >= 32) xh |= 1 << (bit - 32);
            else xl |= 1 << bit;
          }
          expect(firstMatch(layout.maskHi, layout.maskLo, xh >>> 0, xl >>> 0)).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });

  it("'auto' picks pigeonhole for k = 3 at a million, more blocks for k = 7, a scan for k = 32 at a thousand", () => {
    expect(chooseLayout(3, 1e6).public.kind).toBe('pigeonhole');
    expect(chooseLayout(7, 1e6).public.kind).toBe("multi-index");
    expect(chooseLayout(32, 1e3).public.kind).toBe('scan');
    expect(chooseLayout(3, 1e6).public.auto).toBe(true);
  });
});
