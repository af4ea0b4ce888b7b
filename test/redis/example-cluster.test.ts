// examples/redis-cluster/start-local-cluster.sh, which docs/redis.md starts with, makes a cluster
// RedisSimHashIndex works on; the test stops exactly the three servers it started.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RedisSimHashIndex } from '../../packages/redis/src/index.js';
import { repo } from '../support/paths.js';
import { HAVE_REDIS } from './redis-test-support.js';

const free = (port: number) => new Promise<boolean>((resolve) => {
  const server = createServer().once('error', () => resolve(false));
  server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
});

async function freeBase(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    const ports = [0, 1, 2].flatMap((i) => [base + i, base + i + 10_000]);
    if ((await Promise.all(ports.map(free))).every(Boolean)) return base;
  }
}

describe.skipIf(!HAVE_REDIS)('examples/redis-cluster/start-local-cluster.sh', () => {
  it('starts a 3-master cluster the index works on', async () => {
    const base = await freeBase();
    const dir = mkdtempSync(join(tmpdir(), 'simhash-example-'));
    const ports = [base, base + 1, base + 2];
    try {
      const started = spawnSync('bash', [join(repo, 'examples/redis-cluster/start-local-cluster.sh')], { env: { ...process.env, BASE_PORT: String(base), DIR: join(dir, 'data') }, encoding: 'utf8', timeout: 60_000 });
      expect(started.status, started.stderr).toBe(0);
      expect(started.stdout.trim()).toBe(`Redis Cluster up: ${ports.map((p) => `127.0.0.1:${p}`).join(',')}`);
      const index = await RedisSimHashIndex.open({ nodes: [`127.0.0.1:${base}`], name: 'example', maxDistance: 3 });
      await index.addMany(BigUint64Array.of(0xf0f0n, 0xf0f1n), ['a', 'b']);
      expect(await index.query(0xf0f0n)).toEqual([{ id: 'a', distance: 0 }, { id: 'b', distance: 1 }]);
      await index.close();
    } finally {
      for (const port of ports) spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'nosave'], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
