// The writes of a batch, in the order that keeps every query exact: claim the ids (learning which fingerprints they
// replace), then append the new records and remove the replaced ones, then mark the replacements finished. A batch
// goes a round of ids at a time (rounds.ts), each round through all three steps: an id's steps keep their order, and
// no round's commands wait behind a whole batch's. Every step is idempotent, so addMany, remove and recover() all run
// these same functions, and a batch replayed after a crash ends exactly as one that never stopped.
import { encodeFingerprint, encodeRecord } from './records.js';
import { tableKeys, type IndexContext } from './context.js';
import { eachRound } from './rounds.js';

export async function writeAdds(context: IndexContext, fingerprints: readonly bigint[], ids: readonly string[]): Promise<void> {
  await eachRound(ids.length, (start, end) => writeAddRound(context, fingerprints.slice(start, end), ids.slice(start, end)));
}

async function writeAddRound(context: IndexContext, fingerprints: readonly bigint[], ids: readonly string[]): Promise<void> {
  const { keys, commands, markers } = context;
  const idBytes = ids.map((id) => Buffer.from(id, 'utf8'));
  const groupKeys = ids.map((id) => keys.idGroupKey(id));
  const tables = fingerprints.map((fp) => tableKeys(context, fp));
  const fpBytes = fingerprints.map(encodeFingerprint);
  const [replaced] = await Promise.all([
    Promise.all(ids.map((id, i) => commands.claimId(groupKeys[i], id, fpBytes[i]))),
    markers.check([...groupKeys, ...tables.flat()]),
  ]);
  const writes: Promise<unknown>[] = [];
  for (let i = 0; i < ids.length; i++) {
    const record = encodeRecord(fingerprints[i], idBytes[i]);
    for (const key of tables[i]) writes.push(commands.appendOnce(key, record));
    for (const old of splitFingerprints(replaced[i])) {
      const oldRecord = encodeRecord(old, idBytes[i]);
      for (const key of tableKeys(context, old)) writes.push(commands.removeRecord(key, oldRecord));
    }
  }
  await Promise.all(writes);
  const finishes: Promise<unknown>[] = [];
  for (let i = 0; i < ids.length; i++) if (replaced[i].length > 0) finishes.push(commands.finishId(groupKeys[i], ids[i], fpBytes[i]));
  await Promise.all(finishes);
}

/** Removes the records of `id` under each of `fingerprints` (its own and any it replaced), then the id itself. */
export async function writeRemove(context: IndexContext, id: string, fingerprints: readonly bigint[]): Promise<boolean> {
  const { keys, commands, markers } = context;
  const idBytes = Buffer.from(id, 'utf8');
  const group = keys.idGroupKey(id);
  const writes: Promise<unknown>[] = [];
  const touched: string[] = [group];
  for (const fp of fingerprints) {
    const record = encodeRecord(fp, idBytes);
    for (const key of tableKeys(context, fp)) {
      touched.push(key);
      writes.push(commands.removeRecord(key, record));
    }
  }
  await Promise.all([...writes, markers.check(touched)]);
  return (await commands.releaseId(group, id)) === 1;
}

/** An id's value in its group, or a claim's answer: fingerprints of 8 bytes each, back to back. */
export function splitFingerprints(bytes: Buffer | null): bigint[] {
  const out: bigint[] = [];
  if (bytes === null) return out;
  for (let at = 0; at + 8 <= bytes.length; at += 8) out.push(bytes.readBigUInt64BE(at));
  return out;
}
