// Queries: read the table keys of each query fingerprint (a key shared by several queries of a batch is read once),
// keep the records within k, one answer per id. Each match is verified by its full 64-bit distance, so a table
// key only has to hold every fingerprint that might be near, never only those that are.
import { popcount32 } from 'simhash-wasm/internal';
import { forEachRecord } from './records.js';
import { tableKeys, type IndexContext } from './context.js';

export interface RedisMatch {
  /** The id given to addMany. */
  readonly id: string;
  readonly distance: number;
}

export async function lookup(context: IndexContext, fingerprints: readonly bigint[], k: number): Promise<RedisMatch[][]> {
  const { connection } = context;
  const reads = new Map<string, Promise<Buffer | null>>();
  const keysOf = fingerprints.map((fp) => {
    const keys = tableKeys(context, fp);
    for (const key of keys) if (!reads.has(key)) reads.set(key, connection.send<Buffer | null>(key, 'getBuffer', key));
    return keys;
  });
  await Promise.all([context.markers.check(reads.keys()), ...reads.values()]);
  const answers: RedisMatch[][] = [];
  for (let q = 0; q < fingerprints.length; q++) {
    const qh = Number(fingerprints[q] >> 32n) >>> 0;
    const ql = Number(fingerprints[q] & 0xffffffffn) >>> 0;
    const best = new Map<string, number>();
    for (const key of keysOf[q]) {
      const value = await reads.get(key)!;
      if (value === null) continue;
      forEachRecord(value, (hi, lo, idStart, idEnd) => {
        const d = popcount32(hi ^ qh) + popcount32(lo ^ ql);
        if (d > k) return;
        const id = value.toString('utf8', idStart, idEnd);
        const seen = best.get(id);
        if (seen === undefined || d < seen) best.set(id, d);
      });
    }
    answers.push([...best].map(([id, distance]) => ({ id, distance })).sort(byDistanceThenId));
  }
  return answers;
}

function byDistanceThenId(a: RedisMatch, b: RedisMatch): number {
  return a.distance - b.distance || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
