// A value stored beside an id: the command line keeps each document's MinHash sketch there (`index build --sketches`),
// for `dedupe --against` to verify against an index that holds no text. One hash per id group, `<name>:<gen>:p:{g<group>}`
// (keys.ts), in the same slot as the id's group. An id added again loses its payload (it belonged to the old
// fingerprint) until one is set; an id removed loses it too. A payload missing (never set, or lost with a master)
// reads as null: the caller must treat it as unknown, never as a value.
import type { IndexContext } from './context.js';

export async function writePayloads(context: IndexContext, ids: readonly string[], payloads: readonly Uint8Array[]): Promise<void> {
  const { keys, connection } = context;
  await Promise.all(ids.map((id, i) => connection.send(keys.payloadKey(id), 'hset', keys.payloadKey(id), id, Buffer.from(payloads[i].buffer, payloads[i].byteOffset, payloads[i].byteLength))));
}

export async function readPayloads(context: IndexContext, ids: readonly string[]): Promise<(Buffer | null)[]> {
  const { keys, connection } = context;
  return Promise.all(ids.map((id) => connection.send<Buffer | null>(keys.payloadKey(id), 'hgetBuffer', keys.payloadKey(id), id)));
}

export async function deletePayloads(context: IndexContext, ids: readonly string[]): Promise<void> {
  const { keys, connection } = context;
  await Promise.all(ids.map((id) => connection.send(keys.payloadKey(id), 'hdel', keys.payloadKey(id), id)));
}
