// Dropping an index: the metadata key goes first, so the index is gone at once for everyone (a later open creates a
// new generation and never sees the old keys); then every master is scanned for the old generation's keys.
import type { Cluster, Redis } from 'ioredis';
import type { Connection } from './connect.js';
import { IndexKeys, metaKey } from './keys.js';
import { readMetadata } from './metadata.js';

export async function dropIndex(connection: Connection, name: string): Promise<boolean> {
  const { client } = connection;
  const meta = await readMetadata(client, name);
  if (meta === null) return false;
  await client.del(metaKey(name));
  const pattern = new IndexKeys(name, meta.generation).pattern;
  const nodes: Redis[] = connection.cluster ? (client as Cluster).nodes('master') : [client as Redis];
  await Promise.all(nodes.map((node) => unlinkMatching(node, pattern)));
  return true;
}

async function unlinkMatching(node: Redis, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    // Keys of one SCAN page may sit in many slots: one UNLINK each (a multi-key UNLINK must stay in one slot).
    await Promise.all(keys.map((key) => node.unlink(key)));
  } while (cursor !== '0');
}
