// SimHashIndex benchmarks: k = 3 and k = 7 over 1M fingerprints (the reference's own workload), beside brute force
// and a Map-of-blocks index like the reference's; pairs() with planted near-duplicates; online query-then-add growth;
// a giant cluster; the layouts side by side; and 10M fingerprints in one process.
import { Bench } from 'tinybench';
import { SimHashIndex, type LayoutOption } from '../packages/simhash-wasm/src/block-index/index.js';
import { estimate } from '../packages/simhash-wasm/src/block-index/plan/cost-model.js';
import { shapeOf } from '../packages/simhash-wasm/src/block-index/plan/layout.js';
import { setSubIndexMin, SUB_INDEX_MIN } from '../packages/simhash-wasm/src/block-index/tables/sub-index.js';
import type { BenchSuite, SuiteContext } from './suite.js';
import { BruteForce, MapOfBlocks, nearQueries, referenceFingerprints, withGiantCluster, withPlanted } from './block-index-data.js';
import { median } from './support/median.js';

const MILLION = 1_000_000;

interface Timed {
  readonly name: string;
  readonly fn: () => void;
  /** Lookups per call: a row of the lookups table; omit for an operation timed in ms (a build, pairs()). */
  readonly lookups?: number;
}

interface Measured {
  readonly task: Timed;
  /** Milliseconds of the call in each round. */
  readonly ms: number[];
}

interface Interleaved {
  readonly measured: Measured[];
  /** The reference's lookups/s in each round (a whole run of ../shared/reference/run.sh), when it was given. */
  readonly reference: number[];
}

/**
 * Rounds: each times one call of every selected task back to back (with tinybench), after one whole reference run
 * when `withReference`, so on a shared machine the load of the moment weighs on all of them alike, and ratios to
 * the reference are taken within a round (as bench/rounds.ts does for the fingerprint suite).
 */
async function interleaved(context: SuiteContext, id: string, tasks: readonly Timed[], rounds: number, withReference: boolean, warm = true): Promise<Interleaved> {
  const chosen = tasks.filter((t) => context.selected(`${id}/${t.name}`));
  const measured = chosen.map((task) => ({ task, ms: [] as number[] }));
  const reference: number[] = [];
  if (chosen.length === 0) return { measured, reference };
  if (warm) for (const t of chosen) t.fn(); // warm-up: compile, tier up, allocate buffers
  for (let round = 1; round <= rounds; round++) {
    if (withReference && context.yardstick) {
      const run = await context.yardstick.fullRun();
      if (run.lookupsPerSecond !== undefined) reference.push(run.lookupsPerSecond);
    }
    const bench = new Bench({ name: `${id} round ${round}`, iterations: 1, time: 0, warmup: false, throws: true });
    for (const t of chosen) bench.add(t.name, t.fn);
    await bench.run();
    bench.tasks.forEach((task, i) => {
      const r = task.result;
      if (r.state !== 'completed') throw new Error(`${id}/${task.name}: ${r.state}`);
      measured[i].ms.push(r.latency.min);
    });
    context.log(`  ${id}: round ${round}/${rounds} done`);
  }
  return { measured, reference };
}

const count = (n: number) => Math.round(n).toLocaleString('en');

function lookupsTable(result: Interleaved): string {
  const ref = result.reference;
  const withRef = ref.length > 0;
  const lines = [`| task | lookups/s (median) | lookups/s (best) |${withRef ? ' × reference |' : ''} rounds |`, `| --- | ---: | ---: |${withRef ? ' ---: |' : ''} ---: |`];
  if (withRef) lines.push(`| reference (the Rust reference program, HashMap index, 1M random queries) | ${count(median(ref))} | ${count(Math.max(...ref))} | 1.00× | ${ref.length} |`);
  for (const { task, ms } of result.measured) {
    if (task.lookups === undefined) continue;
    const perSecond = ms.map((m) => (task.lookups! / m) * 1000);
    const ratio = withRef ? ` ${median(perSecond.map((v, i) => v / ref[Math.min(i, ref.length - 1)])).toFixed(2)}× |` : '';
    lines.push(`| ${task.name} | ${count(median(perSecond))} | ${count(Math.max(...perSecond))} |${ratio} ${ms.length} |`);
  }
  return lines.join('\n');
}

