// RedisSimHashIndex under the faults a shared index meets, on a real cluster and real processes: writers at once,
// a writer killed mid-batch, slots migrating under queries and writes, a master that comes back empty.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisIndexDataLostError, RedisSimHashIndex } from '../../packages/redis/src/index.js';
import { startRedisCluster, type RedisCluster } from '../support/redis-cluster.js';
import { makeData, makeQueries, type Entry } from '../support/index-oracle.js';
import { XorShift32 } from '../support/random.js';
import { expected, fingerprintOf, HAVE_REDIS, idOf } from './redis-test-support.js';

const VERSION = 'test-pipeline-1';
const WRITER = join(import.meta.dirname, 'writer-process.ts');

function startWriter(options: Record<string, unknown>): { child: ChildProcess; exited: Promise<number | null>; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

const fingerprintsOf = (start: number, count: number) => BigUint64Array.from({ length: count }, (_, i) => fingerprintOf(start + i));

describe.skipIf(!HAVE_REDIS)('RedisSimHashIndex under faults (real cluster, real processes)', () => {
  let cluster: RedisCluster;
  beforeAll(async () => {
    cluster = await startRedisCluster();
  });
  afterAll(async () => {
    await cluster?.stop();
  });
  const open = (name: string) => RedisSimHashIndex.open({ nodes: cluster.addresses, name, maxDistance: 3, pipelineVersion: VERSION });

  it('4 writer processes adding at once lose no record', async () => {
    (await open('writers')).close();
    const writers = [0, 1, 2, 3].map((w) => startWriter({ nodes: cluster.addresses, name: 'writers', start: w * 5_000, count: 5_000, batch: 500 }));
    const codes = await Promise.all(writers.map((w) => w.exited));
    expect(codes, writers.map((w) => w.output()).join('\n')).toEqual([0, 0, 0, 0]);
    const index = await open('writers');
    try {
      expect(await index.size()).toBe(20_000);
      const answers = await index.queryMany(fingerprintsOf(0, 20_000), 0);
      const missing = answers.flatMap((a, i) => (a.some((m) => m.id === idOf(i)) ? [] : [i]));
      expect(missing).toEqual([]);
    } finally {
      await index.close();
    }
  }, 120_000);

  it('a writer killed mid-batch leaves the index incomplete; recover() completes it', async () => {
    const n = 60_000;
    const index = await open('killed');
    try {
      const writer = startWriter({ nodes: cluster.addresses, name: 'killed', start: 0, count: n, batch: n, batchSize: n });
      // The batch is written a round of ids at a time (src/rounds.ts), each round's ids claimed before their records
      // are appended: once size() says half the ids are claimed, the writer is mid-batch, with rounds still to come.
      while ((await index.size()) < n / 2) {
        if (writer.child.exitCode !== null) throw new Error(`the writer ended before it was killed: ${writer.output()}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      writer.child.kill('SIGKILL');
      await writer.exited;
      const found = (answers: { id: string }[][]) => answers.filter((a, i) => a.some((m) => m.id === idOf(i))).length;
      const before = found(await index.queryMany(fingerprintsOf(0, n), 0));
      expect(before).toBeLessThan(n);
      expect(await index.recover()).toBe(1);
      expect(found(await index.queryMany(fingerprintsOf(0, n), 0))).toBe(n);
      expect(await index.size()).toBe(n);
      expect(await index.recover()).toBe(0);
    } finally {
      await index.close();
    }
  }, 120_000);

  it('queries and writes stay exact while slots migrate between masters', async () => {
    const rng = new XorShift32(77);
    const data = makeData(rng, 'clustered', 20_000, 3, 3_000);
    const entries: Entry[] = data.map((fp, id) => ({ id, fp }));
    const index = await open('migrate');
    try {
      await index.addMany(BigUint64Array.from(data), data.map((_, i) => idOf(i)));
      const [from, to] = [cluster.nodes[0], cluster.nodes[1]].map((n) => cluster.cli(n, 'CLUSTER', 'MYID').trim());
      const reshard = spawn('redis-cli', ['--cluster', 'reshard', cluster.addresses[0], '--cluster-from', from, '--cluster-to', to, '--cluster-slots', '3000', '--cluster-yes', '--cluster-pipeline', '20'], { stdio: 'ignore' });
      const done = new Promise<number | null>((resolve) => reshard.once('exit', resolve));
      let running = true;
      void done.then(() => (running = false));
      let rounds = 0;
      let next = data.length;
      while (running || rounds < 2) {
        const added = makeData(rng, 'clustered', 100, 3, 20).map((fp) => ({ id: next++, fp }));
        await index.addMany(BigUint64Array.from(added, (e) => e.fp), added.map((e) => idOf(e.id)));
        entries.push(...added);
        const queries = makeQueries(rng, entries.map((e) => e.fp), 200, 3);
        const answers = await index.queryMany(BigUint64Array.from(queries));
        queries.forEach((q, i) => expect(answers[i], `round ${rounds} query ${i}`).toEqual(expected(entries, q, 3)));
        if (running) rounds++;
        else break;
      }
      expect(await done).toBe(0);
      expect(rounds).toBeGreaterThanOrEqual(2);
      const slotsOwned = cluster.cli(cluster.nodes[1], 'CLUSTER', 'NODES');
      expect(slotsOwned).toMatch(new RegExp(`^${to} .* 0-\\d+`, 'm'));
      const all = await index.queryMany(BigUint64Array.from(entries, (e) => e.fp), 0);
      expect(all.filter((a, i) => !a.some((m) => m.id === idOf(entries[i].id))).length).toBe(0);
    } finally {
      await index.close();
    }
  }, 120_000);

  // Last: it leaves the cluster with a master that lost its data.
  it('a master restarted empty: errors while it is down and after, naming the node; never a wrong answer', async () => {
    const index = await open('restart');
    try {
      const fps = fingerprintsOf(0, 3_000);
      await index.addMany(fps, Array.from(fps, (_, i) => idOf(i)));
      const victim = cluster.nodes[2];
      await cluster.kill(victim);
      const started = Date.now();
      await expect(index.queryMany(fps, 0)).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(15_000);
      await cluster.restart(victim);
      await cluster.waitHealthy();
      const error = await index.queryMany(fps, 0).then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(RedisIndexDataLostError);
      expect((error as Error).message).toContain(victim.address);
      // A batch whose keys reach every master (one fingerprint's five keys may all miss the restarted one).
      const late = fingerprintsOf(10_000, 100);
      await expect(index.addMany(late, Array.from(late, (_, i) => `late-${i}`))).rejects.toThrow(RedisIndexDataLostError);
    } finally {
      await index.close();
    }
  }, 120_000);
});
