// SimHashIndex's ideas on Redis: the same block tables (src/block-index/plan), one Redis string per (table, key
// bits) holding its fingerprints' records, so a query reads k + 1 keys (pigeonhole) and verifies what they hold.
// Shared by every process that opens the same name, and it outlives them. What keeps it exact under faults:
// idempotent writes and a write-ahead journal (journal.ts, writes.ts), slot markers (slot-markers.ts), a bounded
// retry policy (connect.ts). Concurrency: a batch becomes visible key by key; a query running beside an addMany
// may see part of it, and two writers adding near-duplicates at once may each find no match. For answers that do
// not depend on timing, add everything first, then query (the command line's sharded dedupe does so).
import { assertFingerprint, describe } from 'simhash-wasm/internal';
import { DEFAULT_HASHER_VERSION } from 'simhash-wasm/internal';
import { binomial, makeLayout, MAX_TABLES } from 'simhash-wasm/internal';
import { checkBigUint64Array, checkDistance, checkVersion } from 'simhash-wasm/internal';
import { defineCommands } from './commands.js';
import { connect, type Connection, type RedisConnectionOptions } from './connect.js';
import type { IndexContext } from './context.js';
import { fingerprintFromHex, fingerprintToHex, Journal } from './journal.js';
import { ID_GROUPS, IndexKeys } from './keys.js';
import { checkMetadata, createMetadata, newMetadata, readMetadata, type IndexMetadata } from './metadata.js';
import { lookup, type RedisMatch } from './reads.js';
import { MAX_ID_BYTES } from './records.js';
import { SlotMarkers } from './slot-markers.js';
import { RedisIndexError } from './errors.js';
import { arriveAndWait, type BarrierOptions } from './barrier.js';
import { splitFingerprints, writeAdds, writeRemove } from './writes.js';
import { dropIndex } from './drop.js';
import { eachRound, ITEMS_PER_ROUND } from './rounds.js';
import { deletePayloads, readPayloads, writePayloads } from './payloads.js';

export interface RedisIndexOptions extends RedisConnectionOptions {
  /** The index's name: letters, digits, '.', '_', '-' (it prefixes every key). */
  readonly name: string;
  /** k, fixed when the index is created (default 3). Opening an existing index: must match it, or be left out. */
  readonly maxDistance?: number;
  /** Blocks of the table layout when creating (default maxDistance + 1, pigeonhole: k + 1 tables). */
  readonly blocks?: number;
  /** The pipeline version of the fingerprints (`hasher.version`); must match the index's. */
  readonly pipelineVersion?: string;
  /**
   * Open the index whatever pipeline version it holds (pipelineVersion is then ignored): for work that compares no
   * fingerprints, such as removing ids. Default false.
   */
  readonly acceptAnyPipelineVersion?: boolean;
  /** Create the index when there is none (default true); false refuses (RangeError) a name that holds no index. */
  readonly create?: boolean;
  /** Fingerprints per journaled batch in addMany (default 10,000). */
  readonly batchSize?: number;
}

const NAME = /^[A-Za-z0-9._-]{1,200}$/;

interface OpenSettings {
  readonly k: number;
  readonly blocks: number;
  /** As asked for: undefined accepts the index's own k. */
  readonly maxDistance: number | undefined;
  readonly pipelineVersion: string;
  /** Accept the index's own pipeline version, whatever it is. */
  readonly anyVersion: boolean;
  readonly create: boolean;
  readonly batchSize: number;
}

export class RedisSimHashIndex {
  private closed = false;

  private constructor(
    private readonly context: IndexContext,
    private readonly journal: Journal,
    private readonly meta: IndexMetadata,
    private readonly batchSize: number,
  ) {}

