// The metadata key: what an index is, fixed when it is created. Created with SET NX, so of two processes creating
// the same index at once exactly one definition wins and both use it; opening with another k or pipeline version is
// refused, because the tables of one k cannot answer another's queries and fingerprints of two pipelines are not
// comparable.
import { randomBytes } from 'node:crypto';
import type { RedisClient } from './connect.js';
import { metaKey } from './keys.js';

/** Bumped when the layout of keys or records changes; an index of another format is refused, never misread. */
export const FORMAT_VERSION = 2;

export interface IndexMetadata {
  readonly format: number;
  readonly maxDistance: number;
  /** Blocks of the block-table layout (maxDistance + 1: pigeonhole). */
  readonly blocks: number;
  readonly pipelineVersion: string;
  readonly generation: string;
  /** How ids are stored: UTF-8 strings. */
  readonly ids: 'utf8';
}

export function newMetadata(maxDistance: number, blocks: number, pipelineVersion: string): IndexMetadata {
  return { format: FORMAT_VERSION, maxDistance, blocks, pipelineVersion, generation: randomBytes(4).toString('hex'), ids: 'utf8' };
}

export async function readMetadata(client: RedisClient, name: string): Promise<IndexMetadata | null> {
  const raw = await client.get(metaKey(name));
  if (raw === null) return null;
  let meta: IndexMetadata;
  try {
    meta = JSON.parse(raw) as IndexMetadata;
  } catch {
    throw new Error(`${metaKey(name)} is not a simhash-wasm index (its value is not JSON)`);
  }
  if (meta.format !== FORMAT_VERSION) throw new Error(`index '${name}' has format ${String(meta.format)}; this version of simhash-wasm reads format ${FORMAT_VERSION}`);
  return meta;
}

/** Writes the metadata unless the key exists; returns the metadata that holds afterwards (ours or the winner's). */
export async function createMetadata(client: RedisClient, name: string, meta: IndexMetadata): Promise<IndexMetadata> {
  const set = await client.set(metaKey(name), JSON.stringify(meta), 'NX');
  if (set === 'OK') return meta;
  const existing = await readMetadata(client, name);
  if (existing === null) throw new Error(`index '${name}' was dropped while it was being opened`);
  return existing;
}

/** Refuses an index whose k or pipeline version differs from what the caller asked for (undefined: any). */
export function checkMetadata(name: string, meta: IndexMetadata, maxDistance: number | undefined, pipelineVersion: string | undefined): void {
  if (maxDistance !== undefined && meta.maxDistance !== maxDistance) {
    throw new RangeError(`maxDistance: index '${name}' on Redis was created with maxDistance ${meta.maxDistance}; opened with ${maxDistance}`);
  }
  if (pipelineVersion !== undefined && meta.pipelineVersion !== pipelineVersion) {
    throw new RangeError(`pipelineVersion: index '${name}' on Redis holds fingerprints of pipeline ${meta.pipelineVersion}; opened with ${pipelineVersion}`);
  }
}