function msTable(result: Interleaved, notes: ReadonlyMap<string, string>): string {
  const lines = ['| task | ms (median) | ms (best) | rounds | notes |', '| --- | ---: | ---: | ---: | --- |'];
  for (const { task, ms } of result.measured) {
    if (task.lookups !== undefined) continue;
    lines.push(`| ${task.name} | ${count(median(ms))} | ${count(Math.min(...ms))} | ${ms.length} | ${notes.get(task.name) ?? ''} |`);
  }
  return lines.join('\n');
}

/** Best lookups/s of a single task's rounds. */
function bestRate(result: Interleaved, items: number): string {
  const ms = result.measured[0]?.ms;
  return ms && ms.length > 0 ? count((items / Math.min(...ms)) * 1000) : '';
}

function expectEqual(what: string, got: number, want: number): void {
  if (got !== want) throw new Error(`${what}: the index found ${got} matches, the yardstick ${want}`);
}

function memoryNote(index: SimHashIndex): string {
  const s = index.stats();
  return `${(s.bytes / s.size).toFixed(1)} bytes per fingerprint, ${(s.bytes / s.fingerprintBytes).toFixed(2)}× the ${s.fingerprintBytes / s.size} bytes of fingerprints its ${index.layout.tables} tables need`;
}

function describeLayout(index: SimHashIndex): string {
  const l = index.layout;
  return `${l.kind}, ${l.blocks} blocks (${l.blockBits.join('+')} bits), ${l.tables} tables, keys of ${[...new Set(l.keyBits)].join('/')} bits${l.auto ? ", chosen by 'auto'" : ''}`;
}

function matchesOf(result: { offsets: Uint32Array }): number {
  return result.offsets[result.offsets.length - 1];
}

