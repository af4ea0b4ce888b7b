// pairs() at k = 13 to 20, where 'auto' keeps the scan layout (docs/design.md, "pairs() and batch queries"): seconds
// of one pairs() call, one thread, over 200,000 and 1,000,000 fingerprints, random and clustered, for
//   - what pairs() does on an 'auto' index (the layout of its own that plan/cost-model.ts's pairsLayout picks),
//   - the scan layout's own pairs (every pair compared in the WebAssembly kernel: what pairs() did before),
//   - multi-index layouts of 4, 5 and 6 substrings, each on its own tables.
// Random fingerprints come from splitmix64 (64 independent bits; test/support/random.ts's XorShift32.fp() puts two
// consecutive xorshift32 outputs together, and the low word is a linear function of the high one, which makes
// close pairs about ten times as common). Clustered: a quarter of them are near copies of an earlier one, 1 to 12
// bits flipped. Each random pair is within k with probability C(64, <= k) / 2^64, so the expected count of chance
// pairs is printed beside each case: at k = 20 the output itself is the cost (about 37M pairs at 200,000, 0.9G at
// 1M, which no array here holds). Cases estimated above PAIRS_BENCH_MAX_SECONDS (default 120) are left out with
// their estimate. Rounds are interleaved (the variants of a case one after another, round after round).
import { SimHashIndex, type SimHashIndexOptions } from '../packages/simhash-wasm/src/block-index/index.js';
import { indexInternals } from '../packages/simhash-wasm/src/block-index/simhash-index.js';
import { idPairs, pairRows } from '../packages/simhash-wasm/src/block-index/pairs/pairs.js';
import { pairsLayout, pairsNs } from '../packages/simhash-wasm/src/block-index/plan/cost-model.js';
import { binomial } from '../packages/simhash-wasm/src/block-index/plan/layout.js';
import { setScanKernel } from '../packages/simhash-wasm/src/block-index/scan/kernel-slot.js';
import { createWasmScanKernel } from '../packages/simhash-wasm/src/wasm/scan-kernel.js';
import type { Run } from '../packages/simhash-wasm/src/block-index/runs/run.js';
import type { BenchSuite, SuiteContext } from './suite.js';

const SIZES = [200_000, 1_000_000];
const KS = [13, 16, 20];
const MAX_SECONDS = Number(process.env.PAIRS_BENCH_MAX_SECONDS ?? 120);
/** More pairs than this are not attempted: the answer alone would be gigabytes. */
const MAX_PAIRS = 2 ** 27;