  /** Opens the index `name`, creating it when absent. Refuses one made with another k or pipeline version. */
  static async open(options: RedisIndexOptions): Promise<RedisSimHashIndex> {
    if (typeof options !== 'object' || options === null) throw new TypeError(`options: expected an object, got ${describe(options)}`);
    const name = checkName(options.name);
    const maxDistance = options.maxDistance === undefined ? undefined : checkDistance(options.maxDistance, 'maxDistance', 63);
    const pipelineVersion = checkVersion(options.pipelineVersion ?? DEFAULT_HASHER_VERSION);
    const batchSize = options.batchSize === undefined ? 10_000 : checkPositive(options.batchSize, 'batchSize');
    const anyVersion = checkBoolean(options.acceptAnyPipelineVersion ?? false, 'acceptAnyPipelineVersion');
    const create = checkBoolean(options.create ?? true, 'create');
    const k = maxDistance ?? 3;
    const blocks = options.blocks === undefined ? k + 1 : checkBlocks(options.blocks, k);
    const connection = await connect(options);
    try {
      return await redisErrors(() => RedisSimHashIndex.openOn(connection, name, { k, blocks, maxDistance, pipelineVersion, batchSize, anyVersion, create }));
    } catch (error) {
      await connection.close();
      throw error;
    }
  }

  /** Reads the metadata (creating the index when there is none: markers first, then the metadata, SET NX). */
  private static async openOn(connection: Connection, name: string, wanted: OpenSettings): Promise<RedisSimHashIndex> {
    let meta = await readMetadata(connection.client, name);
    if (meta === null) {
      if (!wanted.create) throw new RangeError(`name: there is no index '${name}' on Redis`);
      const fresh = newMetadata(wanted.k, wanted.blocks, wanted.pipelineVersion);
      await new SlotMarkers(connection, new IndexKeys(name, fresh.generation)).write();
      meta = await createMetadata(connection.client, name, fresh);
    }
    checkMetadata(name, meta, wanted.maxDistance, wanted.anyVersion ? undefined : wanted.pipelineVersion);
    const keys = new IndexKeys(name, meta.generation);
    const context: IndexContext = {
      connection,
      layout: makeLayout(meta.maxDistance, meta.blocks, false),
      keys,
      commands: defineCommands(connection),
      markers: new SlotMarkers(connection, keys),
    };
    return new RedisSimHashIndex(context, new Journal(connection.client, keys.journal), meta, wanted.batchSize);
  }

  /** Deletes the index `name` and every key it holds; false if there was none. */
  static async drop(options: RedisConnectionOptions & { readonly name: string }): Promise<boolean> {
    const name = checkName(options.name);
    const connection = await connect(options);
    try {
      return await redisErrors(() => dropIndex(connection, name));
    } finally {
      await connection.close();
    }
  }

  get name(): string {
    return this.context.keys.name;
  }

  get maxDistance(): number {
    return this.meta.maxDistance;
  }

  get pipelineVersion(): string {
    return this.meta.pipelineVersion;
  }

  /** Tables a fingerprint is written to (k + 1 for pigeonhole). */
  get tables(): number {
    return this.context.layout.public.tables;
  }

  /**
   * Adds fingerprints under the caller's ids. An id already present gets the new fingerprint (its old records are
   * removed). Resolves when every write succeeded; if it rejects, the batch is in the journal and recover() ends it.
   */
  async addMany(fingerprints: BigUint64Array, ids: readonly string[]): Promise<void> {
    this.checkOpen();
    checkBigUint64Array(fingerprints, 'fingerprints');
    checkIds(ids, fingerprints.length);
    // A journaled batch (batchSize) at a time; writeAdds sends each batch's writes in rounds of its own.
    await redisErrors(() =>
      eachRound(ids.length, async (start, end) => {
        const fps = Array.from(fingerprints.subarray(start, end));
        const batchIds = ids.slice(start, end);
        const field = await this.journal.begin({ op: 'add', fingerprints: fps.map(fingerprintToHex), ids: batchIds });
        await writeAdds(this.context, fps, batchIds);
        await deletePayloads(this.context, batchIds); // a payload described the fingerprint it replaced
        await this.journal.done(field);
      }, this.batchSize),
    );
  }