/** k = 3 or 7 over the reference's 1M fingerprints and its 1M queries. */
async function standard(context: SuiteContext, k: number, data: { stored: BigUint64Array; queries: BigUint64Array }): Promise<void> {
  const id = `index/k${k}`;
  if (!context.selected(id) && !['build', 'query', 'pairs', 'brute', 'map'].some((t) => context.selected(`${id}/${t}`))) return;
  const n = data.stored.length;
  context.log(`${id}: building the index, the Map-of-blocks index and the planted pairs workload`);
  const index = new SimHashIndex({ maxDistance: k });
  index.addMany(data.stored);
  const map = new MapOfBlocks(data.stored, k);
  const brute = new BruteForce(data.stored, k);
  // At k = 7 every query verifies thousands of candidates (tens in the Map-of-blocks index): fewer queries there.
  const singles = k > 3 ? 20_000 : 100_000;
  // Single queries at k = 3: the reference's whole 1M (a timed call of half a second or more is steadier).
  const randomSingles = data.queries.subarray(0, k > 3 ? singles : data.queries.length);
  const near = nearQueries(data.stored, singles, k + 1, 5);
  const mapQueries = data.queries.subarray(0, k > 3 ? 2_000 : 100_000);
  const bruteQueries = data.queries.subarray(0, k > 3 ? 10 : 20);
  // The answers, checked against the yardsticks once before timing (and the timed calls check their counts).
  const nearMatches = map.countMatches(near);
  expectEqual('near-duplicate queries', matchesOf(index.queryMany(near)), nearMatches);
  const randomMatches = matchesOf(index.queryMany(data.queries));
  expectEqual('random queries (Map-of-blocks)', matchesOf(index.queryMany(mapQueries)), map.countMatches(mapQueries));
  expectEqual('random queries (brute force)', matchesOf(index.queryMany(bruteQueries)), brute.countMatches(bruteQueries));
  const planted = withPlanted(data.stored, 10_000, k);
  const plantedIndex = new SimHashIndex({ maxDistance: k });
  plantedIndex.addMany(planted);
  const plantedPairs = plantedIndex.pairs().length;
  if (plantedPairs < 10_000) throw new Error(`pairs() found ${plantedPairs} pairs, fewer than the 10,000 planted`);
  const single = (queries: BigUint64Array, want: number) => () => {
    let m = 0;
    for (let i = 0; i < queries.length; i++) m += index.query(queries[i]).length;
    expectEqual('query()', m, want);
  };
  const lookups: Timed[] = [
    { name: `queryMany, ${data.queries.length / MILLION}M random queries`, lookups: data.queries.length, fn: () => expectEqual('queryMany', matchesOf(index.queryMany(data.queries)), randomMatches) },
    { name: `query, ${randomSingles.length / 1000}K random queries`, lookups: randomSingles.length, fn: single(randomSingles, matchesOf(index.queryMany(randomSingles))) },
    { name: `queryMany, ${singles / 1000}K near-duplicate queries (0..${k + 1} bits off)`, lookups: near.length, fn: () => expectEqual('queryMany', matchesOf(index.queryMany(near)), nearMatches) },
    { name: `query, ${singles / 1000}K near-duplicate queries`, lookups: near.length, fn: single(near, nearMatches) },
    { name: `Map-of-blocks (the reference's index) query, ${mapQueries.length / 1000}K random`, lookups: mapQueries.length, fn: () => map.countMatches(mapQueries) },
    { name: `brute force, ${bruteQueries.length} random queries`, lookups: bruteQueries.length, fn: () => brute.countMatches(bruteQueries) },
  ];
  const ops: Timed[] = [
    { name: `build: addMany(${n / MILLION}M)`, fn: () => new SimHashIndex({ maxDistance: k }).addMany(data.stored) },
    { name: `pairs(): ${n / MILLION}M with 10,000 planted near-duplicates`, fn: () => expectEqual('pairs()', plantedIndex.pairs().length, plantedPairs) },
    { name: 'clusters(): the same', fn: () => plantedIndex.clusters() },
    { name: 'pairs the long way: queryMany of every stored fingerprint', fn: () => plantedIndex.queryMany(planted) },
    { name: `Map-of-blocks build (${n / MILLION}M)`, fn: () => new MapOfBlocks(data.stored, k) },
    { name: 'serialize', fn: () => index.serialize() },
    { name: 'deserialize', fn: (() => { const bytes = index.serialize(); return () => SimHashIndex.deserialize(bytes); })() },
  ];
  const rounds = k > 3 ? Math.min(context.rounds, 3) : context.rounds;
  // The reference runs k = 3 only: a ratio at k = 7 would compare different work.
  const lookupResult = await interleaved(context, id, lookups, rounds, k === 3);
  const opResult = await interleaved(context, id, k > 3 ? ops.filter((o) => !o.name.startsWith('pairs the long way') && !o.name.startsWith('clusters')) : ops, Math.min(rounds, 3), false, false);
  const predicted = estimate(k, n, shapeOf(index.layout)).singleNs;
  const notes = new Map([[ops[1].name, `${plantedPairs.toLocaleString('en')} pairs`], [ops[0].name, memoryNote(index)]]);
  context.print([
    `### index: k = ${k}, ${n.toLocaleString('en')} random fingerprints (the reference's), one thread`,
    '',
    `Layout: ${describeLayout(index)}. ${memoryNote(index)}. The cost model predicted ${count(1e9 / predicted)} single lookups/s. ${randomMatches} of the 1M random queries have a match; near-duplicate queries average ${(nearMatches / near.length).toFixed(2)} matches. Every timed call checks its match count.`,
    '',
    lookupsTable(lookupResult),
    '',
    msTable(opResult, notes),
    '',
  ].join('\n'));
}

/** Query-then-add one at a time from empty, as a crawler does: the rate per stretch of growth. */
function online(context: SuiteContext, fps: BigUint64Array, k: number): void {
  if (!context.selected('index/online')) return;
  const index = new SimHashIndex({ maxDistance: k });
  const stretch = fps.length / 10;
  const rows = ['| size | query + add per second | runs | layout |', '| ---: | ---: | ---: | --- |'];
  let found = 0;
  for (let s = 0; s < 10; s++) {
    const start = performance.now();
    for (let i = s * stretch; i < (s + 1) * stretch; i++) {
      found += index.query(fps[i]).length;
      index.add(fps[i]);
    }
    const perSecond = stretch / ((performance.now() - start) / 1000);
    rows.push(`| ${((s + 1) * stretch).toLocaleString('en')} | ${Math.round(perSecond).toLocaleString('en')} | ${index.stats().runs} | ${index.layout.kind}/${index.layout.blocks} |`);
  }
  context.log(`index/online: ${found} matches`);
  context.print(`### index: online, query then add, one at a time, k = ${k}, from empty to ${fps.length.toLocaleString('en')}\n\nEach row: one stretch of ${stretch.toLocaleString('en')} query-then-add steps, ending at that size (one timed pass, wall clock).\n\n${rows.join('\n')}\n`);
}

