// lockFile where the file system has no hard links (FAT, some network and container mounts): link() fails with
// EPERM there, and the lock is created in place instead, still exclusive. No such file system can be mounted by a
// test here without root, so link() is made to fail as it does on one.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { lockFile } from '../../../packages/corpus/src/io/write/index.js';
import { scratchDir } from '../../support/scratch-dir.js';

vi.mock('node:fs', async (original) => {
  const fs = await original<typeof import('node:fs')>();
  const linkSync = () => {
    throw Object.assign(new Error('EPERM: operation not permitted, link'), { code: 'EPERM' });
  };
  return { ...fs, default: { ...fs, linkSync }, linkSync };
});

const files = scratchDir({});
afterAll(files.remove);

describe('lockFile without hard links', () => {
  it('creates the lock in place: exclusive, with the holder, released; no record file left', async () => {
    const dir = files.fresh();
    const target = join(dir, 'x.idx');
    const lock = await lockFile(target, { waitMs: 0 });
    expect(JSON.parse(readFileSync(`${target}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    await expect(lockFile(target, { waitMs: 0 })).rejects.toThrow(`another simhash (pid ${process.pid}) is writing it`);
    lock.release();
    expect(existsSync(`${target}.lock`)).toBe(false);
    const { readdirSync } = await vi.importActual<typeof import('node:fs')>('node:fs');
    expect(readdirSync(dir)).toEqual([]);
  });
});
