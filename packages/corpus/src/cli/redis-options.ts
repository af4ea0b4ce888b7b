// --redis and --name: the shared index on Redis instead of an index file (`index build|query`, `dedupe --shard`).
// Whatever goes wrong talking to Redis (unreachable, a timeout, a node that lost its data) ends the command with
// one line and exit code 6; another k or pipeline version than the index's is a usage error (2), as for files.
import { InvalidArgumentError, Option } from 'commander';
import { parseNode, RedisIndexError, RedisSimHashIndex, type RedisIndexOptions } from 'simhash-wasm-redis';
import { UsageError } from './context.js';

export interface RedisFlags {
  redis?: string[];
  name?: string;
}

/** The shared index could not be used; the message says why. Exit code 6. */
export class RedisFailure extends Error {
  override name = 'RedisFailure';
}

/** `created`: whether the verb creates the index when it is absent (index remove does not). */
export function redisOptions(created = true): Option[] {
  return [
    new Option('--redis <nodes>', "use the shared index on Redis: comma-separated host:port of Redis Cluster masters (any one is enough) or of one Redis server").argParser(parseNodes),
    new Option('--name <name>', `the index on Redis (letters, digits, ".", "_", "-")${created ? '; created when absent' : ''}`).argParser(parseName),
  ];
}

function parseNodes(value: string): string[] {
  const nodes = value.split(',').map((s) => s.trim()).filter(Boolean);
  try {
    if (nodes.length === 0) throw new RangeError('no node given');
    nodes.forEach(parseNode);
  } catch {
    throw new InvalidArgumentError(`--redis takes host:port[,host:port...], got ${JSON.stringify(value)}.`);
  }
  return nodes;
}

function parseName(value: string): string {
  if (!/^[A-Za-z0-9._-]{1,200}$/.test(value)) throw new InvalidArgumentError('--name takes 1 to 200 letters, digits, ".", "_" or "-".');
  return value;
}

/** Opens the index named by --redis and --name; argument errors as usage errors, the rest as RedisFailure. */
export async function openRedisIndex(flags: RedisFlags, options: Omit<RedisIndexOptions, 'nodes' | 'name'>): Promise<RedisSimHashIndex> {
  if (!flags.redis || !flags.name) throw new UsageError('--redis needs --name (and --name needs --redis): which index on which servers');
  try {
    return await RedisSimHashIndex.open({ ...options, nodes: flags.redis, name: flags.name });
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) throw new UsageError(`--name ${flags.name}: ${error.message}`);
    throw error instanceof RedisIndexError ? asRedisFailure(error, flags) : error;
  }
}

/** Runs work against Redis: a failure of Redis itself (RedisIndexError) becomes RedisFailure (exit 6); others pass. */
export async function talkingToRedis<T>(flags: RedisFlags, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof RedisIndexError ? asRedisFailure(error, flags) : error;
  }
}

function asRedisFailure(error: unknown, flags: RedisFlags): RedisFailure {
  const message = error instanceof Error ? error.message : String(error);
  return new RedisFailure(`Redis index ${flags.name} at ${flags.redis?.join(',')}: ${message}`);
}