/** A bucket holding a large share of the index: with and without sub-indexes, same data. */
async function giantCluster(context: SuiteContext, base: BigUint64Array, queries: BigUint64Array, k: number): Promise<void> {
  if (!context.selected('index/cluster')) return;
  const share = 0.3;
  const data = withGiantCluster(base, share, k);
  const clusterQueries = nearQueries(data.subarray(0, Math.round(data.length * share)), 20_000, k + 1, 9);
  const randomQueries = queries.subarray(0, 100_000);
  const rows: string[] = ['| sub-indexes | build ms | largest bucket | queryMany random, lookups/s | query near the cluster, lookups/s | pairs() ms | bytes / fingerprint |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: |'];
  let answers: string | null = null;
  for (const subIndexes of [true, false]) {
    setSubIndexMin(subIndexes ? SUB_INDEX_MIN : Infinity);
    try {
      let t = performance.now();
      const index = new SimHashIndex({ maxDistance: k, layout: 'pigeonhole' });
      index.addMany(data);
      const build = performance.now() - t;
      const bench = async (fn: () => void) => {
        const result = await interleaved(context, 'index/cluster', [{ name: 'x', fn }], Math.min(context.rounds, 3), false);
        return Math.min(...result.measured[0].ms);
      };
      let check = '';
      const many = await bench(() => { check = `${matchesOf(index.queryMany(randomQueries))}`; });
      const near = await bench(() => {
        let m = 0;
        for (let i = 0; i < clusterQueries.length; i++) m += index.query(clusterQueries[i]).length;
        check += `/${m}`;
      });
      t = performance.now();
      const pairs = index.pairs().length;
      const pairsMs = performance.now() - t;
      check += `/${pairs}`;
      if (answers !== null && answers !== check.slice(-answers.length)) throw new Error(`with and without sub-indexes the answers differ: ${answers} vs ${check}`);
      answers = check.slice(check.length / 2);
      rows.push(`| ${subIndexes ? `yes (${index.stats().subIndexes})` : 'no'} | ${build.toFixed(0)} | ${(100 * largestShare(data)).toFixed(1)}% | ${Math.round(randomQueries.length / (many / 1000)).toLocaleString('en')} | ${Math.round(clusterQueries.length / (near / 1000)).toLocaleString('en')} | ${pairsMs.toFixed(0)} (${pairs.toLocaleString('en')} pairs) | ${(index.stats().bytes / index.size).toFixed(1)} |`);
    } finally {
      setSubIndexMin(SUB_INDEX_MIN);
    }
  }
  context.print(`### index: a giant cluster, k = ${k}, ${data.length.toLocaleString('en')} fingerprints\n\n${(share * 100).toFixed(0)}% of the fingerprints are one centre with ${k + 1} to ${2 * k + 4} bits flipped (near each other, mostly not within k), the rest random; pigeonhole layout. "query near the cluster": 20,000 queries 0..${k + 1} bits from cluster members.\n\n${rows.join('\n')}\n`);
}

/** Share of the fingerprints in the fullest bucket of the k = 3 pigeonhole layout (four 16-bit blocks). */
function largestShare(data: BigUint64Array): number {
  const halves = new Uint32Array(data.buffer, data.byteOffset, 2 * data.length);
  let best = 0;
  for (let block = 0; block < 4; block++) {
    const counts = new Uint32Array(1 << 16);
    const word = block < 2 ? 1 : 0; // blocks 0 and 1 in the high half (element 2i + 1, little-endian)
    const shift = block % 2 === 0 ? 16 : 0;
    for (let i = 0; i < data.length; i++) counts[(halves[2 * i + word] >>> shift) & 0xffff]++;
    for (const c of counts) best = Math.max(best, c);
  }
  return best / data.length;
}