  /**
   * Stores a value beside each id (the command line keeps a document's MinHash sketch there), for the fingerprint the
   * id has now: adding the id again, or removing it, removes its payload. Resolves, per id, whether it was in the
   * index (no payload is stored for an id that is not).
   */
  async setPayloads(ids: readonly string[], payloads: readonly Uint8Array[]): Promise<boolean[]> {
    this.checkOpen();
    checkIds(ids, Array.isArray(payloads) ? payloads.length : 0);
    if (!Array.isArray(payloads) || !payloads.every((p) => p instanceof Uint8Array)) throw new TypeError(`payloads: expected an array of Uint8Array, got ${describe(payloads)}`);
    return redisErrors(() => writePayloads(this.context, ids, payloads));
  }

  /** The payload of each id, or null where none is stored for its fingerprint (never set, the id added again since, or removed). */
  async payloads(ids: readonly string[]): Promise<(Uint8Array | null)[]> {
    this.checkOpen();
    checkIds(ids, Array.isArray(ids) ? ids.length : 0);
    return redisErrors(() => readPayloads(this.context, ids));
  }

  /** Every stored id within maxDistance (default: the index's k) of the fingerprint, by distance then id. */
  async query(fingerprint: bigint, maxDistance?: number): Promise<RedisMatch[]> {
    this.checkOpen();
    assertFingerprint(fingerprint, 'fingerprint');
    const k = this.distance(maxDistance);
    return redisErrors(async () => (await lookup(this.context, [fingerprint], k))[0]);
  }

  /** query() for each fingerprint, a round at a time (rounds.ts), each round's reads pipelined to every master at once. */
  async queryMany(fingerprints: BigUint64Array, maxDistance?: number): Promise<RedisMatch[][]> {
    this.checkOpen();
    checkBigUint64Array(fingerprints, 'fingerprints');
    const k = this.distance(maxDistance);
    return redisErrors(async () => {
      const answers: RedisMatch[][] = [];
      await eachRound(fingerprints.length, async (start, end) => void answers.push(...(await lookup(this.context, Array.from(fingerprints.subarray(start, end)), k))));
      return answers;
    });
  }

  /** Removes the id; false if it was not in the index. */
  async remove(id: string): Promise<boolean> {
    this.checkOpen();
    checkIds([id], 1, 'id');
    return redisErrors(() => this.removeOne(id));
  }

  /**
   * remove() for each id (a takedown list), a round at a time (batchSize, if smaller: rounds.ts), each round's
   * removals sent together; per id, true if it was in the index. Each id's removal is journaled on its own, so
   * recover() ends any a crash cut short.
   */
  async removeMany(ids: readonly string[]): Promise<boolean[]> {
    this.checkOpen();
    checkIds(ids, Array.isArray(ids) ? ids.length : 0);
    const size = Math.min(this.batchSize, ITEMS_PER_ROUND);
    return redisErrors(async () => {
      const removed: boolean[] = [];
      await eachRound(ids.length, async (start, end) => void removed.push(...(await Promise.all(ids.slice(start, end).map((id) => this.removeOne(id))))), size);
      return removed;
    });
  }

  /** Number of ids in the index. */
  async size(): Promise<number> {
    this.checkOpen();
    const { connection, keys } = this.context;
    const counts = await redisErrors(() => Promise.all(Array.from({ length: ID_GROUPS }, (_, g) => connection.send<number>(keys.groupKey(g), 'hlen', keys.groupKey(g)))));
    return counts.reduce((sum, c) => sum + c, 0);
  }

  /** Completes every batch a writer left unfinished (a crash, a timeout); returns how many there were. */
  async recover(): Promise<number> {
    this.checkOpen();
    return redisErrors(async () => {
      const pending = await this.journal.pending();
      for (const [field, entry] of pending) {
        if (entry.op === 'add') await writeAdds(this.context, entry.fingerprints.map(fingerprintFromHex), entry.ids);
        else await writeRemove(this.context, entry.id, entry.fingerprints.map(fingerprintFromHex));
        await deletePayloads(this.context, entry.op === 'add' ? entry.ids : [entry.id]);
        await this.journal.done(field);
      }
      return pending.size;
    });
  }

