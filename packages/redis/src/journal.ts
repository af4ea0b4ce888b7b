// The write-ahead journal. A batch writes to many keys on many masters; a writer that dies (or times out) half way
// leaves some tables with a fingerprint and others without, and later queries would silently miss it. So a batch is
// written to the journal (one hash field per batch) before any table key, and its field is deleted only after every
// write succeeded. recover() replays what the journal still holds: the writes are idempotent (scripts.ts), so a
// replay completes the batch whether it stopped at its first key or its last, or never stopped (a live writer's
// batch replayed by another process ends the same).
import { randomBytes } from 'node:crypto';
import type { RedisClient } from './connect.js';

export type JournalEntry =
  | { readonly op: 'add'; readonly fingerprints: readonly string[]; readonly ids: readonly string[] }
  | { readonly op: 'remove'; readonly id: string; readonly fingerprints: readonly string[] };

export class Journal {
  private readonly writer = randomBytes(6).toString('hex');
  private sequence = 0;

  constructor(private readonly client: RedisClient, private readonly key: string) {}

  /** Records the batch; returns its field, to be passed to done() once every write has succeeded. */
  async begin(entry: JournalEntry): Promise<string> {
    const field = `${this.writer}:${++this.sequence}`;
    await this.client.hset(this.key, field, JSON.stringify(entry));
    return field;
  }

  async done(field: string): Promise<void> {
    await this.client.hdel(this.key, field);
  }

  /** Every unfinished batch of every writer, by field. */
  async pending(): Promise<Map<string, JournalEntry>> {
    const all = await this.client.hgetall(this.key);
    return new Map(Object.entries(all).map(([field, json]) => [field, JSON.parse(json) as JournalEntry]));
  }
}

/** Fingerprints travel through the journal as 16 hex digits (JSON has no 64-bit integers). */
export function fingerprintToHex(fp: bigint): string {
  return fp.toString(16).padStart(16, '0');
}

export function fingerprintFromHex(hex: string): bigint {
  return BigInt(`0x${hex}`);
}
