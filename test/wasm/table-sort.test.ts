// An index table ordered by the WebAssembly kernel (ScanKernel.tableOrder, assembly/scan/table-sort.ts) against the
// same table ordered in JavaScript (tables/table.ts without a kernel that has it): the same rows, permuted high words,
// bucket offsets and payload, for real layouts' keys and arbitrary ones, on random, clustered (long runs of equal high
// words, which the kernel sorts by two more passes, short ones by insertion) and duplicate-heavy sets (equal values
// keep their input order).
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { setScanKernel } from '../../packages/simhash-wasm/src/block-index/scan/kernel-slot.js';
import { buildTable } from '../../packages/simhash-wasm/src/block-index/tables/table.js';
import type { Parts } from '../../packages/simhash-wasm/src/block-index/tables/permutation.js';
import { createWasmScanKernel } from '../../packages/simhash-wasm/src/wasm/scan-kernel.js';
import { createSimdScanKernel } from '../../packages/simhash-wasm/src/wasm/simd-scan-kernel.js';
import type { ScanKernel } from '../../packages/simhash-wasm/src/core/scan-kernel.js';
import { XorShift32 } from '../support/random.js';

afterAll(() => setScanKernel(createWasmScanKernel)); // as the simhash-wasm entry sets it

type Kind = 'random' | 'clustered' | 'duplicates' | 'runs';

/** n fingerprints as (hi, lo), with ids 0..n-1 in a shuffled order (the payload). */
function rowsOf(rng: XorShift32, kind: Kind, n: number) {
  const hi = new Uint32Array(n), lo = new Uint32Array(n), ids = new Uint32Array(n);
  const few = Array.from({ length: 5 }, () => [rng.below(2 ** 32), rng.below(2 ** 32)]);
  const highs = Array.from({ length: n >> 3 }, () => rng.below(2 ** 32));
  for (let i = 0; i < n; i++) {
    const [h] = few[rng.below(few.length)];
    // clustered: a few high words, each shared by thousands of rows; duplicates: a few whole values; runs: high
    // words shared by about 8 rows each (put in order by insertion), low words among 4 (equal values among them).
    hi[i] = kind === 'random' ? rng.below(2 ** 32) : kind === 'runs' ? highs[rng.below(highs.length)] : h;
    lo[i] = kind === 'duplicates' || kind === 'runs' ? few[rng.below(4)][1] : rng.below(2 ** 32);
    ids[i] = i;
  }
  for (let i = n - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  return { hi, lo, ids };
}

/** The table of `parts` over the rows, by the kernel `make` gives (null: the JavaScript path), from copies. */
function tableBy(make: () => ScanKernel | null, parts: Parts, rows: ReturnType<typeof rowsOf>, n: number) {
  setScanKernel(make);
  const ids = rows.ids.slice();
  const table = buildTable(parts, rows.hi.slice(), rows.lo.slice(), n, false, ids);
  return { hi: Array.from(table.hi), lo: Array.from(table.lo), offsets: Array.from(table.offsets), bucketBits: table.bucketBits, ids: Array.from(ids) };
}

/** Manku et al.'s keys at k = 3 (four blocks of 16 bits, the first the identity), and one over two words. */
const LAYOUT_KEYS: Parts[] = [[[0xffff0000, 0]], [[0x0000ffff, 0]], [[0, 0xffff0000]], [[0, 0x0000ffff]], [[0x000000ff, 0xff000000], [0x0f0f0000, 0]]];

describe.each([['scalar', createWasmScanKernel], ['SIMD', createSimdScanKernel]] as const)('tableOrder of the %s build', (_, make) => {
  it('has the order buildTable has without it', () => {
    expect(make()!.tableOrder).toBeTypeOf('function');
    fc.assert(fc.property(
      fc.oneof(fc.constantFrom(...LAYOUT_KEYS), fc.array(fc.tuple(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 2 ** 32 - 1 })), { minLength: 1, maxLength: 3 })),
      fc.constantFrom<Kind>('random', 'clustered', 'duplicates', 'runs'),
      fc.integer({ min: 4096, max: 12_000 }),
      fc.integer({ min: 1, max: 2 ** 31 }),
      (parts, kind, n, seed) => {
        const rows = rowsOf(new XorShift32(seed), kind, n);
        expect(tableBy(make, parts, rows, n)).toEqual(tableBy(() => null, parts, rows, n));
      },
    ), { numRuns: 40 });
  });

  it('without a payload, at 1.9M rows, and again after it in the same instance', () => {
    const n = 1_900_000;
    const rows = rowsOf(new XorShift32(7), 'random', n);
    const kernel = make()!;
    const identity = [new Int32Array([-1, -1, 0, 0]), new Int32Array([0, -1, 0, 0])] as const;
    const order = kernel.tableOrder!([...identity, ...identity], rows.hi, rows.lo, null, n)!;
    // permutedHi is the kernel's memory, good until its next call: read before any other.
    const permutedHi = Array.from(order.permutedHi);
    const js = tableBy(() => null, LAYOUT_KEYS[0], rows, n);
    expect(Array.from(order.hi)).toEqual(js.hi);
    expect(Array.from(order.lo)).toEqual(js.lo);
    expect(permutedHi).toEqual(js.hi); // the identity permutation
    // The next sort, smaller, is as right.
    const small = rowsOf(new XorShift32(8), 'clustered', 5000);
    expect(tableBy(make, LAYOUT_KEYS[2], small, 5000)).toEqual(tableBy(() => null, LAYOUT_KEYS[2], small, 5000));
  });
});
