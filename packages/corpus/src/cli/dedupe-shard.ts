// A dedupe spread over machines, with one shared index on Redis: `simhash dedupe --redis NODES --name NAME
// --shard i/n --shard-out FILE INPUT...` on each machine (all given the same inputs; each reads every n-th input
// file), then `simhash dedupe --collect FILE...` wherever the shard files meet. The groups are those one machine
// gives, whatever the order the shards run in: every shard adds its documents, waits until all shards have
// (a barrier on the index), then queries; each query so sees every document of the run. The collect step groups
// the documents in the order one machine reads them, from the near pairs the shards found.
import { readFileSync } from 'node:fs';
import { toHex } from 'simhash-wasm';
import { DIGEST_BYTES, type AnalyzedBatch } from '../analysis/analyze-document.js';
import { DocumentTable } from '../analysis/document-table.js';
import { startAnalysis } from '../analysis/read-and-analyze.js';
import { noteInputs } from '../analysis/input-notes.js';
import { groupDocuments } from '../grouping/group.js';
import { keepField, keepValues } from '../grouping/keep.js';
import type { DedupeOptions, DedupeResult } from '../dedupe/pipeline.js';
import { checkShards, comparePlaces, SHARD_FILE_FORMAT, mergeShards, parseShardFile, ShardFileError, shardFileLines, type ParsedShard, type Place, type ShardDocument, type ShardHeader } from '../distributed/shard-file.js';
import { STDIN, type WalkEntry } from '../io/index.js';
import { writeFileAtomic } from '../io/write/atomic-write.js';
import { UsageError, type CliContext } from './context.js';
import { pipelineVersion, progressHooks } from './document-run.js';
import { NoDocumentsError } from './no-documents.js';
import { createProgress } from './progress.js';
import { openRedisIndex, talkingToRedis, type RedisFlags } from './redis-options.js';

export interface ShardFlags extends RedisFlags {
  shard: { index: number; count: number };
  shardOut?: string;
  shardWait: number;
  quiet?: boolean;
}

/** Queries and adds go to Redis this many documents at a time. */
const BATCH = 5_000;

export function parseShard(value: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = match ? Number(match[1]) : NaN, count = match ? Number(match[2]) : NaN;
  if (!match || count < 1 || index < 1 || index > count) throw new UsageError(`--shard takes i/n with 1 <= i <= n (this is shard i of n), got ${JSON.stringify(value)}`);
  return { index: index - 1, count };
}

export async function runShard(inputs: readonly string[], options: DedupeOptions, flags: ShardFlags, context: CliContext): Promise<void> {
  if (flags.shardOut === undefined) throw new UsageError('--shard needs --shard-out FILE: where this shard writes what the collect step reads');
  if (inputs.length === 0 || inputs.includes(STDIN)) throw new UsageError('--shard splits input files among the shards; standard input cannot be split');
  const started = performance.now();
  const { index: shard, count: shards } = flags.shard;
  // Opened before the analysis starts its threads: a wrong k or an unreachable Redis stops the run at once.
  const index = await openRedisIndex(flags, { maxDistance: options.maxDistance, pipelineVersion: await pipelineVersion(options) });
  try {
    const progress = createProgress(context.stderr, flags.quiet === true, `dedupe shard ${shard + 1}/${shards}`);
    const notes = noteInputs(progressHooks(progress, context));
    const run = await startAnalysis(inputs, context.stdin, { ...options, share: flags.shard, keepField: keepField(options.keep) }, notes.hooks);
    const documents: Collected[] = [];
    const places = placer(run.entries, run.positions);
    try {
      for await (const batch of run.batches()) documents.push(...describe(batch, places));
    } finally {
      progress.stop();
    }
    // Into the index: the first of each text in this shard (an exact copy needs no near pairs of its own), when long
    // enough for the near tier. The first of a text in the whole run is the first in its shard, so it is among them.
    const firsts = new Set<string>();
    const searched = documents.filter((d) => d.tokens >= options.minTokens && !firsts.has(d.digest) && firsts.add(d.digest));
    const ids = searched.map((d) => `${d.at[0]}:${d.at[1]}`);
    const fps = BigUint64Array.from(searched, (d) => BigInt(`0x${d.fp}`));
    await talkingToRedis(flags, async () => {
      for (let i = 0; i < searched.length; i += BATCH) await index.addMany(fps.subarray(i, i + BATCH), ids.slice(i, i + BATCH));
      await index.arriveAndWait('added', String(shard), shards, {
        timeoutMs: flags.shardWait * 1000,
        onWait: (arrived) => context.warn(`shard ${shard + 1}/${shards}: waiting for the other shards to add their documents (${arrived} of ${shards} done)`),
      });
      for (let i = 0; i < searched.length; i += BATCH) {
        const found = await index.queryMany(fps.subarray(i, i + BATCH), options.maxDistance);
        found.forEach((matches, j) => {
          const d = searched[i + j];
          for (const m of matches) {
            const at = m.id.split(':').map(Number) as unknown as Place;
            if (comparePlaces(at, d.at) < 0) d.near.push([at[0], at[1], m.distance]);
          }
        });
      }
    });
    const header: ShardHeader = {
      simhashShard: SHARD_FILE_FORMAT,
      shard,
      shards,
      index: flags.name!,
      pipelineVersion: run.version,
      maxDistance: options.maxDistance,
      minTokens: options.minTokens,
      grouping: options.grouping,
      keep: options.keep ?? 'first',
      settings: { shingle: options.shingle, tokens: options.tokens, termWeights: options.termWeights, html: options.html, mail: options.mail, invalidUtf8: options.invalidUtf8, engine: options.engine },
      skipped: notes.skipped,
      flagged: notes.flagged,
      files: run.entries.flatMap((e, i) => (e.kind === 'file' ? [{ entry: run.positions[i], path: e.path, size: e.size }] : [])),
      seconds: (performance.now() - started) / 1000,
      threads: run.threads,
    };
    await writeFileAtomic(flags.shardOut, toBytes(shardFileLines(header, documents)), { label: `the shard file ${flags.shardOut}` });
    const pairs = documents.reduce((sum, d) => sum + d.near.length, 0);
    context.warn(`shard ${shard + 1}/${shards}: ${documents.length} documents, ${pairs} near pairs to earlier documents; written to ${flags.shardOut}`);
  } finally {
    await index.close();
  }
}

