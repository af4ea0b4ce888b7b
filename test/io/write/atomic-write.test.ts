// src/io/write on real files: atomic replacement (links, modes, devices, failures), the output-path check and the
// lock, in this process; a signal mid-write in a child process.
import { spawn, spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockFile, OutputError, outputPathProblem, writeFileAtomic } from '../../../packages/corpus/src/io/write/index.js';
import { scratchDir } from '../../support/scratch-dir.js';
import { repo } from '../../support/paths.js';

const files = scratchDir({});
afterAll(files.remove);
const freshDir = files.fresh;

describe('writeFileAtomic', () => {
  it('replaces a file, keeping its mode; a new file gets 0666 minus the umask', async () => {
    const dir = freshDir();
    const path = join(dir, 'f.bin');
    writeFileSync(path, 'old');
    chmodSync(path, 0o640);
    const before = statSync(path).ino;
    await writeFileAtomic(path, new Uint8Array([1, 2, 3]));
    expect([...readFileSync(path)]).toEqual([1, 2, 3]);
    expect(statSync(path).mode & 0o7777).toBe(0o640);
    expect(statSync(path).ino).not.toBe(before); // a new file renamed into place, not the old one rewritten
    await writeFileAtomic(join(dir, 'new.txt'), 'text');
    expect(readFileSync(join(dir, 'new.txt'), 'utf8')).toBe('text');
    expect(statSync(join(dir, 'new.txt')).mode & 0o7777).toBe(0o666 & ~process.umask());
    expect(readdirSync(dir).sort()).toEqual(['f.bin', 'new.txt']);
  });

  it('writes through a chain of symbolic links (each stays a link), and a dangling link creates the file it names', async () => {
    const dir = freshDir();
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'real'), 'old');
    chmodSync(join(dir, 'sub', 'real'), 0o600);
    symlinkSync('sub/real', join(dir, 'one'));
    symlinkSync('one', join(dir, 'two'));
    await writeFileAtomic(join(dir, 'two'), 'new');
    expect([lstatSync(join(dir, 'two')).isSymbolicLink(), lstatSync(join(dir, 'one')).isSymbolicLink(), readlinkSync(join(dir, 'two'))]).toEqual([true, true, 'one']);
    expect(readFileSync(join(dir, 'sub', 'real'), 'utf8')).toBe('new');
    expect(statSync(join(dir, 'sub', 'real')).mode & 0o7777).toBe(0o600);
    symlinkSync('sub/later', join(dir, 'dangling'));
    await writeFileAtomic(join(dir, 'dangling'), 'created');
    expect(lstatSync(join(dir, 'dangling')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'sub', 'later'), 'utf8')).toBe('created');
  });

  it('writes a device in place: /dev/null stays a character device', async () => {
    await writeFileAtomic('/dev/null', 'nothing');
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
  });

  it('refuses a directory, a missing directory and a failing last check with an OutputError; nothing is left behind', async () => {
    const dir = freshDir();
    await expect(writeFileAtomic(dir, 'x')).rejects.toThrow(new OutputError(`cannot write ${dir}: is a directory (EISDIR)`, dir));
    await expect(writeFileAtomic(join(dir, 'missing', 'f'), 'x', { label: 'the plot' })).rejects.toThrow('cannot write the plot: no such file or directory (ENOENT)');
    writeFileSync(join(dir, 'kept'), 'old');
    const lost = new OutputError('the lock was taken over', 'kept');
    await expect(
      writeFileAtomic(join(dir, 'kept'), 'new', {
        beforeReplace: () => {
          throw lost;
        },
      }),
    ).rejects.toBe(lost);
    expect(readFileSync(join(dir, 'kept'), 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['kept']);
  });

  it('SIGTERM mid-write: the process dies of it, its temporary file is removed, the old file is untouched', async () => {
    const dir = freshDir();
    const target = join(dir, 'big.bin');
    let deaths = 0;
    for (let attempt = 0; attempt < 3 && deaths === 0; attempt++) {
      writeFileSync(target, 'old');
      const watcher = watch(dir);
      const child = spawn(process.execPath, ['--import', 'tsx', 'test/io/write/atomic-write-child.ts', target, String(256 << 20)], { cwd: repo, stdio: 'inherit' });
      watcher.on('change', (_event, name) => {
        if (typeof name === 'string' && name.endsWith('.tmp')) child.kill('SIGTERM');
      });
      const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (c, s) => resolve([c, s])));
      watcher.close();
      if (signal === 'SIGTERM') {
        deaths++;
        expect(readFileSync(target, 'utf8')).toBe('old');
      } else {
        expect(code).toBe(0); // finished before the signal arrived: then the new content is complete
        expect(statSync(target).size).toBe(256 << 20);
      }
      expect(readdirSync(dir)).toEqual(['big.bin']);
    }
    expect(deaths).toBeGreaterThan(0);
  }, 60_000);
});

