// Standard input copied to a private temporary file (mode 0600), for a run that must read its input twice (dedupe
// --output: a first pass decides what is kept, a second writes it without holding a million records in memory).
// The file is removed when the run ends, or by the signal handler if the run is stopped by a signal.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { removeOnSignal } from '../write/signal-cleanup.js';

export interface Spool {
  /** A fresh stream of the spooled bytes, from the start, for each pass. */
  open(): Readable;
  remove(): Promise<void>;
}

export async function spoolToFile(input: Readable): Promise<Spool> {
  const path = join(tmpdir(), `simhash-stdin-${process.pid}-${randomBytes(6).toString('hex')}`);
  const forget = removeOnSignal(path);
  const remove = async () => {
    await unlink(path).catch(() => {});
    forget();
  };
  try {
    // 'wx' (O_EXCL): a new file, never one (or a link) someone placed there; 0600: nobody else reads it.
    await pipeline(input, createWriteStream(path, { mode: 0o600, flags: 'wx' }));
  } catch (error) {
    await remove();
    throw error;
  }
  return { open: () => createReadStream(path, { highWaterMark: 1 << 20 }), remove };
}