/** The same data in several layouts, beside the cost model's prediction. */
async function layouts(context: SuiteContext, data: { stored: BigUint64Array; queries: BigUint64Array }, k: number, options: LayoutOption[], manyCount: number, singleCount: number): Promise<void> {
  if (!context.selected(`index/layouts/k${k}`)) return;
  const rows = [`| layout | tables | build ms | bytes / fingerprint | queryMany (${manyCount / 1000}K) lookups/s | query (${singleCount / 1000}K) lookups/s | predicted query lookups/s | pairs() ms |`, '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'];
  const many = data.queries.subarray(0, manyCount);
  const single = data.queries.subarray(0, singleCount);
  for (const layout of options) {
    let t = performance.now();
    const index = new SimHashIndex({ maxDistance: k, layout });
    index.addMany(data.stored);
    const build = performance.now() - t;
    const rounds = Math.min(context.rounds, 3);
    const manyResult = await interleaved(context, `index/layouts/k${k}`, [{ name: 'many', fn: () => index.queryMany(many) }], rounds, false);
    const one = await interleaved(context, `index/layouts/k${k}`, [{ name: 'one', fn: () => { for (let i = 0; i < single.length; i++) index.query(single[i]); } }], rounds, false);
    t = performance.now();
    index.pairs();
    const pairs = performance.now() - t;
    const predicted = 1e9 / estimate(k, data.stored.length, shapeOf(index.layout)).singleNs;
    rows.push(`| ${index.layout.kind} ${index.layout.blocks} | ${index.layout.tables} | ${build.toFixed(0)} | ${(index.stats().bytes / index.size).toFixed(1)} | ${bestRate(manyResult, many.length)} | ${bestRate(one, single.length)} | ${count(predicted)} | ${pairs.toFixed(0)} |`);
  }
  context.print(`### index: layouts, k = ${k}, ${data.stored.length.toLocaleString('en')} random fingerprints\n\n${rows.join('\n')}\n`);
}

/** 10M fingerprints at k = 3 in one process: build, query, memory. */
async function tenMillion(context: SuiteContext): Promise<void> {
  if (!context.selected('index/10M')) return;
  const n = 10 * MILLION;
  context.log('index/10M: generating 10M fingerprints');
  const data = referenceFingerprints(n, MILLION);
  const before = process.memoryUsage();
  let t = performance.now();
  const index = new SimHashIndex({ maxDistance: 3 });
  index.addMany(data.stored);
  const build = performance.now() - t;
  const after = process.memoryUsage();
  const rounds = Math.min(context.rounds, 3);
  const many = await interleaved(context, 'index/10M', [{ name: 'many', fn: () => index.queryMany(data.queries) }], rounds, false);
  const single = data.queries.subarray(0, 100_000);
  const one = await interleaved(context, 'index/10M', [{ name: 'one', fn: () => { for (let i = 0; i < single.length; i++) index.query(single[i]); } }], rounds, false);
  context.print([
    `### index: 10M fingerprints, k = 3, one process`,
    '',
    `Layout: ${describeLayout(index)}. ${memoryNote(index)}; array buffers grew by ${((after.arrayBuffers - before.arrayBuffers) / 2 ** 20).toFixed(0)} MiB, rss by ${((after.rss - before.rss) / 2 ** 20).toFixed(0)} MiB.`,
    '',
    '| build ms | queryMany (1M random) lookups/s | query (100K random) lookups/s |',
    '| ---: | ---: | ---: |',
    `| ${build.toFixed(0)} | ${bestRate(many, MILLION)} | ${bestRate(one, single.length)} |`,
    '',
  ].join('\n'));
}

export const suite: BenchSuite = {
  name: 'index',
  async run(context) {
    const data = referenceFingerprints(MILLION, MILLION);
    await standard(context, 3, data);
    await standard(context, 7, data);
    online(context, data.stored, 3);
    await giantCluster(context, data.stored, data.queries, 3);
    await layouts(context, data, 3, ['pigeonhole', { blocks: 5 }, { blocks: 6 }], MILLION, 100_000);
    await layouts(context, data, 7, ['pigeonhole', { blocks: 9 }, { blocks: 10 }], 20_000, 5_000);
    await tenMillion(context);
  },
};
