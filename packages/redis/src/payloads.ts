// A value stored beside an id: the command line keeps each document's MinHash sketch there (`index build --sketches`),
// for `dedupe --against` to verify against an index that holds no text. One hash per id group, `<name>:<gen>:p:{g<group>}`
// (keys.ts), in the same slot as the id's group. A payload is stored with the fingerprint its id had when it was set,
// and read back only while the id still has that fingerprint: an id added again (by this version, which also deletes
// the payload, or by one that knows nothing of payloads) or removed reads as null, never as another text's value.
import type { IndexContext } from './context.js';

const FINGERPRINT_BYTES = 8;

/** The ids' current fingerprints as stored (8 bytes each), null for an id not in the index. */
async function currentFingerprints(context: IndexContext, ids: readonly string[]): Promise<(Buffer | null)[]> {
  const { keys, connection } = context;
  const values = await Promise.all(ids.map((id) => connection.send<Buffer | null>(keys.idGroupKey(id), 'hgetBuffer', keys.idGroupKey(id), id)));
  return values.map((value) => (value === null || value.length < FINGERPRINT_BYTES ? null : value.subarray(0, FINGERPRINT_BYTES)));
}

/** Returns, per id, whether it was in the index (a payload is stored only for those). */
export async function writePayloads(context: IndexContext, ids: readonly string[], payloads: readonly Uint8Array[]): Promise<boolean[]> {
  const { keys, connection } = context;
  const fingerprints = await currentFingerprints(context, ids);
  await Promise.all(ids.map((id, i) => {
    const fingerprint = fingerprints[i];
    if (fingerprint === null) return undefined;
    const value = Buffer.concat([fingerprint, Buffer.from(payloads[i].buffer, payloads[i].byteOffset, payloads[i].byteLength)]);
    return connection.send(keys.payloadKey(id), 'hset', keys.payloadKey(id), id, value);
  }));
  return fingerprints.map((fingerprint) => fingerprint !== null);
}

export async function readPayloads(context: IndexContext, ids: readonly string[]): Promise<(Buffer | null)[]> {
  const { keys, connection } = context;
  const [fingerprints, values] = await Promise.all([
    currentFingerprints(context, ids),
    Promise.all(ids.map((id) => connection.send<Buffer | null>(keys.payloadKey(id), 'hgetBuffer', keys.payloadKey(id), id))),
  ]);
  return values.map((value, i) => {
    const fingerprint = fingerprints[i];
    if (value === null || fingerprint === null || value.length < FINGERPRINT_BYTES || !value.subarray(0, FINGERPRINT_BYTES).equals(fingerprint)) return null;
    return value.subarray(FINGERPRINT_BYTES);
  });
}

export async function deletePayloads(context: IndexContext, ids: readonly string[]): Promise<void> {
  const { keys, connection } = context;
  await Promise.all(ids.map((id) => connection.send(keys.payloadKey(id), 'hdel', keys.payloadKey(id), id)));
}
