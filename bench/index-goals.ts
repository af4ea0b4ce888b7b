// The index's goals (multi-index hashing at large k, exact scans) in one table, each beside the reference program from the same run:
// a million random fingerprints (the reference's own workload: its k = 3 HashMap index over 1M, 1M lookups), and
// for each goal the layout 'auto' picks. Rounds interleave every measurement with a whole reference run, so the
// load of the moment weighs on both; each row reports its best round and the reference's best.
//   npm run bench -- index-goals            (the reference runs by default when ../shared/reference/run.sh exists)
import { SimHashIndex, type LayoutOption } from '../packages/simhash-wasm/src/block-index/index.js';
import { setScanKernel } from '../packages/simhash-wasm/src/block-index/scan/kernel-slot.js';
import { createWasmScanKernel } from '../packages/simhash-wasm/src/wasm/scan-kernel.js';
import { createSimdScanKernel } from '../packages/simhash-wasm/src/wasm/simd-scan-kernel.js';
import { referenceFingerprints } from './block-index-data.js';
import type { BenchSuite, SuiteContext } from './suite.js';

const N = 1_000_000;
/** The plain TypeScript scan before the scan kernel (BENCHMARKS.md, 2026-12-03, k = 16 over 1M): what "8x" is of. */
const SCAN_BEFORE_KERNEL = 84;

interface Goal {
  readonly name: string;
  /** What is measured: items per call (queries) or, for a timed operation, undefined (seconds are reported). */
  readonly items?: number;
  readonly fn: () => unknown;
  /** The target: items/s at least (or seconds at most), absolute or as a multiple of another figure. */
  readonly target: (perSecond: number, reference: number, others: Map<string, number>) => { met: boolean; text: string; against: string };
}

