// `simhash index build|query --redis NODES --name NAME`: the shared index on Redis in place of an index file. The
// documents' names (paths, JSONL ids) are the index's ids, so a query on any machine answers with names; a name
// added again replaces its fingerprint (a file re-read after an edit).
import { toHex } from 'simhash-wasm';
import { documentName, quoteName } from '../io/index.js';
import type { CliContext } from './context.js';
import type { DocumentRun } from './document-run.js';
import { openRedisIndex, talkingToRedis, type RedisFlags } from './redis-options.js';
import { UsageError } from './context.js';
import { REFERENCE_BINS } from '../analysis/minhash-sketch.js';
import { sketchPayload } from './index-sketches.js';

/** With `sketches`, the run's batches carry them, and each is stored beside its entry (against-redis.ts reads them). */
export async function buildIntoRedis(flags: RedisFlags & { maxDistance: number | undefined; sketches?: boolean }, version: string, startRun: () => Promise<DocumentRun>, context: CliContext): Promise<void> {
  const index = await openRedisIndex(flags, { maxDistance: flags.maxDistance, pipelineVersion: version });
  try {
    const run = await startRun();
    for await (const batch of run.batches()) {
      // One fingerprint per name and batch (the last, as a later batch would replace it too).
      const latest = new Map<string, bigint>();
      const sketches = new Map<string, Uint8Array>();
      batch.documents.forEach((document, i) => {
        latest.set(documentName(document), batch.fingerprints[i]);
        if (flags.sketches === true) sketches.set(documentName(document), sketchPayload(batch.sketches.subarray(i * REFERENCE_BINS, (i + 1) * REFERENCE_BINS)));
      });
      await talkingToRedis(flags, () => index.addMany(BigUint64Array.from(latest.values()), [...latest.keys()]));
      if (flags.sketches === true) await talkingToRedis(flags, () => index.setPayloads([...sketches.keys()], [...sketches.values()]));
      let out = '';
      for (const [name, fp] of latest) out += `${toHex(fp)}  ${quoteName(name)}\n`;
      await context.write(out);
    }
  } finally {
    await index.close();
  }
}

export async function queryRedis(flags: RedisFlags & { maxDistance?: number }, version: string, startRun: () => Promise<DocumentRun>, context: CliContext): Promise<void> {
  const index = await openRedisIndex(flags, { pipelineVersion: version });
  try {
    const k = flags.maxDistance ?? index.maxDistance;
    if (k > index.maxDistance) throw new UsageError(`--max-distance ${k} is more than the index ${flags.name} can answer: it was built with k = ${index.maxDistance}`);
    const run = await startRun();
    for await (const batch of run.batches()) {
      const found = await talkingToRedis(flags, () => index.queryMany(batch.fingerprints, k));
      let out = '';
      batch.documents.forEach((document, i) => {
        let line = `${toHex(batch.fingerprints[i])}  ${quoteName(documentName(document))}  ${found[i].length}`;
        for (const match of found[i]) line += ` ${quoteName(match.id)}:${match.distance}`;
        out += `${line}\n`;
      });
      await context.write(out);
    }
  } finally {
    await index.close();
  }
}
