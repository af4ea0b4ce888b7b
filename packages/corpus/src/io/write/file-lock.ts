// An exclusive lock for a read-modify-write of one file (`simhash index build --append`): the lock is a file
// beside the target, "<target>.lock", created whole (a record linked under that name) and holding the holder's
// pid, start time and host.
// A lock whose holder no longer runs (killed, crashed) is stale and is taken over at once; a live holder is
// waited for, up to a limit. No heartbeat: a holder busy for minutes in one synchronous step still holds it.
import { closeSync, fstatSync, linkSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { OutputError } from './output-error.js';
import { currentProcess, isRunning, type ProcessIdentity } from './process-identity.js';
import { removeOnSignal } from './signal-cleanup.js';
import { writeTarget } from './write-target.js';

export interface FileLock {
  /** The lock file; undefined for a target that needs none (a device such as /dev/null). */
  readonly path: string | undefined;
  /** Throws an OutputError when another process has taken the lock meanwhile (it judged ours stale). */
  assertHeld(): void;
  /** Removes the lock file if it is still ours. Safe to call twice. */
  release(): void;
}

export interface LockOptions {
  /** How long to wait for a live holder before giving up with an OutputError; 0 gives up at once. */
  readonly waitMs: number;
  /** How messages name the file; the path as given by default. */
  readonly label?: string;
  /** Told once, when the lock is busy and the wait begins. */
  readonly onWait?: (message: string) => void;
}

/** A lock file whose content cannot be parsed (made in place, its holder killed before it wrote) is stale once this old. */
const UNREADABLE_STALE_MS = 10_000;
const POLL_MS = 100;

export async function lockFile(path: string, options: LockOptions): Promise<FileLock> {
  const label = options.label ?? path;
  let target;
  try {
    target = writeTarget(path);
  } catch (error) {
    throw OutputError.cannotWrite(label, error);
  }
  if (target.kind === 'device') return { path: undefined, assertHeld() {}, release() {} };
  if (target.kind === 'directory') throw OutputError.cannotWrite(label, Object.assign(new Error('is a directory'), { code: 'EISDIR' }));
  const lockPath = `${target.path}.lock`;
  const content = `${JSON.stringify(currentProcess())}\n`;
  const deadline = Date.now() + options.waitMs;
  let announced = false;
  for (;;) {
    let created;
    try {
      created = tryCreate(lockPath, content);
    } catch (error) {
      throw OutputError.cannotWrite(label, error);
    }
    if (created !== undefined) return heldLock(lockPath, content, created, label);
    const seen = readLock(lockPath);
    if (seen.kind === 'gone') continue;
    if (seen.kind === 'stale') {
      breakStale(lockPath, seen.raw);
      continue;
    }
    const who = seen.holder === undefined ? 'another simhash' : `another simhash (pid ${seen.holder.pid}${seen.holder.host === currentProcess().host ? '' : ` on ${seen.holder.host}`})`;
    const seconds = options.waitMs / 1000;
    if (Date.now() >= deadline) {
      throw new OutputError(`cannot write ${label}: ${who} is writing it and still held the lock ${lockPath} after ${seconds} s; try again later, or delete ${lockPath} if no simhash is running`, label);
    }
    if (!announced) {
      announced = true;
      options.onWait?.(`waiting for ${who} to finish writing ${label} (lock ${lockPath}; giving up after ${seconds} s)`);
    }
    await sleep(Math.min(POLL_MS / 2 + Math.random() * POLL_MS, Math.max(1, deadline - Date.now())));
  }
}

interface FileId {
  readonly dev: number;
  readonly ino: number;
}

/**
 * The lock's identity, or undefined when it exists already. The record is written to a file of its own first and
 * linked under the lock's name (link fails with EEXIST, as O_EXCL would): a holder killed at any instant leaves
 * either no lock or a complete one whose pid says it is gone, never an empty lock that others must wait out.
 */
function tryCreate(lockPath: string, content: string): FileId | undefined {
  removeAbandonedRecords(lockPath);
  const record = `${lockPath}.${process.pid}-${randomBytes(4).toString('hex')}${RECORD_SUFFIX}`;
  const fd = openSync(record, 'wx', 0o644);
  try {
    writeSync(fd, content);
    const { dev, ino } = fstatSync(fd);
    try {
      linkSync(record, lockPath);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') return undefined;
      // A file system without hard links (FAT, some network and container mounts): created in place instead.
      if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP' || code === 'ENOSYS') return createInPlace(lockPath, content);
      throw error;
    }
    return { dev, ino };
  } finally {
    closeSync(fd);
    unlinkSync(record);
  }
}

/** The lock created and filled in place (O_EXCL): a holder killed between the two leaves it unreadable for a while. */
function createInPlace(lockPath: string, content: string): FileId | undefined {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
    throw error;
  }
  try {
    writeSync(fd, content);
    const { dev, ino } = fstatSync(fd);
    return { dev, ino };
  } catch (error) {
    unlinkSync(lockPath);
    throw error;
  } finally {
    closeSync(fd);
  }
}

