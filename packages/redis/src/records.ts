// The records a table key holds: every fingerprint whose key bits equal the key's, appended one after another as
// [fingerprint: 8 bytes, big-endian][id length: 2 bytes, big-endian][id: UTF-8]. Variable length so a query answers
// with the caller's own ids in one round trip (no second lookup from a number to an id); the Lua scripts in
// scripts.ts walk the same layout, so a change here is a change there and a new FORMAT_VERSION in metadata.ts.

export const MAX_ID_BYTES = 0xffff;
const HEADER = 10;

export function encodeRecord(fingerprint: bigint, id: Buffer): Buffer {
  const out = Buffer.allocUnsafe(HEADER + id.length);
  out.writeBigUInt64BE(fingerprint, 0);
  out.writeUInt16BE(id.length, 8);
  id.copy(out, HEADER);
  return out;
}

export function encodeFingerprint(fingerprint: bigint): Buffer {
  const out = Buffer.allocUnsafe(8);
  out.writeBigUInt64BE(fingerprint, 0);
  return out;
}

/** Calls visit(hi, lo, idStart, idEnd) for every record of a table key's value. Throws on a truncated record. */
export function forEachRecord(value: Buffer, visit: (hi: number, lo: number, idStart: number, idEnd: number) => void): void {
  let pos = 0;
  while (pos < value.length) {
    if (pos + HEADER > value.length) throw new Error(`a table key holds a truncated record (${value.length - pos} bytes at ${pos})`);
    const idEnd = pos + HEADER + value.readUInt16BE(pos + 8);
    if (idEnd > value.length) throw new Error(`a table key holds a truncated record (id runs past the end at ${pos})`);
    visit(value.readUInt32BE(pos), value.readUInt32BE(pos + 4), pos + HEADER, idEnd);
    pos = idEnd;
  }
}