  /**
   * Waits until `parties` distinct parties (this one named `party`) have arrived at `phase` of this index: e.g.
   * every shard of a run has added its documents before any queries. Rejects after options.timeoutMs.
   */
  async arriveAndWait(phase: string, party: string, parties: number, options?: BarrierOptions): Promise<void> {
    this.checkOpen();
    if (typeof phase !== 'string' || phase.length === 0) throw new TypeError(`phase: expected a non-empty string, got ${describe(phase)}`);
    if (typeof party !== 'string') throw new TypeError(`party: expected a string, got ${describe(party)}`);
    checkPositive(parties, 'parties');
    await redisErrors(() => arriveAndWait(this.context.connection, this.context.keys.barrier(phase), party, parties, options));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.context.connection.close();
  }

  /** One id's removal: its fingerprints read, the removal journaled, its records and the id removed. */
  private async removeOne(id: string): Promise<boolean> {
    const { keys, connection } = this.context;
    const group = keys.idGroupKey(id);
    const fps = splitFingerprints(await connection.send<Buffer | null>(group, 'hgetBuffer', group, id));
    if (fps.length === 0) return false;
    const field = await this.journal.begin({ op: 'remove', id, fingerprints: fps.map(fingerprintToHex) });
    const removed = await writeRemove(this.context, id, fps);
    await deletePayloads(this.context, [id]);
    await this.journal.done(field);
    return removed;
  }

  private distance(maxDistance: number | undefined): number {
    return maxDistance === undefined ? this.meta.maxDistance : checkDistance(maxDistance, 'maxDistance', this.meta.maxDistance);
  }

  private checkOpen(): void {
    if (this.closed) throw new Error(`the index '${this.name}' is closed`);
  }
}

/**
 * Runs work that talks to Redis: a failure of Redis (a connection lost, a timeout, a reply error) reaches the caller
 * as a RedisIndexError with the client's message and the original as its cause, so callers can tell "Redis could
 * not answer" from a mistake in their arguments (TypeError, RangeError, thrown before any work).
 */
async function redisErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RedisIndexError || error instanceof TypeError || error instanceof RangeError) throw error;
    throw new RedisIndexError(`Redis failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

function checkName(name: unknown): string {
  if (typeof name !== 'string' || !NAME.test(name)) throw new TypeError(`name: expected 1 to 200 letters, digits, '.', '_' or '-', got ${describe(name)}`);
  return name;
}

function checkPositive(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new RangeError(`${name}: expected a positive integer, got ${describe(value)}`);
  return value;
}

function checkBoolean(value: unknown, name: string): boolean {
  if (typeof value !== 'boolean') throw new TypeError(`${name}: expected true or false, got ${describe(value)}`);
  return value;
}

function checkBlocks(blocks: unknown, k: number): number {
  if (typeof blocks !== 'number' || !Number.isInteger(blocks) || blocks < k + 1 || blocks > 64 || binomial(blocks, k) > MAX_TABLES) {
    throw new RangeError(`blocks: expected an integer from ${k + 1} to 64 with at most ${MAX_TABLES} tables for maxDistance ${k}, got ${describe(blocks)}`);
  }
  return blocks;
}

function checkIds(ids: readonly string[], length: number, name = 'ids'): void {
  if (!Array.isArray(ids)) throw new TypeError(`${name}: expected an array of strings, got ${describe(ids)}`);
  if (ids.length !== length) throw new RangeError(`${name}: expected ${length} ids (one per fingerprint), got ${ids.length}`);
  const seen = new Set<string>();
  for (const id of ids) {
    if (typeof id !== 'string') throw new TypeError(`${name}: expected strings, got ${describe(id)}`);
    if (Buffer.byteLength(id, 'utf8') > MAX_ID_BYTES) throw new RangeError(`${name}: an id longer than ${MAX_ID_BYTES} UTF-8 bytes: ${id.slice(0, 40)}...`);
    if (seen.has(id)) throw new RangeError(`${name}: ${JSON.stringify(id)} appears twice in one batch`);
    seen.add(id);
  }
}