/** splitmix64: 64 independent bits per fingerprint. */
function splitmix64(seed: bigint): () => bigint {
  let state = seed;
  return () => {
    state = (state + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    return z ^ (z >> 31n);
  };
}

function makeFingerprints(n: number, clustered: boolean): BigUint64Array {
  const next = splitmix64(0x5eedn + BigInt(n) + (clustered ? 1n : 0n));
  const out = new BigUint64Array(n);
  for (let i = 0; i < n; i++) {
    const r = next();
    if (!clustered || i === 0 || (r & 3n) !== 0n) {
      out[i] = r;
      continue;
    }
    // A near copy of an earlier fingerprint: 1 to 12 flips drawn from the same word.
    let fp = out[Number((r >> 8n) % BigInt(i))];
    const flips = 1 + Number((r >> 40n) % 12n);
    for (let f = 0; f < flips; f++) fp ^= 1n << ((r >> BigInt(2 + 5 * f)) & 63n);
    out[i] = fp;
  }
  return out;
}

/** Expected pairs within k among n independent uniform 64-bit fingerprints. */
export function expectedChancePairs(n: number, k: number): number {
  let within = 0;
  for (let i = 0; i <= k; i++) within += binomial(64, i);
  return (within / 2 ** 64) * ((n * (n - 1)) / 2);
}

interface Variant {
  readonly name: string;
  readonly layout: SimHashIndexOptions['layout'];
  /** True: pairs() as it is (the planner may pick other tables); false: the index's own layout. */
  readonly planned: boolean;
}

const VARIANTS: Variant[] = [
  { name: "pairs() on 'auto'", layout: 'auto', planned: true },
  { name: 'scan layout (before)', layout: 'scan', planned: false },
  { name: '4 substrings', layout: { substrings: 4 }, planned: false },
  { name: '5 substrings', layout: { substrings: 5 }, planned: false },
  { name: '6 substrings', layout: { substrings: 6 }, planned: false },
];

function runOf(fps: BigUint64Array, k: number, layout: SimHashIndexOptions['layout']): { run: Run; index: SimHashIndex } {
  const index = new SimHashIndex({ maxDistance: k, layout, expectedSize: fps.length });
  index.addMany(fps);
  indexInternals.compact(index);
  return { run: indexInternals.runs(index)[0], index };
}

async function run(context: SuiteContext): Promise<void> {
  setScanKernel(() => createWasmScanKernel());
  const rounds = Math.min(context.rounds, 3);
  const lines = ['| data | n | k | expected chance pairs | pairs found | variant | layout | estimate s | best s | median s | × scan |', '| --- | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: | ---: |'];
  for (const clustered of [false, true]) {
    const data = clustered ? 'clustered' : 'random';
    for (const n of SIZES) {
      if (!VARIANTS.some((v) => KS.some((k) => context.selected(`pairs-large-k/${data}/${n}/k=${k}/${v.name}`)))) continue;
      const fps = makeFingerprints(n, clustered);
      for (const k of KS) {
        const expected = expectedChancePairs(n, k);
        const chosen = VARIANTS.filter((v) => context.selected(`pairs-large-k/${data}/${n}/k=${k}/${v.name}`));
        if (chosen.length === 0) continue;
        const cases = chosen.map((variant) => {
          const { run, index } = runOf(fps, k, variant.layout);
          const plan = variant.planned ? pairsLayout(k, run.live, run.layout) : null;
          const used = plan ?? run.layout;
          const described = `${index.layout.kind} ${index.layout.tables}${plan ? ` → multi-index ${plan.public.tables} (radii ${plan.public.radius.join(', ')}) for pairs` : index.layout.kind === 'multi-index' ? ` (radii ${index.layout.radius.join(', ')})` : ''}`;
          const estimate = pairsNs(k, run.live, used) / 1e9 + (plan ? (40 * plan.public.tables * run.live) / 1e9 : 0);
          return { variant, run, plan, described, estimate, seconds: [] as number[], found: -1 };
        });
        for (let round = 0; round < rounds; round++) {
          for (const c of cases) {
            if (c.estimate > MAX_SECONDS || expected > MAX_PAIRS) continue;
            context.log(`pairs-large-k ${data} n=${n} k=${k} ${c.variant.name} round ${round + 1}/${rounds} (estimate ${c.estimate.toFixed(1)} s)`);
            const start = performance.now();
            const result = idPairs(c.run, pairRows(c.run, k, 0, 1, c.plan));
            c.seconds.push((performance.now() - start) / 1000);
            if (c.found >= 0 && c.found !== result.length) throw new Error(`pairs-large-k: ${c.variant.name} found ${result.length} pairs, then ${c.found}`);
            c.found = result.length;
          }
        }
        const counts = new Set(cases.filter((c) => c.found >= 0).map((c) => c.found));
        if (counts.size > 1) throw new Error(`pairs-large-k: the variants disagree on the pairs of ${data} n=${n} k=${k}: ${[...counts].join(', ')}`);
        const best = (c: (typeof cases)[number]) => Math.min(...c.seconds);
        const scan = cases.find((c) => c.variant.layout === 'scan');
        for (const c of cases) {
          const sorted = [...c.seconds].sort((a, b) => a - b);
          const ran = sorted.length > 0;
          const skipped = expected > MAX_PAIRS ? 'not run: output too large' : `not run (over ${MAX_SECONDS} s)`;
          lines.push(`| ${data} | ${n.toLocaleString('en')} | ${k} | ${Math.round(expected).toLocaleString('en')} | ${ran ? c.found.toLocaleString('en') : '—'} | ${c.variant.name} | ${c.described} | ${c.estimate.toFixed(1)} | ${ran ? best(c).toFixed(2) : skipped} | ${ran ? sorted[Math.floor((sorted.length - 1) / 2)].toFixed(2) : ''} | ${ran && scan && scan.seconds.length > 0 ? (best(scan) / best(c)).toFixed(1) : ''} |`);
        }
      }
    }
  }
  setScanKernel(null);
  if (lines.length === 2) return; // nothing of this suite was selected: no empty table
  context.print(`### pairs() at k = 13 to 20 (one thread, ${rounds} interleaved rounds)\n\n${lines.join('\n')}\n`);
}

export const suite: BenchSuite = { name: 'pairs-large-k', run };
