// A Redis master that restarts without persistence rejoins the cluster with its slots and none of their keys: the
// tables on it are silently empty, and a query would miss every match stored there. So every slot gets a marker key
// when the index is created, and every batch checks, on each master it touches, the marker of one slot it reads or
// writes there. A missing marker is an error naming the node; the index never answers from a node that lost data.
import type { Cluster } from 'ioredis';
import type { Connection } from './connect.js';
import { RedisIndexDataLostError } from './errors.js';
import { keySlot, SLOTS, type IndexKeys } from './keys.js';

export class SlotMarkers {
  constructor(private readonly connection: Connection, private readonly keys: IndexKeys) {}

  /** Writes every marker (16,384 in a cluster, one on a single server). */
  async write(): Promise<void> {
    const { connection } = this;
    if (!connection.cluster) {
      await connection.send(this.keys.marker(-1), 'set', this.keys.marker(-1), '1');
      return;
    }
    const writes: Promise<unknown>[] = [];
    for (let slot = 0; slot < SLOTS; slot++) writes.push(connection.send(this.keys.marker(slot), 'set', this.keys.marker(slot), '1'));
    await Promise.all(writes);
  }

  /**
   * Checks, for every master that owns one of these keys' slots, the marker of one such slot. Resolves when all are
   * present; rejects naming the node and slot otherwise. Run it beside the batch's own commands, and trust the
   * batch's answers only when it resolves.
   */
  async check(keys: Iterable<string>): Promise<void> {
    const { connection } = this;
    if (!connection.cluster) {
      if ((await connection.send(this.keys.marker(-1), 'exists', this.keys.marker(-1))) !== 1) throw lostData('the Redis server', -1);
      return;
    }
    const owners = (connection.client as Cluster).slots;
    const slotOfMaster = new Map<string, number>();
    for (const key of keys) {
      const slot = keySlot(key);
      const master = owners[slot]?.[0] ?? `slot ${slot}`;
      if (!slotOfMaster.has(master)) slotOfMaster.set(master, slot);
    }
    await Promise.all(
      [...slotOfMaster].map(async ([master, slot]) => {
        if ((await connection.send(this.keys.marker(slot), 'exists', this.keys.marker(slot))) !== 1) throw lostData(`Redis node ${master}`, slot);
      }),
    );
  }
}

function lostData(node: string, slot: number): RedisIndexDataLostError {
  const where = slot < 0 ? '' : ` (slot ${slot})`;
  return new RedisIndexDataLostError(
    `${node} has lost this index's data${where}: its marker key is missing, as after a restart without persistence. ` +
      'Refusing to answer from an incomplete index; drop and rebuild it (or restore the node from a backup).',
  );
}