const RECORD_SUFFIX = '.lock-record';

/** Records left by a process killed between creating its record and removing it: removed once their writer is gone. */
function removeAbandonedRecords(lockPath: string): void {
  const prefix = `${basename(lockPath)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(lockPath));
  } catch {
    return; // the create that follows reports an unusable folder
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith(RECORD_SUFFIX)) continue;
    const path = join(dirname(lockPath), name);
    try {
      const writer = parseHolder(readFileSync(path, 'utf8'));
      const abandoned = writer === undefined ? Date.now() - statSync(path).mtimeMs > UNREADABLE_STALE_MS : !isRunning(writer);
      if (abandoned) unlinkSync(path);
    } catch {
      // Removed meanwhile by its writer or another waiter.
    }
  }
}

type Seen = { kind: 'gone' } | { kind: 'stale'; raw: string } | { kind: 'held'; holder: ProcessIdentity | undefined };

function readLock(lockPath: string): Seen {
  let raw: string;
  let ageMs: number;
  try {
    raw = readFileSync(lockPath, 'utf8');
    ageMs = Date.now() - statSync(lockPath).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'gone' };
    throw error;
  }
  const holder = parseHolder(raw);
  if (holder === undefined) return ageMs > UNREADABLE_STALE_MS ? { kind: 'stale', raw } : { kind: 'held', holder: undefined };
  return isRunning(holder) ? { kind: 'held', holder } : { kind: 'stale', raw };
}

function parseHolder(raw: string): ProcessIdentity | undefined {
  try {
    const value = JSON.parse(raw) as Partial<ProcessIdentity>;
    if (Number.isSafeInteger(value.pid) && typeof value.start === 'string' && typeof value.host === 'string') return value as ProcessIdentity;
  } catch {
    // Not (yet) a complete record.
  }
  return undefined;
}

/**
 * Removes a stale lock without removing a fresh one: two waiters may both judge the same lock stale, and the first
 * may already have made a new one when the second acts. So the lock is renamed away (atomic: whatever is there
 * moves), and if what moved is not the stale record it is linked back (unless a third lock appeared meanwhile, in
 * which case its holder's assertHeld fails before it replaces the file).
 */
function breakStale(lockPath: string, staleRaw: string): void {
  const moved = `${lockPath}.${process.pid}-${randomBytes(4).toString('hex')}.stale`;
  try {
    renameSync(lockPath, moved);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    if (readFileSync(moved, 'utf8') !== staleRaw) linkSync(moved, lockPath);
  } catch {
    // EEXIST: a newer lock took the name; the one moved aside will see it has lost the lock.
  } finally {
    unlinkSync(moved);
  }
}

function heldLock(lockPath: string, content: string, id: FileId, label: string): FileLock {
  const forget = removeOnSignal(lockPath);
  const stillOurs = (): boolean => {
    try {
      const now = statSync(lockPath);
      return now.dev === id.dev && now.ino === id.ino && readFileSync(lockPath, 'utf8') === content;
    } catch {
      return false;
    }
  };
  let released = false;
  return {
    path: lockPath,
    assertHeld() {
      if (!stillOurs()) throw new OutputError(`cannot write ${label}: another process took over its lock ${lockPath} while this one worked; ${label} keeps its old content`, label);
    },
    release() {
      if (released) return;
      released = true;
      forget();
      if (!stillOurs()) return;
      try {
        unlinkSync(lockPath);
      } catch {
        // Gone already: nothing to release.
      }
    },
  };
}
