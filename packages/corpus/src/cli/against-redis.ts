// `dedupe NEW --redis NODES --name NAME --against`: the shared index on Redis as the reference. It is not read
// whole: the new documents' fingerprints are looked up in it within k (at most the index's own k, which it was built
// with: `index build --redis -k`), and the sketches `index build --redis --sketches` stored beside the entries found
// are read for the verification (grouping/reference-match.ts). An entry stored without a sketch cannot be verified
// against: the pair does not verify, and the run says how many such pairs there were.
import { EMPTY_BIN, REFERENCE_BINS, SKETCH_BINS } from '../analysis/minhash-sketch.js';
import type { ReferenceSet } from '../grouping/reference-set.js';
import { UsageError } from './context.js';
import { openRedisIndex, talkingToRedis, type RedisFlags } from './redis-options.js';
import { readSketchPayload } from './index-sketches.js';

export interface RedisReference {
  readonly pipelineVersion: string;
  readonly reference: ReferenceSet;
  close(): Promise<void>;
}

export async function openRedisReference(flags: RedisFlags): Promise<RedisReference> {
  const index = await openRedisIndex(flags, { acceptAnyPipelineVersion: true, create: false });
  let size: number;
  try {
    size = await talkingToRedis(flags, () => index.size());
    if (size === 0) throw new UsageError(`--against: the index ${flags.name} on Redis holds no document`);
  } catch (error) {
    await index.close();
    throw error;
  }
  return {
    pipelineVersion: index.pipelineVersion,
    close: () => index.close(),
    reference: {
      size,
      hasSketches: true, // per entry: an entry without one is counted, never verified
      async lookup(queries, k) {
        const found = await talkingToRedis(flags, () => index.queryMany(queries, Math.min(k, index.maxDistance)));
        const numbers = new Map<string, number>();
        const offsets = new Uint32Array(queries.length + 1);
        const entries: number[] = [];
        const distances: number[] = [];
        found.forEach((matches, q) => {
          for (const match of matches) {
            let e = numbers.get(match.id);
            if (e === undefined) numbers.set(match.id, e = numbers.size);
            entries.push(e);
            distances.push(match.distance);
          }
          offsets[q + 1] = entries.length;
        });
        const names = [...numbers.keys()];
        const payloads = await talkingToRedis(flags, () => index.payloads(names));
        const sketches = new Uint32Array(names.length * REFERENCE_BINS).fill(EMPTY_BIN);
        payloads.forEach((payload, e) => {
          if (payload === null || readSketchPayload(payload, sketches, e * REFERENCE_BINS) !== 'version 1') return;
          throw new UsageError(`--against: the index ${flags.name} on Redis holds sketches of ${SKETCH_BINS} bins (stored by an older simhash; ${names[e]} is one); this simhash compares ${REFERENCE_BINS}: store them again with simhash index build --redis --name ${flags.name} --sketches`);
        });
        return { offsets, entries: Uint32Array.from(entries), distances: Uint8Array.from(distances), names, sketches, bins: REFERENCE_BINS, distance: Math.min(k, index.maxDistance) };
      },
    },
  };
}
