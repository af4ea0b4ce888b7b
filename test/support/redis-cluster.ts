// A real Redis for the tests and the benchmark: redis-server processes this module starts itself, on free ports in a
// temporary directory, formed into a cluster with redis-cli, and stopped again: exactly the processes it started,
// never another. No persistence (a restarted master comes back empty, which is one of the faults under test).
// redis-server comes from the PATH (Debian's redis-server package; .ci/run installs it). Without it the Redis tests
// skip with one line; with SIMHASH_REQUIRE_REDIS=1 (set by .ci/run) a missing server fails the run instead.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const REDIS_MISSING = 'Redis tests skipped: no redis-server on PATH (apt-get install redis-server; SIMHASH_REQUIRE_REDIS=1 makes this a failure)';

/** True when redis-server and redis-cli run. Throws when they do not and SIMHASH_REQUIRE_REDIS=1 asks for them. */
export function redisAvailable(): boolean {
  const ok = ['redis-server', 'redis-cli'].every((bin) => spawnSync(bin, ['--version'], { stdio: 'ignore' }).status === 0);
  if (!ok && process.env.SIMHASH_REQUIRE_REDIS === '1') throw new Error(`SIMHASH_REQUIRE_REDIS=1 but ${REDIS_MISSING.split(': ')[1]}`);
  return ok;
}

export interface RedisNode {
  readonly port: number;
  readonly address: string;
  /** The running process, or null while stopped. */
  process: ChildProcess | null;
}

export interface RedisCluster {
  readonly nodes: RedisNode[];
  /** 'host:port' of every node: what RedisSimHashIndex.open takes. */
  readonly addresses: string[];
  readonly dir: string;
  /** Stops one node (SIGKILL: as a crash) and waits until its process is gone. */
  kill(node: RedisNode): Promise<void>;
  /** Starts a stopped node again on its port with its cluster config: it rejoins with its slots and no data. */
  restart(node: RedisNode): Promise<void>;
  /** Runs redis-cli against a node and returns its output. */
  cli(node: RedisNode, ...args: string[]): string;
  /** Waits until every running node reports cluster_state:ok. */
  waitHealthy(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** A port p such that p and p + 10000 (the cluster bus) are both free now. */
async function freePort(): Promise<number> {
  for (;;) {
    const port = await listenOnce(0);
    if (port + 10000 < 65536 && (await listenOnce(port + 10000).then(() => true, () => false))) return port;
  }
}

function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const chosen = (server.address() as { port: number }).port;
      server.close(() => resolve(chosen));
    });
  });
}

/** Every server this process started and has not seen exit: killed when the process exits, whatever the reason. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function startServer(dir: string, port: number, cluster: boolean, extra: readonly string[] = []): ChildProcess {
  const args = [...extra, '--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--protected-mode', 'no', '--logfile', join(dir, `redis-${port}.log`)];
  if (cluster) args.push('--cluster-enabled', 'yes', '--cluster-config-file', `nodes-${port}.conf`, '--cluster-node-timeout', '2000', '--cluster-require-full-coverage', 'yes');
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  child.on('error', () => {}); // a failed start shows as a node that never answers PING
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

function cliRun(port: number, args: string[]): string {
  const result = spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`redis-cli -p ${port} ${args.join(' ')}: ${result.stderr || result.stdout}`);
  return result.stdout;
}

async function waitFor(what: string, check: () => boolean, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (check()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stopProcess(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await gone;
}

/** Starts `masters` masters (and `replicasPerMaster` replicas each) as one cluster and waits until it is healthy. */
export async function startRedisCluster(options: { masters?: number; replicasPerMaster?: number } = {}): Promise<RedisCluster> {
  const masters = options.masters ?? 3;
  const replicas = options.replicasPerMaster ?? 0;
  const dir = mkdtempSync(join(tmpdir(), 'simhash-redis-'));
  const nodes: RedisNode[] = [];
  const cluster: RedisCluster = {
    nodes,
    get addresses() {
      return nodes.map((n) => n.address);
    },
    dir,
    async kill(node) {
      await stopProcess(node.process);
      node.process = null;
    },
    async restart(node) {
      node.process = startServer(dir, node.port, true);
      await waitFor(`redis on ${node.port}`, () => cliRun(node.port, ['PING']).includes('PONG'), 10_000);
    },
    cli: (node, ...args) => cliRun(node.port, args),
    async waitHealthy(timeoutMs = 20_000) {
      await waitFor('cluster_state:ok', () => nodes.every((n) => !n.process || cliRun(n.port, ['CLUSTER', 'INFO']).includes('cluster_state:ok')), timeoutMs);
    },
    async stop() {
      await Promise.all(nodes.map((n) => stopProcess(n.process)));
      for (const n of nodes) n.process = null;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    for (let i = 0; i < masters * (1 + replicas); i++) {
      const port = await freePort();
      nodes.push({ port, address: `127.0.0.1:${port}`, process: startServer(dir, port, true) });
    }
    for (const n of nodes) await waitFor(`redis on ${n.port}`, () => cliRun(n.port, ['PING']).includes('PONG'), 10_000);
    cliRun(nodes[0].port, ['--cluster', 'create', ...nodes.map((n) => n.address), '--cluster-replicas', String(replicas), '--cluster-yes']);
    await cluster.waitHealthy();
    // Every node must also agree on who owns every slot before a client maps them.
    await waitFor('slots known to every node', () => nodes.every((n) => /cluster_slots_ok:16384/.test(cliRun(n.port, ['CLUSTER', 'INFO']))), 20_000);
    return cluster;
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

export interface RedisServer {
  readonly address: string;
  readonly port: number;
  stop(): Promise<void>;
}

/** One plain (non-cluster) redis-server; with `password`, clients must AUTH (requirepass). */
export async function startRedisServer(options: { password?: string } = {}): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'simhash-redis-'));
  const port = await freePort();
  const child = startServer(dir, port, false, options.password === undefined ? [] : ['--requirepass', options.password]);
  const stop = async () => {
    await stopProcess(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const auth = options.password === undefined ? [] : ['--no-auth-warning', '-a', options.password];
    await waitFor(`redis on ${port}`, () => cliRun(port, [...auth, 'PING']).includes('PONG'), 10_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { address: `127.0.0.1:${port}`, port, stop };
}
