// The index on Redis Cluster beside the in-memory SimHashIndex, in one run: inserts/s (addMany of 10,000), single
// queries/s (one after another, each awaited: a round trip each), pipelined queries/s (queryMany of 1,000) and bytes
// per fingerprint (INFO memory of every master, after minus before, over the fingerprints stored). A local 3-master
// cluster is started on free ports and stopped (test/support/redis-cluster.ts); without redis-server the suite says
// so and skips. k = 3 (pigeonhole: 4 tables); N = 1,000,000 random fingerprints, ids "doc-<n>".
import { Bench } from 'tinybench';
import { SimHashIndex } from '../packages/simhash-wasm/src/block-index/index.js';
import { RedisSimHashIndex } from '../packages/redis/src/index.js';
import { redisAvailable, REDIS_MISSING, startRedisCluster, type RedisCluster } from '../test/support/redis-cluster.js';
import { XorShift32 } from '../test/support/random.js';
import { throughputTable, type BenchSuite, type SuiteContext, type ThroughputRow } from './suite.js';

const N = 1_000_000;
const BATCH = 10_000;
const SINGLE = 200;
const MANY = 1_000;

function data(): { stored: BigUint64Array; queries: BigUint64Array } {
  const rng = new XorShift32(2026);
  const stored = BigUint64Array.from({ length: N }, () => rng.fp());
  const queries = BigUint64Array.from({ length: MANY }, (_, i) => (i % 4 === 3 ? rng.fp() : rng.flip(stored[rng.below(N)], rng.below(4))));
  return { stored, queries };
}

/** Microseconds of Redis CPU spent in all commands so far, summed over the masters (INFO commandstats). */
function serverMicros(cluster: RedisCluster): number {
  let total = 0;
  for (const node of cluster.nodes) {
    for (const match of cluster.cli(node, 'INFO', 'commandstats').matchAll(/usec=(\d+)/g)) total += Number(match[1]);
  }
  return total;
}

function usedMemory(cluster: RedisCluster): number {
  return cluster.nodes.reduce((sum, node) => sum + Number(/used_memory:(\d+)/.exec(cluster.cli(node, 'INFO', 'memory'))![1]), 0);
}

async function run(context: SuiteContext): Promise<void> {
  if (!context.selected('redis/cluster/index')) return;
  if (!redisAvailable()) {
    context.print(`${REDIS_MISSING}\n`);
    return;
  }
  const { stored, queries } = data();
  const ids = Array.from({ length: N }, (_, i) => `doc-${i}`);
  const cluster = await startRedisCluster();
  try {
    const before = usedMemory(cluster);
    const redis = await RedisSimHashIndex.open({ nodes: cluster.addresses, name: 'bench', maxDistance: 3 });
    const memory = new SimHashIndex({ maxDistance: 3 });
    const batches = N / BATCH;
    const bench = new Bench({ name: 'redis', iterations: batches, time: 0, warmup: false, throws: true });
    let redisNext = 0, memoryNext = 0;
    bench.add('redis: addMany (10,000 per call)', async () => {
      const from = (redisNext++ % batches) * BATCH;
      await redis.addMany(stored.subarray(from, from + BATCH), ids.slice(from, from + BATCH));
    });
    bench.add('in memory: addMany (10,000 per call)', () => {
      const from = (memoryNext++ % batches) * BATCH;
      memory.addMany(stored.subarray(from, from + BATCH));
    });
    context.log(`redis bench: inserting ${N.toLocaleString('en')} fingerprints into each index`);
    const micros0 = serverMicros(cluster);
    await bench.run();
    const insertMicros = (serverMicros(cluster) - micros0) / N;
    const bytesPerFingerprint = (usedMemory(cluster) - before) / N;
    const queryBench = new Bench({ name: 'redis queries', iterations: context.iterations * 4, time: context.timeMs, warmupIterations: 1, throws: true });
    queryBench.add(`redis: query, one at a time (${SINGLE} per call)`, async () => {
      for (let i = 0; i < SINGLE; i++) await redis.query(queries[i]);
    });
    queryBench.add(`redis: queryMany (${MANY} per call)`, async () => {
      await redis.queryMany(queries);
    });
    queryBench.add(`in memory: query (${SINGLE} per call)`, () => {
      for (let i = 0; i < SINGLE; i++) memory.query(queries[i]);
    });
    queryBench.add(`in memory: queryMany (${MANY} per call)`, () => {
      memory.queryMany(queries);
    });
    const micros1 = serverMicros(cluster);
    await queryBench.run();
    // The two Redis tasks' queries, their one warm-up call included (tinybench does not count it in runs).
    const redisQueries = queryBench.tasks.slice(0, 2).reduce((sum, task, i) => sum + (task.runs + 1) * (i === 0 ? SINGLE : MANY), 0);
    const queryMicros = (serverMicros(cluster) - micros1) / redisQueries;
    const rows: ThroughputRow[] = [
      ...bench.tasks.map((task) => ({ task, itemsPerCall: BATCH })),
      ...queryBench.tasks.map((task, i) => ({ task, itemsPerCall: i % 2 === 0 ? SINGLE : MANY })),
    ];
    const memoryBytes = memory.stats().bytes / N;
    context.print(
      `### Redis Cluster (3 masters on this machine) beside the in-memory index: N = ${N.toLocaleString('en')}, k = 3\n\n` +
        `${throughputTable(rows, { itemLabel: 'fingerprints' })}\n\n` +
        `Bytes per fingerprint: Redis ${bytesPerFingerprint.toFixed(0)} (INFO used_memory of the 3 masters, after minus before); ` +
        `in memory ${memoryBytes.toFixed(0)} (index.stats().bytes).\n\n` +
        `Redis CPU (INFO commandstats, all masters): ${insertMicros.toFixed(1)} µs per fingerprint added, ${queryMicros.toFixed(1)} µs per query: ` +
        `one master core would sustain about ${Math.round(1e6 / insertMicros).toLocaleString('en')} inserts or ${Math.round(1e6 / queryMicros).toLocaleString('en')} queries a second.\n`,
    );
    await redis.close();
  } finally {
    await cluster.stop();
  }
}

export const suite: BenchSuite = { name: 'redis', run };
