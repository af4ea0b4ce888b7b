// The index file of `simhash index build`: read (a missing or damaged file is a usage error, exit 2), locked from
// load to save with --append and by `index remove` (so two writers at once both land), always written atomically
// (so a crash, a kill or a full disk leaves the old index or the new one).
import { existsSync, readFileSync } from 'node:fs';
import { Option } from 'commander';
import { describeReadError } from '../io/index.js';
import { decodeIndexFile, IndexFileError, type IndexFileContent } from './index-file.js';
import { UsageError } from './context.js';
import { writeFileAtomic } from '../io/write/atomic-write.js';
import { lockFile, type FileLock, type LockOptions } from '../io/write/file-lock.js';
import type { CliContext } from './context.js';
import { integerParser } from './options.js';

export const DEFAULT_LOCK_WAIT_SECONDS = 60;

export function lockWaitOption(): Option {
  return new Option('--lock-wait <seconds>', 'how long to wait while another simhash writes the same index file, before giving up with exit code 4')
    .default(DEFAULT_LOCK_WAIT_SECONDS)
    .argParser(integerParser('--lock-wait', 0, 24 * 3600));
}

export interface IndexFile {
  /** Whether there is an index to append to (--append to a missing file creates it). */
  readonly exists: boolean;
  /** Writes the index bytes atomically, holding the lock. */
  save(bytes: Uint8Array): Promise<void>;
  /** Releases the lock, if held. Call it in a finally. */
  release(): void;
}

/** With append, takes the lock at once and keeps it until release(); otherwise only while saving. */
export async function openIndexFile(path: string, options: { append: boolean; lockWaitSeconds: number }, context: CliContext): Promise<IndexFile> {
  const label = `the index ${path}`;
  const lockOptions: LockOptions = { waitMs: options.lockWaitSeconds * 1000, label, onWait: (message) => context.warn(message) };
  const held: FileLock | undefined = options.append ? await lockFile(path, lockOptions) : undefined;
  return {
    exists: existsSync(path),
    async save(bytes) {
      const lock = held ?? (await lockFile(path, lockOptions));
      try {
        // A lock judged stale and taken over means another writer read the file meanwhile: give up, file untouched.
        await writeFileAtomic(path, bytes, { label, beforeReplace: () => lock.assertHeld() });
      } finally {
        if (lock !== held) lock.release();
      }
    },
    release() {
      held?.release();
    },
  };
}

/** Reads an index file of any pipeline version (the caller checks the version when it compares fingerprints). */
export function readIndexFile(path: string): IndexFileContent {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new UsageError(`cannot read the index ${path}: ${describeReadError(error)}`);
  }
  try {
    return decodeIndexFile(bytes, { acceptAnyPipelineVersion: true });
  } catch (error) {
    if (error instanceof IndexFileError || error instanceof RangeError || error instanceof TypeError) throw new UsageError(`${path}: ${error.message}`);
    throw error;
  }
}
