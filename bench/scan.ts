// Exact search at large k: batch queries a second over 1,000,000 random fingerprints, through
// each scan kernel on the 'scan' layout (WebAssembly scalar, as the simhash-wasm entry sets it; WebAssembly SIMD;
// TypeScript, as simhash-wasm/pure has it), and the layout 'auto' picks with the WebAssembly kernel set. Queries:
// half stored fingerprints moved by up to 12 bits, half random.
import { Bench } from 'tinybench';
import { SimHashIndex } from '../packages/simhash-wasm/src/block-index/index.js';
import { setScanKernel } from '../packages/simhash-wasm/src/block-index/scan/kernel-slot.js';
import { tsScanKernel } from '../packages/simhash-wasm/src/block-index/scan/ts-scan-kernel.js';
import type { ScanKernel } from '../packages/simhash-wasm/src/core/scan-kernel.js';
import { createWasmScanKernel } from '../packages/simhash-wasm/src/wasm/scan-kernel.js';
import { createSimdScanKernel } from '../packages/simhash-wasm/src/wasm/simd-scan-kernel.js';
import { XorShift32 } from '../test/support/random.js';
import { throughputTable, type BenchSuite, type SuiteContext, type ThroughputRow } from './suite.js';

const N = 1_000_000;
const KS = [7, 12, 16, 24];

async function run(context: SuiteContext): Promise<void> {
  if (!context.selected('scan/large-k/queryMany')) return;
  const rng = new XorShift32(13);
  const stored = BigUint64Array.from({ length: N }, () => rng.fp());
  const queries = BigUint64Array.from({ length: 200 }, (_, i) => (i % 2 ? rng.fp() : rng.flip(stored[rng.below(N)], rng.below(13))));
  const kernels: [string, () => ScanKernel | null, number][] = [
    ['WebAssembly', () => createWasmScanKernel(), 200],
    ['WebAssembly SIMD', () => createSimdScanKernel(), 100],
    ['TypeScript', () => tsScanKernel, 20],
  ];
  const scan = new SimHashIndex({ maxDistance: 32, layout: 'scan' });
  scan.addMany(stored);
  const rows: ThroughputRow[] = [];
  const bench = new Bench({ name: 'scan', iterations: context.iterations, time: context.timeMs, warmupIterations: 1, throws: true });
  const perCall = new Map<string, number>();
  for (const [name, make, m] of kernels) {
    for (const k of KS) {
      const label = `scan layout, ${name} kernel, k = ${k}`;
      perCall.set(label, m);
      bench.add(label, () => {
        scan.queryMany(queries.subarray(0, m), k);
      }, { beforeAll: () => setScanKernel(make) });
    }
  }
  setScanKernel(kernels[0][1]);
  for (const k of KS) {
    const auto = new SimHashIndex({ maxDistance: k });
    auto.addMany(stored);
    const label = `'auto' (${auto.layout.kind}, ${auto.layout.tables} tables), k = ${k}`;
    perCall.set(label, 200);
    bench.add(label, () => {
      auto.queryMany(queries, k);
    }, { beforeAll: () => setScanKernel(kernels[0][1]) });
  }
  await bench.run();
  for (const task of bench.tasks) rows.push({ task, itemsPerCall: perCall.get(task.name)! });
  setScanKernel(null);
  context.print(`### Exact search at large k: queryMany over ${N.toLocaleString('en')} random fingerprints\n\n${throughputTable(rows, { itemLabel: 'queries' })}\n`);
}

export const suite: BenchSuite = { name: 'scan', run };