/**
 * A place for each document: the position of its input among all inputs, and its number within that input.
 * Documents come input by input, in order, each named by its input's path (`path`, or `path:line` and the like for
 * the records of a container file), so the next input whose path names a document is the one it came from.
 */
function placer(entries: readonly WalkEntry[], positions: readonly number[]): (source: string) => Place {
  let at = -1, n = 0;
  const from = (i: number, source: string) => {
    const e = entries[i];
    return e.kind === 'file' && (source === e.path || source.startsWith(`${e.path}:`));
  };
  return (source) => {
    if (at >= 0 && from(at, source)) return [positions[at], n++];
    do at++;
    while (at < entries.length && !from(at, source));
    if (at >= entries.length) throw new Error(`internal: a document from ${source}, which is not among this shard's inputs`);
    n = 0;
    return [positions[at], n++];
  };
}

/** A document of this shard, its near pairs still being found. */
type Collected = ShardDocument & { near: [number, number, number][] };

function describe(batch: AnalyzedBatch, place: (source: string) => Place): Collected[] {
  const digests = Buffer.from(batch.digests.buffer, batch.digests.byteOffset, batch.digests.byteLength);
  return batch.documents.map((info, i) => ({
    at: place(info.source),
    source: info.source,
    ...(info.id === undefined ? {} : { id: info.id }),
    bytes: info.bytes,
    fp: toHex(batch.fingerprints[i]),
    tokens: batch.tokens[i],
    digest: digests.toString('hex', i * DIGEST_BYTES, (i + 1) * DIGEST_BYTES),
    ...(info.keepValue === undefined ? {} : { keepValue: info.keepValue }),
    near: [],
  }));
}

async function* toBytes(lines: Iterable<string>): AsyncGenerator<Uint8Array> {
  let chunk = '';
  for (const line of lines) {
    chunk += line;
    if (chunk.length > 1 << 20) {
      yield Buffer.from(chunk, 'utf8');
      chunk = '';
    }
  }
  if (chunk.length > 0) yield Buffer.from(chunk, 'utf8');
}

/** The collect step: the shard files of one run, grouped as one machine groups the same inputs. */
export function collectShards(files: readonly string[]): { result: DedupeResult; options: DedupeOptions } {
  if (files.length === 0) throw new UsageError('--collect takes the shard files written by --shard-out');
  let shards: ParsedShard[];
  try {
    shards = files.map((file) => parseShardFile(readShard(file), file));
    checkShards(shards, files);
  } catch (error) {
    if (error instanceof ShardFileError) throw new UsageError(error.message);
    throw error;
  }
  const header = shards[0].header;
  const merged = mergeShards(shards);
  if (merged.documents.length === 0) throw new NoDocumentsError();
  const keep = header.keep ?? 'first';
  const grouping = groupDocuments({ ...merged, maxDistance: header.maxDistance, minTokens: header.minTokens, mode: header.grouping, keep, keepValues: keepValues(merged.documents, keep) });
  const inputs: WalkEntry[] = shards
    .flatMap((s) => s.header.files)
    .sort((a, b) => a.entry - b.entry)
    .map((f) => ({ kind: 'file', path: f.path, size: f.size }));
  const result: DedupeResult = {
    ...grouping,
    documents: DocumentTable.of(merged.documents),
    fingerprints: merged.fingerprints,
    tokens: merged.tokens,
    pipelineVersion: header.pipelineVersion,
    inputs,
    skipped: shards.flatMap((s) => s.header.skipped),
    flagged: merged.flagged,
    bytes: merged.documents.reduce((sum, d) => sum + d.bytes, 0),
    seconds: Math.max(...shards.map((s) => s.header.seconds)),
    threads: shards.reduce((sum, s) => sum + s.header.threads, 0),
    maxDistance: header.maxDistance,
  };
  const options = { ...header.settings, maxDistance: header.maxDistance, minTokens: header.minTokens, grouping: header.grouping, keep, threads: result.threads } as unknown as DedupeOptions;
  return { result, options };
}

function readShard(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read the shard file ${file}: ${(error as Error).message}`);
  }
}
