// The one place that makes an ioredis client: a Cluster client, or a plain one for a single server, with a bounded
// retry policy. Unbounded, ioredis retries a down master for about a second, then throws "Too many Cluster
// redirections" and prints "Unhandled error event" for every reconnect attempt: here errors reach the caller as
// rejected promises within a few hundred milliseconds, and the client's own 'error' events are kept, not printed.
// ioredis loads on the first connection (about 40 ms of imports): `simhash` commands that use no Redis never pay it.
import type { Cluster, Redis, RedisOptions } from 'ioredis';
import type { ConnectionOptions as TlsOptions } from 'node:tls';
import { RedisIndexError } from './errors.js';
import { MasterPipelines } from './master-pipelines.js';
import { defineScripts } from './scripts.js';

export interface RedisConnectionOptions {
  /** 'host:port' of one or more nodes (of a cluster: any of its masters; the client discovers the rest). */
  readonly nodes: readonly string[];
  /** 'auto' (default) asks the first node whether cluster mode is on. */
  readonly mode?: 'auto' | 'cluster' | 'single';
  readonly username?: string;
  readonly password?: string;
  /** TLS options for node:tls (certificates, servername, ...); given, connections use TLS. */
  readonly tls?: TlsOptions;
  /** A command that takes longer fails with an error (default 10,000 ms). */
  readonly commandTimeoutMs?: number;
}

/** What the index needs of either client (ioredis's Redis and Cluster share these commands). */
export type RedisClient = Redis | Cluster;

export interface Connection {
  /** For commands that are not on the hot path (metadata, journal, drop): redirections handled by ioredis. */
  readonly client: RedisClient;
  readonly cluster: boolean;
  /** Sends a command on `key` in the tick's pipeline to the key's master (master-pipelines.ts). */
  send<T>(key: string, method: string, ...args: unknown[]): Promise<T>;
  close(): Promise<void>;
  /** The last 'error' event the client emitted (connection trouble), for error messages. */
  lastError(): Error | null;
}

export function parseNode(address: string): { host: string; port: number } {
  const match = typeof address === 'string' ? /^(.+):(\d{1,5})$/.exec(address) : null;
  const port = match ? Number(match[2]) : NaN;
  if (!match || port < 1 || port > 65535) throw new RangeError(`nodes: expected 'host:port' strings, got ${JSON.stringify(address)}`);
  return { host: match[1].replace(/^\[(.*)\]$/, '$1'), port };
}

function retry(times: number): number | null {
  return times <= 3 ? 100 * times : null;
}

export async function connect(options: RedisConnectionOptions): Promise<Connection> {
  if (!Array.isArray(options.nodes) || options.nodes.length === 0) throw new TypeError('nodes: expected a non-empty array of \'host:port\' strings');
  const nodes = options.nodes.map(parseNode);
  const mode = options.mode ?? 'auto';
  if (mode !== 'auto' && mode !== 'cluster' && mode !== 'single') throw new RangeError(`mode: expected 'auto', 'cluster' or 'single', got ${String(mode)}`);
  const redisOptions: RedisOptions = {
    username: options.username,
    password: options.password,
    tls: options.tls,
    commandTimeout: options.commandTimeoutMs ?? 10_000,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 2,
    retryStrategy: retry,
    lazyConnect: true,
  };
  const ioredis = await import('ioredis');
  const cluster = mode === 'cluster' || (mode === 'auto' && (await clusterEnabled(ioredis.Redis, nodes[0], redisOptions)));
  let last: Error | null = null;
  const client: RedisClient = cluster
    ? new ioredis.Cluster(nodes, {
        redisOptions: { ...redisOptions, lazyConnect: false },
        clusterRetryStrategy: retry,
        maxRedirections: 16,
        retryDelayOnFailover: 100,
        retryDelayOnClusterDown: 100,
        retryDelayOnTryAgain: 100,
        slotsRefreshTimeout: 2_000,
        enableOfflineQueue: true,
        lazyConnect: true,
      })
    : new ioredis.Redis({ ...nodes[0], ...redisOptions });
  client.on('error', (error: Error) => {
    last = error;
  });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    const why = last ?? (error as Error);
    throw new RedisIndexError(`cannot connect to Redis at ${options.nodes.join(', ')}: ${why.message}`, { cause: why });
  }
  const pipelines = new MasterPipelines(client, cluster, defineScripts);
  return {
    client,
    cluster,
    lastError: () => last,
    send: (key, method, ...args) => pipelines.send(key, method, args),
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

async function clusterEnabled(Client: typeof Redis, node: { host: string; port: number }, options: RedisOptions): Promise<boolean> {
  const probe = new Client({ ...node, ...options, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // The reason (a refused password, say) comes as an 'error' event; the promise only says the connection closed.
  let reason: Error | null = null;
  probe.on('error', (error: Error) => {
    reason ??= error;
  });
  try {
    await probe.connect();
    return /cluster_enabled:1/.test(await probe.info('cluster'));
  } catch (error) {
    const why = reason ?? (error as Error);
    throw new RedisIndexError(`cannot connect to Redis at ${node.host}:${node.port}: ${why.message}`, { cause: why });
  } finally {
    probe.disconnect();
  }
}
