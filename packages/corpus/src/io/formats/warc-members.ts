// Where a gzipped WARC file's records go on after a damaged one. Crawlers gzip a WARC file record by record, each
// record a gzip member of its own, so the members after a damaged one still hold whole records; warcio stops at the
// damage without a word (warc-documents.ts then reports the bytes left). The next record is found by its member's
// header (1f 8b 08, no reserved flag) where the member's data inflates to the start of a WARC record ("WARC/"): the
// header's three bytes also turn up inside compressed data by chance, about once in 16 MB, and those inflate to
// nothing of the kind.
import { constants, inflateRawSync } from 'node:zlib';

/** Bytes a candidate member is tried on: a record's header and more (inflated as far as they go). */
const TRY_BYTES = 64 * 1024;
const MAGIC = Buffer.from([0x1f, 0x8b, 0x08]);
const WARC = Buffer.from('WARC/');

/**
 * The offset of the first gzip member at or after `from` whose data starts a WARC record, or undefined when none
 * does; `chunks`: the file's bytes from `from` on (read only as far as the search goes).
 */
export async function nextWarcMember(chunks: AsyncIterable<Uint8Array>, from: number): Promise<number | undefined> {
  const iterator = chunks[Symbol.asyncIterator]();
  let buffer = Buffer.alloc(0);
  let base = from; // the file offset of buffer[0]
  let ended = false;
  /** Reads on until the buffer holds `length` bytes or the file ends. */
  const fill = async (length: number) => {
    while (!ended && buffer.length < length) {
      const next = await iterator.next();
      if (next.done) ended = true;
      else buffer = Buffer.concat([buffer, next.value]);
    }
  };
  try {
    for (let at = 0; ; ) {
      await fill(at + TRY_BYTES);
      const found = buffer.indexOf(MAGIC, at);
      if (found < 0) {
        if (ended) return undefined;
        // Keep the last bytes, where a header may begin that the next chunk ends.
        const keep = Math.max(at, buffer.length - (MAGIC.length - 1));
        [buffer, base, at] = [buffer.subarray(keep), base + keep, 0];
        continue;
      }
      await fill(found + TRY_BYTES);
      if (startsRecord(buffer.subarray(found, found + TRY_BYTES))) return base + found;
      at = found + 1;
      if (at > TRY_BYTES) [buffer, base, at] = [buffer.subarray(at), base + at, 0];
    }
  } finally {
    await iterator.return?.();
  }
}

/** Whether the gzip member at the start of `bytes` inflates to the start of a WARC record. */
function startsRecord(bytes: Uint8Array): boolean {
  const data = deflateStart(bytes);
  if (data === undefined) return false;
  try {
    // Raw inflate stops at the end of this member's data: what follows (the next member, or damage) is not read.
    const out = inflateRawSync(bytes.subarray(data), { finishFlush: constants.Z_SYNC_FLUSH });
    return out.length >= WARC.length && WARC.equals(out.subarray(0, WARC.length));
  } catch {
    return false;
  }
}

/** Where a gzip member's compressed data starts, after its header's optional fields (RFC 1952, 2.3); undefined if not whole. */
function deflateStart(bytes: Uint8Array): number | undefined {
  if (bytes.length < 10) return undefined;
  const flags = bytes[3];
  if ((flags & 0xe0) !== 0) return undefined;
  let at = 10;
  if (flags & 0x04) at += 2 + (bytes[at] | (bytes[at + 1] << 8)); // FEXTRA: its length, then the field
  for (const flag of [0x08, 0x10]) {
    // FNAME, FCOMMENT: zero-terminated
    if ((flags & flag) === 0) continue;
    const end = bytes.indexOf(0, at);
    if (end < 0) return undefined;
    at = end + 1;
  }
  if (flags & 0x02) at += 2; // FHCRC
  return at < bytes.length ? at : undefined;
}
