// The file one shard of a distributed dedupe writes, and the collect step reads: JSON Lines, a header, then one line
// per document of the shard with what the grouping needs (fingerprint, token count, digest) and its near pairs to
// earlier documents, found on the shared index. A document's place in the whole run is [entry, n]: the position of
// its input among all walked inputs, and its number within that input; sorted by it, the shards' documents fall
// in the order one machine reads them, so grouping them gives that machine's groups.
import { DIGEST_BYTES, type DocumentInfo } from '../analysis/analyze-document.js';
import type { GroupingMode, NearPairs } from '../grouping/group.js';
import type { KeepRule } from '../grouping/keep.js';
import type { InputNote } from '../analysis/input-notes.js';

/** 2: the content digest is over the shingle hashes (analysis/analyze-document.ts, DIGEST_BYTES); a format-1 file's digests are SHA-256. */
export const SHARD_FILE_FORMAT = 2;

export interface ShardHeader {
  readonly simhashShard: typeof SHARD_FILE_FORMAT;
  readonly shard: number;
  readonly shards: number;
  /** The shared index the shards used (its name): shards of different runs are not mixed. */
  readonly index: string;
  readonly pipelineVersion: string;
  readonly maxDistance: number;
  readonly minTokens: number;
  readonly grouping: GroupingMode;
  /** Which member of each group the collect step keeps (absent in files of earlier versions: 'first'). */
  readonly keep?: KeepRule;
  /** The run's settings that reports print (shingle, tokens, html, ...). */
  readonly settings: Record<string, unknown>;
  readonly skipped: readonly InputNote[];
  /** Records without a number in the keep field (absent in files of earlier versions: none noted). */
  readonly flagged?: readonly InputNote[];
  /** The input files this shard read, with their places among all inputs (for a kept corpus written later). */
  readonly files: readonly { readonly entry: number; readonly path: string; readonly size: number }[];
  readonly seconds: number;
  readonly threads: number;
}

export type Place = readonly [entry: number, n: number];

export interface ShardDocument {
  readonly at: Place;
  readonly source: string;
  readonly id?: string | number;
  readonly bytes: number;
  readonly fp: string;
  readonly tokens: number;
  readonly digest: string;
  /** The number of its keep field, under a rule by field, when it has one. */
  readonly keepValue?: number;
  /** Earlier documents within k: [entry, n, distance]. */
  readonly near: readonly (readonly [number, number, number])[];
}

export function placeKey(at: Place): string {
  return `${at[0]}:${at[1]}`;
}

export function comparePlaces(a: Place, b: Place): number {
  return a[0] - b[0] || a[1] - b[1];
}

/** The shard file's lines, header first. */
export function* shardFileLines(header: ShardHeader, documents: Iterable<ShardDocument>): Generator<string> {
  yield `${JSON.stringify(header)}\n`;
  for (const document of documents) yield `${JSON.stringify(document)}\n`;
}

export class ShardFileError extends Error {
  override name = 'ShardFileError';
}

export interface ParsedShard {
  readonly header: ShardHeader;
  readonly documents: ShardDocument[];
}

export function parseShardFile(text: string, file: string): ParsedShard {
  const lines = text.split('\n').filter((line) => line.length > 0);
  const parse = (line: string, n: number) => {
    try {
      return JSON.parse(line) as unknown;
    } catch {
      throw new ShardFileError(`${file}:${n + 1}: not JSON (a shard file cut short?)`);
    }
  };
  const header = parse(lines[0] ?? '', 0) as ShardHeader;
  if (typeof header !== 'object' || header === null || header.simhashShard !== SHARD_FILE_FORMAT) {
    throw new ShardFileError(`${file}: not a shard file of a distributed dedupe (format ${SHARD_FILE_FORMAT})`);
  }
  return { header, documents: lines.slice(1).map((line, i) => parse(line, i + 1) as ShardDocument) };
}

/** Every shard of one run, each once, with the same settings; throws ShardFileError naming what does not fit. */
export function checkShards(shards: readonly ParsedShard[], files: readonly string[]): void {
  const first = shards[0].header;
  const same = ['shards', 'index', 'pipelineVersion', 'maxDistance', 'minTokens', 'grouping'] as const;
  const seen = new Map<number, string>();
  shards.forEach(({ header }, i) => {
    for (const key of same) {
      if (header[key] !== first[key]) throw new ShardFileError(`${files[i]} has ${key} ${String(header[key])}, ${files[0]} has ${String(first[key])}: not shards of one run`);
    }
    const keep = JSON.stringify(header.keep ?? 'first'), firstKeep = JSON.stringify(first.keep ?? 'first');
    if (keep !== firstKeep) throw new ShardFileError(`${files[i]} has keep ${keep}, ${files[0]} has keep ${firstKeep}: not shards of one run`);
    const other = seen.get(header.shard);
    if (other !== undefined) throw new ShardFileError(`${files[i]} and ${other} are both shard ${header.shard + 1}/${header.shards}`);
    seen.set(header.shard, files[i]);
  });
  const missing = Array.from({ length: first.shards }, (_, s) => s).filter((s) => !seen.has(s));
  if (missing.length > 0) throw new ShardFileError(`missing shard ${missing.map((s) => `${s + 1}/${first.shards}`).join(', ')}: every shard's file is needed`);
}

export interface MergedShards {
  readonly documents: DocumentInfo[];
  readonly fingerprints: BigUint64Array;
  readonly tokens: Uint32Array;
  readonly digests: Uint8Array;
  readonly nearPairs: NearPairs;
  /** The shards' records without a number in the keep field, in the order of the whole run. */
  readonly flagged: InputNote[];
}

/** The shards' documents in the order of the whole run, and their near pairs by document number. */
export function mergeShards(shards: readonly ParsedShard[]): MergedShards {
  const all = shards.flatMap((s) => s.documents).sort((a, b) => comparePlaces(a.at, b.at));
  const number = new Map(all.map((d, i) => [placeKey(d.at), i]));
  const n = all.length;
  const fingerprints = new BigUint64Array(n);
  const tokens = new Uint32Array(n);
  const digests = new Uint8Array(n * DIGEST_BYTES);
  const earlier: number[] = [], later: number[] = [], distance: number[] = [];
  all.forEach((d, i) => {
    fingerprints[i] = BigInt(`0x${d.fp}`);
    tokens[i] = d.tokens;
    digests.set(Buffer.from(d.digest, 'hex'), i * DIGEST_BYTES);
    for (const [entry, m, dist] of d.near) {
      const e = number.get(placeKey([entry, m]));
      if (e === undefined) throw new ShardFileError(`document ${placeKey(d.at)} is near ${entry}:${m}, which no shard file holds`);
      earlier.push(e);
      later.push(i);
      distance.push(dist);
    }
  });
  const documents = all.map((d): DocumentInfo => ({
    source: d.source,
    ...(d.id === undefined ? {} : { id: d.id }),
    bytes: d.bytes,
    ...(d.keepValue === undefined ? {} : { keepValue: d.keepValue }),
  }));
  // A flagged record is named by its document's source, which places it in the run as one machine reports it.
  const place = new Map(all.map((d, i) => [d.source, i]));
  const flagged = shards.flatMap((s) => s.header.flagged ?? []).sort((a, b) => (place.get(a.source) ?? n) - (place.get(b.source) ?? n));
  return { documents, fingerprints, tokens, digests, nearPairs: { earlier: Uint32Array.from(earlier), later: Uint32Array.from(later), distance: Uint8Array.from(distance) }, flagged };
}
