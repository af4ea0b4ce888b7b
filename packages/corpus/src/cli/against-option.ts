// `simhash dedupe NEW... --against REF...`: the reference a run is deduplicated against, opened before the new
// documents are read. REF is documents in any input form (read and analysed as the new ones:
// dedupe/against-documents.ts), one index file (against-index.ts), or, with `--against` alone beside `--redis NODES
// --name NAME`, the shared index on Redis (against-redis.ts). A reference that cannot be used (missing, damaged, of
// another pipeline, without the sketches a verified run needs) ends the run with one line and exit code 2 before any
// new document is read.
import { existsSync } from 'node:fs';
import { Option } from 'commander';
import { readReferenceDocuments } from '../dedupe/against-documents.js';
import type { DedupeOptions } from '../dedupe/pipeline.js';
import { referenceVerification, type ReferenceSet } from '../grouping/reference-set.js';
import { STDIN } from '../io/index.js';
import { UsageError, type CliContext } from './context.js';
import { reportSkipped } from './document-run.js';
import { isIndexFile, readReferenceIndex } from './against-index.js';
import { REFERENCE_BINS } from '../analysis/minhash-sketch.js';
import { openRedisReference } from './against-redis.js';
import type { RedisFlags } from './redis-options.js';

export function againstOption(): Option {
  return new Option('--against [ref...]', 'documents kept before: a new document near one of them (verified) is dropped for it, and the clusters file names it. Files, directories or patterns of documents; one index file from `simhash index build --sketches`; or nothing, with --redis and --name: that index on Redis. It takes every argument up to the next option: put it after the inputs');
}

/** Glob characters: a pattern may match nothing without being a typo of a path. */
const PATTERN = /[*?[\]{}]/;

export interface OpenReference {
  readonly reference: ReferenceSet;
  close(): Promise<void>;
}

/** `against`: the option's value (true: given alone, the index on Redis). */
export async function openReference(against: string[] | true, flags: RedisFlags, options: DedupeOptions, version: string, context: CliContext): Promise<OpenReference> {
  const opened = await open(against, flags, options, context);
  try {
    if (opened.pipelineVersion !== version) {
      throw new UsageError(`the reference holds fingerprints of pipeline "${opened.pipelineVersion}", but this dedupe makes "${version}": they are not comparable (use the --shingle, --tokens and --term-weights it was made with)`);
    }
    const how = referenceVerification(opened.reference, options.verify ?? 'off');
    if (how !== 'exact' && how !== 'sketch' && how !== 'off') throw new UsageError(`--against: ${how}`);
    if (opened.reference.size === 0) throw new UsageError('--against: the reference holds no document');
    return opened;
  } catch (error) {
    await opened.close();
    throw error;
  }
}

async function open(against: string[] | true, flags: RedisFlags, options: DedupeOptions, context: CliContext): Promise<OpenReference & { pipelineVersion: string }> {
  const redis = flags.redis !== undefined || flags.name !== undefined;
  if (against === true) {
    if (!redis) throw new UsageError('--against needs its reference: files of documents, an index file, or --redis NODES --name NAME');
    return openRedisReference(flags);
  }
  if (redis) throw new UsageError('--against FILE... or --against alone with --redis and --name (the index on Redis), not both');
  for (const ref of against) {
    if (ref === STDIN) throw new UsageError('--against -: standard input holds the new documents; name the reference by its files');
    if (!PATTERN.test(ref) && !existsSync(ref)) throw new UsageError(`--against ${ref}: no such file or directory`);
  }
  const indexes = against.filter(isIndexFile);
  if (indexes.length > 0 && against.length > 1) throw new UsageError(`--against takes one index file alone, or documents; got ${against.length} references with the index ${indexes[0]}`);
  const index = indexes.length > 0 ? readReferenceIndex(indexes[0]) : undefined;
  if (index?.sketchBins !== undefined && index.sketchBins !== REFERENCE_BINS) {
    context.warn(`warning: ${indexes[0]} holds sketches of ${index.sketchBins} bins (written by an older simhash): its pairs are judged by them, with twice the error of ${REFERENCE_BINS}; build it again with simhash index build --sketches`);
  }
  const read = index !== undefined
    ? index
    : await readReferenceDocuments(against, options, { skipped: (source, reason) => reportSkipped(context, source, reason) });
  return { ...read, close: async () => {} };
}