describe('outputPathProblem', () => {
  it('says what is wrong with a path before any work is done', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'file'), '');
    symlinkSync('nowhere/x', join(dir, 'dangling'));
    expect(outputPathProblem(join(dir, 'new.svg'))).toBeUndefined();
    expect(outputPathProblem(join(dir, 'file'))).toBeUndefined();
    expect(outputPathProblem('/dev/null')).toBeUndefined();
    expect(outputPathProblem('')).toBe('the path is empty');
    expect(outputPathProblem(dir)).toBe(`${dir} is a directory`);
    expect(outputPathProblem(join(dir, 'missing', 'x.svg'))).toBe(`the directory ${join(dir, 'missing')} does not exist`);
    expect(outputPathProblem(join(dir, 'file', 'x.svg'))).toBe('a component of the path is not a directory (ENOTDIR)');
    expect(outputPathProblem(join(dir, 'dangling'))).toBe(`the directory ${join(dir, 'nowhere')} does not exist`);
  });
});

describe('lockFile', () => {
  it('is exclusive: a second lock gives up after waitMs with an OutputError naming the holder; release lets it in', async () => {
    const dir = freshDir();
    const target = join(dir, 'x.idx');
    const first = await lockFile(target, { waitMs: 0 });
    expect(first.path).toBe(`${target}.lock`);
    const waits: string[] = [];
    const started = Date.now();
    await expect(lockFile(target, { waitMs: 300, label: 'the index', onWait: (m) => waits.push(m) })).rejects.toThrow(`another simhash (pid ${process.pid}) is writing it`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(waits).toEqual([`waiting for another simhash (pid ${process.pid}) to finish writing the index (lock ${target}.lock; giving up after 0.3 s)`]);
    first.assertHeld();
    first.release();
    first.release();
    expect(existsSync(`${target}.lock`)).toBe(false);
    const second = await lockFile(target, { waitMs: 0 });
    second.release();
  });

  it('is made whole: only the lock is left while held; records a killed locker left are removed once it is gone', async () => {
    const dir = freshDir();
    const target = join(dir, 'x.idx');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const abandoned = `${target}.lock.${dead.stdout}-0000.lock-record`;
    writeFileSync(abandoned, `${JSON.stringify({ pid: Number(dead.stdout), start: '', host: hostname() })}\n`);
    const young = `${target}.lock.1-0000.lock-record`;
    writeFileSync(young, ''); // a locker killed before it wrote a word: maybe still running, so kept for now
    const lock = await lockFile(target, { waitMs: 0 });
    expect(readdirSync(dir).sort()).toEqual(['x.idx.lock', 'x.idx.lock.1-0000.lock-record']);
    expect(JSON.parse(readFileSync(`${target}.lock`, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    lock.release();
    expect(existsSync(young)).toBe(true);
  });

  it('assertHeld fails once another process has replaced the lock', async () => {
    const dir = freshDir();
    const target = join(dir, 'x.idx');
    const lock = await lockFile(target, { waitMs: 0 });
    writeFileSync(`${target}.lock.new`, 'someone else\n');
    // As a waiter that judged this lock stale would: a different file under the lock's name.
    const { renameSync } = await import('node:fs');
    renameSync(`${target}.lock.new`, `${target}.lock`);
    expect(() => lock.assertHeld()).toThrow(OutputError);
    lock.release(); // not ours any more: left alone
    expect(readFileSync(`${target}.lock`, 'utf8')).toBe('someone else\n');
  });
});
