// The index on every core: queryMany and pairs() over 1M fingerprints on one thread (the index's
// own methods) and on the index pool with 1 and 2 worker threads (simhash-wasm/pool's createIndexPool), in
// interleaved rounds beside the reference program (k = 3 lookups, when --reference is given). Every pooled answer is
// checked against the one-thread answer's match count, and once in full before timing.
import { availableParallelism, cpus, loadavg } from 'node:os';
import '../packages/simhash-wasm/src/index.js'; // the WebAssembly scan kernel, as the workers have it
import { SimHashIndex } from '../packages/simhash-wasm/src/block-index/index.js';
import { createIndexPool, snapshotIndex, type IndexPool } from '../packages/simhash-wasm/src/pool/index.js';
import type { BenchSuite, SuiteContext } from './suite.js';
import { referenceFingerprints, withPlanted } from './block-index-data.js';
import { startProbe } from './parallel-probe.js';
import { median } from './support/median.js';

const MILLION = 1_000_000;
const count = (n: number) => Math.round(n).toLocaleString('en');

interface Timed {
  readonly name: string;
  /** Lookups per call, for a lookups/s column; omit for an operation reported in ms. */
  readonly lookups?: number;
  /** The call; resolves with a number checked to be the same every time (a match or pair count). */
  readonly fn: () => number | Promise<number>;
}

interface Rounds {
  readonly ms: Map<string, number[]>;
  /** CPU time of the whole process (every thread) per call: what the call cost, whatever else the machine ran. */
  readonly cpuMs: Map<string, number[]>;
  readonly reference: number[];
}

/** Each round: a whole reference run (when asked), then one call of every task, back to back. */
async function rounds(context: SuiteContext, id: string, tasks: readonly Timed[], roundCount: number, withReference: boolean): Promise<Rounds> {
  const ms = new Map(tasks.map((t) => [t.name, [] as number[]]));
  const cpuMs = new Map(tasks.map((t) => [t.name, [] as number[]]));
  const reference: number[] = [];
  const expected = new Map<string, number>();
  for (const t of tasks) expected.set(t.name, await t.fn()); // warm-up: compile, tier up, load the snapshot
  for (let round = 1; round <= roundCount; round++) {
    if (withReference && context.yardstick) {
      const run = await context.yardstick.fullRun();
      if (run.lookupsPerSecond !== undefined) reference.push(run.lookupsPerSecond);
    }
    for (const t of tasks) {
      const cpu = process.cpuUsage();
      const start = performance.now();
      const got = await t.fn();
      ms.get(t.name)!.push(performance.now() - start);
      const used = process.cpuUsage(cpu);
      cpuMs.get(t.name)!.push((used.user + used.system) / 1000);
      if (got !== expected.get(t.name)) throw new Error(`${id}/${t.name}: ${got} matches, ${expected.get(t.name)} before`);
    }
    context.log(`  ${id}: round ${round}/${roundCount} done`);
  }
  return { ms, cpuMs, reference };
}

/** One row per task: rate (or ms), its ratio to the first task's (the one-thread baseline), and to the reference. */
function table(tasks: readonly Timed[], result: Rounds): string {
  const withRef = result.reference.length > 0;
  const base = median(result.ms.get(tasks[0].name)!);
  const baseCpu = median(result.cpuMs.get(tasks[0].name)!);
  const lines = [
    `| task | ${tasks[0].lookups ? 'lookups/s' : 'ms'} (median) | best | speed-up over one thread (wall) | CPU ms per call (all threads) | one thread's CPU ÷ this CPU |${withRef ? ' × reference (median of rounds) |' : ''} rounds |`,
    `| --- | ---: | ---: | ---: | ---: | ---: |${withRef ? ' ---: |' : ''} ---: |`,
  ];
  if (withRef) lines.push(`| reference (the Rust reference program, HashMap index, 1M random queries) | ${count(median(result.reference))} | ${count(Math.max(...result.reference))} | | | | 1.00× | ${result.reference.length} |`);
  for (const t of tasks) {
    const ms = result.ms.get(t.name)!;
    const cpu = median(result.cpuMs.get(t.name)!);
    const speedUp = `${(base / median(ms)).toFixed(2)}× | ${count(cpu)} | ${(baseCpu / cpu).toFixed(2)}`;
    if (t.lookups === undefined) {
      lines.push(`| ${t.name} | ${count(median(ms))} | ${count(Math.min(...ms))} | ${speedUp} |${withRef ? ' |' : ''} ${ms.length} |`);
      continue;
    }
    const rates = ms.map((m) => (t.lookups! / m) * 1000);
    const ratio = withRef ? ` ${median(rates.map((r, i) => r / result.reference[Math.min(i, result.reference.length - 1)])).toFixed(2)}× |` : '';
    lines.push(`| ${t.name} | ${count(median(rates))} | ${count(Math.max(...rates))} | ${speedUp} |${ratio} ${ms.length} |`);
  }
  return lines.join('\n');
}

function sameAnswer(what: string, a: { offsets: Uint32Array; ids: Uint32Array; distances: Uint8Array }, b: typeof a): void {
  const same = (x: ArrayBufferView, y: ArrayBufferView) => Buffer.from(x.buffer, x.byteOffset, x.byteLength).equals(Buffer.from(y.buffer, y.byteOffset, y.byteLength));
  if (!same(a.offsets, b.offsets) || !same(a.ids, b.ids) || !same(a.distances, b.distances)) throw new Error(`${what}: the pool's answer differs from one thread's`);
}

