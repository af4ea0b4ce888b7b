// A barrier on the shared index: each party says it has arrived, then waits until all have. What makes a
// distributed run order-independent: every shard adds its documents, all wait here, then every shard queries, so
// each query sees every document whichever shard was faster. A Redis set per phase; arriving twice counts once.
import type { Connection } from './connect.js';
import { RedisIndexError } from './errors.js';

export interface BarrierOptions {
  /** Give up after this long (default: one hour). */
  readonly timeoutMs?: number;
  /** Called about every 10 s while waiting, with how many have arrived. */
  readonly onWait?: (arrived: number, parties: number) => void;
}

export async function arriveAndWait(connection: Connection, key: string, party: string, parties: number, options: BarrierOptions = {}): Promise<void> {
  const { client } = connection;
  await client.sadd(key, party);
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? 3_600_000;
  let told = started;
  for (;;) {
    const arrived = await client.scard(key);
    if (arrived >= parties) return;
    const now = Date.now();
    if (now - started > timeoutMs) throw new RedisIndexError(`gave up waiting at the barrier ${key} after ${Math.round(timeoutMs / 1000)} s: ${arrived} of ${parties} arrived`);
    if (now - told >= 10_000) {
      told = now;
      options.onWait?.(arrived, parties);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
