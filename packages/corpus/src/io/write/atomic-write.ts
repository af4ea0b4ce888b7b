// Replaces a file so that a reader, a crash or a full disk sees either the old content or the complete new one:
// a temporary file in the same directory, written in full, fsynced, renamed over the target, the directory
// fsynced. Written here rather than taken from write-file-atomic (7.0.1 and 8.0.0 alike): that package issues one
// write() and does not check its count, so on a full device it renames a truncated file over the old one and
// reports success (tried on a 256 kB tmpfs), it does not fsync the directory, and 8.x needs Node 22.
import { open, rename, unlink, writeFile, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { removeOrphanTemporaries, temporaryName } from './orphan-temps.js';
import { OutputError } from './output-error.js';
import { removeOnSignal } from './signal-cleanup.js';
import { writeTarget, type WriteTarget } from './write-target.js';

export interface AtomicWriteOptions {
  /** How messages name the file ("the index out.idx"); the path as given by default. */
  readonly label?: string;
  /** Runs just before the rename, the last moment to give up with the old file intact (e.g. "do I still hold the lock?"). */
  readonly beforeReplace?: () => void;
}

/** What can be written: the whole content, or its chunks as they are made (a big output never waits whole in memory). */
export type AtomicWriteData = string | Uint8Array | AsyncIterable<Uint8Array>;

/**
 * Writes data to path atomically. Chunks are written to the temporary file as they come: an error from the
 * iterable (or a signal while it runs) leaves the target as it was. A symbolic link stays a link and the file it names is replaced; an existing
 * file keeps its mode (and owner, where allowed); a new file gets 0666 minus the umask. A device or FIFO
 * (/dev/null, /dev/stdout) is written in place. On failure the temporary file is removed, the old file is
 * untouched, and an OutputError says what failed.
 */
export async function writeFileAtomic(path: string, data: AtomicWriteData, options: AtomicWriteOptions = {}): Promise<void> {
  const label = options.label ?? path;
  let target: WriteTarget;
  try {
    target = writeTarget(path);
  } catch (error) {
    throw OutputError.cannotWrite(label, error);
  }
  if (target.kind === 'directory') throw OutputError.cannotWrite(label, Object.assign(new Error('is a directory'), { code: 'EISDIR' }));
  if (target.kind === 'device') {
    options.beforeReplace?.();
    try {
      await writeFile(target.path, data); // takes chunks from an async iterable as they come
    } catch (error) {
      throw OutputError.cannotWrite(label, error);
    }
    return;
  }
  const directory = dirname(target.path);
  const temporary = join(directory, temporaryName(basename(target.path)));
  const forget = removeOnSignal(temporary);
  let handle: FileHandle | undefined;
  try {
    // 'wx': never follow or reuse something already at the temporary name.
    handle = await open(temporary, 'wx', target.kind === 'file' ? target.stats.mode & 0o7777 : 0o666);
    if (target.kind === 'file') await keepOwnerAndMode(handle, target.stats.mode & 0o7777, target.stats.uid, target.stats.gid);
    await writeAll(handle, data);
    await handle.sync();
    const closing = handle;
    handle = undefined;
    await closing.close();
    options.beforeReplace?.();
    await rename(temporary, target.path);
  } catch (error) {
    await handle?.close().catch(() => {});
    await unlink(temporary).catch(() => {});
    forget();
    throw error instanceof OutputError ? error : OutputError.cannotWrite(label, error);
  }
  forget();
  await syncDirectory(directory, label);
  removeOrphanTemporaries(directory, basename(target.path));
}

/** FileHandle.writeFile loops until every byte is written, or throws (ENOSPC after a short write too); each call writes from the current position. */
async function writeAll(handle: FileHandle, data: AtomicWriteData): Promise<void> {
  if (typeof data === 'string' || data instanceof Uint8Array) {
    await handle.writeFile(data);
    return;
  }
  for await (const chunk of data) if (chunk.length > 0) await handle.writeFile(chunk);
}

/** The umask may have cleared bits of the old mode at open(); an owner other than ours is restored where we may (as root). */
async function keepOwnerAndMode(handle: FileHandle, mode: number, uid: number, gid: number): Promise<void> {
  await handle.chmod(mode);
  if (process.geteuid?.() === uid && process.getegid?.() === gid) return;
  await handle.chown(uid, gid).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPERM' && error.code !== 'EINVAL') throw error;
  });
}

/** Makes the rename itself durable. Some systems cannot fsync a directory (EINVAL, EISDIR on Windows): then nothing more can be done. */
async function syncDirectory(directory: string, label: string): Promise<void> {
  let handle: FileHandle;
  try {
    handle = await open(directory, 'r');
  } catch {
    return;
  }
  try {
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EINVAL' && code !== 'ENOTSUP' && code !== 'EISDIR' && code !== 'EPERM' && code !== 'EBADF') {
      throw new OutputError(`${label} was written, but its directory could not be synced to disk: ${(error as Error).message}`, label, { cause: error });
    }
  } finally {
    await handle.close().catch(() => {});
  }
}