async function run(context: SuiteContext): Promise<void> {
  const ks = [3, 7].filter((k) => context.selected(`index-pool/k${k}`));
  if (ks.length === 0) return;
  const threads = [1, 2, ...(availableParallelism() > 2 ? [availableParallelism()] : [])];
  const pools = new Map<number, IndexPool>();
  for (const t of threads) pools.set(t, await createIndexPool({ threads: t }));
  const probe = startProbe(threads[threads.length - 1]);
  // The machine's own ceiling, timed in the same rounds: a fixed loop (about 0.2 s on one idle core) on each thread count.
  const probeTasks = threads.map((t): Timed => ({ name: `machine probe: a fixed loop on ${t} worker thread${t > 1 ? 's' : ''} at once (the speed-up the cores left free allow)`, fn: async () => (await probe.spin(t, 150_000_000), 0) }));
  const speedUps = (result: Rounds) => probeTasks.map((t) => median(result.ms.get(probeTasks[0].name)!) * threads[probeTasks.indexOf(t)] / median(result.ms.get(t.name)!));
  try {
    const data = referenceFingerprints(MILLION, MILLION);
    for (const k of ks) {
      const id = `index-pool/k${k}`;
      context.log(`${id}: building the indexes`);
      const index = new SimHashIndex({ maxDistance: k });
      index.addMany(data.stored);
      // At k = 7 a lookup verifies thousands of candidates: fewer queries per call.
      const queries = k > 3 ? data.queries.subarray(0, 200_000) : data.queries;
      const planted = new SimHashIndex({ maxDistance: k });
      planted.addMany(withPlanted(data.stored, 10_000, k));
      // What a first call pays once per generation of the index: compaction and the copy onto shared memory.
      index.add(data.queries[0]);
      let start = performance.now();
      const snapshot = snapshotIndex(index);
      const snapshotMs = performance.now() - start;
      start = performance.now();
      await pools.get(threads[threads.length - 1])!.queryMany(index, queries.subarray(0, 1));
      const loadMs = performance.now() - start;
      const one = index.queryMany(queries);
      for (const [t, pool] of pools) sameAnswer(`${id}, ${t} threads`, await pool.queryMany(index, queries), one);
      const lookups: Timed[] = [
        { name: `queryMany, ${count(queries.length)} random queries, one thread (index.queryMany)`, lookups: queries.length, fn: () => index.queryMany(queries).ids.length },
        ...threads.map((t): Timed => ({ name: `pool.queryMany, ${t} worker thread${t > 1 ? 's' : ''}`, lookups: queries.length, fn: async () => (await pools.get(t)!.queryMany(index, queries)).ids.length })),
      ];
      const pairs: Timed[] = [
        { name: `pairs(), 1M with 10,000 planted near-duplicates, one thread (index.pairs)`, fn: () => planted.pairs().length },
        ...threads.map((t): Timed => ({ name: `pool.pairs, ${t} worker thread${t > 1 ? 's' : ''}`, fn: async () => (await pools.get(t)!.pairs(planted)).length })),
      ];
      const roundCount = k > 3 ? Math.min(context.rounds, 5) : context.rounds;
      const loadBefore = loadavg()[0];
      const lookupResult = await rounds(context, id, [...lookups, ...probeTasks], roundCount, k === 3);
      const pairsResult = await rounds(context, `${id}/pairs`, [...pairs, ...probeTasks], Math.min(context.rounds, 5), false);
      const ceiling = (result: Rounds) => speedUps(result).map((x, i) => `${threads[i]} threads: ${x.toFixed(2)}×`).join(', ');
      context.print([
        `### index pool: k = ${k}, ${count(index.size)} fingerprints (the reference's), ${cpus().length} cores`,
        '',
        `Load average (1 min) while measuring: ${loadBefore.toFixed(1)} to ${loadavg()[0].toFixed(1)} on ${cpus().length} cores. Other processes share the cores, so the wall-clock speed-up is bounded by what they leave free: the machine probe (a fixed loop on 1 and ${threads.length > 2 ? 'more' : '2'} threads at once, timed in the same rounds) shows that ceiling as a speed-up of its own (queries: ${ceiling(lookupResult)}; pairs: ${ceiling(pairsResult)}; ideal on an idle machine: ${threads.map((t) => `${t}×`).join(', ')}). The CPU columns count every thread's CPU time, whatever the load.`,
        '',
        `Layout: ${index.layout.kind}, ${index.layout.tables} tables. Snapshot after a write (compaction, then the tables copied onto one SharedArrayBuffer, ${(snapshot.bytes / 2 ** 20).toFixed(1)} MB): ${count(snapshotMs)} ms; its first call on ${threads[threads.length - 1]} workers (sending it): ${count(loadMs)} ms. Every timed call checks its count; each pool's whole answer was compared with one thread's once.`,
        '',
        table(lookups, lookupResult),
        '',
        table(pairs, pairsResult),
        '',
      ].join('\n'));
    }
  } finally {
    await probe.close();
    for (const pool of pools.values()) await pool.close();
  }
}

export const suite: BenchSuite = { name: 'index-pool', run };