async function run(context: SuiteContext): Promise<void> {
  if (!context.selected('index-goals/all')) return;
  setScanKernel(() => createWasmScanKernel());
  const { stored, queries } = referenceFingerprints(N, N);
  const log = context.log;
  const build = (k: number, layout: LayoutOption = 'auto') => {
    log(`index-goals: building k = ${k}`);
    const index = new SimHashIndex({ maxDistance: k, layout, expectedSize: N });
    index.addMany(stored);
    index.compact();
    return index;
  };
  const k3 = build(3), k7 = build(7), k12 = build(12), scan = build(32, 'scan');
  const autos = new Map([16, 24, 32].map((k) => [k, build(k)]));
  // Half random, half stored fingerprints with one bit flipped (each has a match).
  const near = queries.map((q, i) => (i % 2 ? q : stored[(i * 37) % N] ^ BigInt(1 << (i % 13))));
  const singles = queries.subarray(0, 100_000);
  const describe = (index: SimHashIndex) => `${index.layout.kind}, ${index.layout.tables} table${index.layout.tables > 1 ? 's' : ''}`;
  const ratio = (x: number) => `${x.toFixed(2)}×`;
  const atLeast = (goal: number, unit: string) => (v: number) => ({ met: v >= goal, text: `≥ ${goal.toLocaleString('en')} ${unit}`, against: v >= goal ? 'met' : `${ratio(goal / v)} short` });
  const goals: Goal[] = [
    { name: `k = 3 queryMany, 1M random queries (${describe(k3)})`, items: N, fn: () => k3.queryMany(queries), target: (v, ref) => ({ met: v >= 10 * ref, text: '≥ 10× reference', against: ratio(v / ref) }) },
    { name: `k = 3 query, 100K random queries one by one`, items: singles.length, fn: () => { for (const q of singles) k3.query(q); }, target: (v, ref) => ({ met: v >= 5 * ref, text: '≥ 5× reference', against: ratio(v / ref) }) },
    { name: `k = 7 queryMany, 1M queries (${describe(k7)})`, items: near.length, fn: () => k7.queryMany(near), target: atLeast(1_000_000, 'queries/s') },
    { name: `k = 7 pairs() over 1M (${describe(k7)})`, fn: () => k7.pairs(), target: (v) => ({ met: 1 / v <= 1, text: '≤ 1 s', against: 1 / v <= 1 ? 'met' : `${ratio(1 / v)} the goal's time` }) },
    { name: `k = 12 queryMany, 100K queries (${describe(k12)})`, items: 100_000, fn: () => k12.queryMany(near.subarray(0, 100_000)), target: atLeast(20_000, 'queries/s') },
    { name: 'k = 16 scan layout, WebAssembly kernel, 400 queries', items: 400, fn: () => scan.queryMany(near.subarray(0, 400), 16), target: (v) => ({ met: v >= 8 * SCAN_BEFORE_KERNEL, text: `≥ 8× the scan before the kernel (${SCAN_BEFORE_KERNEL}/s)`, against: ratio(v / SCAN_BEFORE_KERNEL) }) },
  ];
  const simd = createSimdScanKernel();
  for (const [k, index] of autos) {
    // Fewer queries at larger k: at k = 32 each random query matches half the index.
    const m = k === 16 ? 400 : k === 24 ? 100 : 10;
    const simdName = `k = ${k} SIMD scan kernel, ${m} queries`;
    goals.push({ name: simdName, items: m, fn: () => withKernel(() => simd, () => scan.queryMany(near.subarray(0, m), k)), target: () => ({ met: true, text: 'the yardstick of the next row', against: '' }) });
    goals.push({ name: `k = ${k} 'auto' queryMany, ${m} queries (${describe(index)})`, items: m, fn: () => index.queryMany(near.subarray(0, m)), target: (v, _, others) => ({ met: v >= others.get(simdName)!, text: '≥ the SIMD scan', against: ratio(v / others.get(simdName)!) }) });
  }
  const rounds = Math.min(context.rounds, 3);
  const best = new Map<string, number>();
  let reference = 0;
  for (const goal of goals) goal.fn(); // warm-up
  for (let round = 1; round <= rounds; round++) {
    if (context.yardstick) {
      log(`index-goals: round ${round}, reference`);
      const sample = await context.yardstick.fullRun();
      reference = Math.max(reference, sample.lookupsPerSecond ?? 0);
    }
    for (const goal of goals) {
      log(`index-goals: round ${round}, ${goal.name}`);
      const start = performance.now();
      goal.fn();
      const seconds = (performance.now() - start) / 1000;
      const perSecond = goal.items === undefined ? 1 / seconds : goal.items / seconds;
      best.set(goal.name, Math.max(best.get(goal.name) ?? 0, perSecond));
    }
  }
  setScanKernel(null);
  const lines = [
    `### The index's goals: ${N.toLocaleString('en')} random fingerprints (the reference's workload), one thread, best of ${rounds} rounds`,
    '',
    context.yardstick ? `Reference (the Rust reference program, HashMap index, k = 3, 1M lookups), best of the same rounds: ${Math.round(reference).toLocaleString('en')} lookups/s.` : 'No reference run (pass --reference or keep ../shared/reference/run.sh): ratios to it are left out.',
    '',
    '| goal | measured | target | × target or reference | reached |',
    '| --- | ---: | --- | ---: | :---: |',
  ];
  for (const goal of goals) {
    const v = best.get(goal.name)!;
    const measured = goal.items === undefined ? `${(1 / v).toFixed(2)} s` : `${Math.round(v).toLocaleString('en')}/s`;
    const needsReference = goal.name.startsWith('k = 3');
    const t = needsReference && reference === 0 ? { met: false, text: 'needs the reference', against: '' } : goal.target(v, reference, best);
    lines.push(`| ${goal.name} | ${measured} | ${t.text} | ${t.against} | ${t.text.startsWith('the yardstick') ? '' : t.met ? 'yes' : 'no'} |`);
  }
  context.print(`${lines.join('\n')}\n`);
}

function withKernel<T>(kernel: () => ReturnType<typeof createSimdScanKernel>, fn: () => T): T {
  setScanKernel(kernel);
  try {
    return fn();
  } finally {
    setScanKernel(() => createWasmScanKernel());
  }
}

export const suite: BenchSuite = { name: 'index-goals', run };
