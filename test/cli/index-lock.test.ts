// `simhash index build --append` with other writers and with crashes, as real processes on real files: two appends
// at once, a writer that waits or gives up, a lock left by a dead writer, and kill -9 at every stage of a run.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, watch, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lines, runCli, startCli, waitFor, type Finished } from '../support/cli.js';
import { scratchDir } from '../support/scratch-dir.js';
import { indexedCount, jsonlDocuments } from './output-faults-harness.js';

const files = scratchDir({});
afterAll(files.remove);

const freshDir = files.fresh;

const temporaries = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.tmp') || name.endsWith('.stale'));

/** An index of n documents at path. */
async function buildIndex(path: string, n: number, tag: string): Promise<void> {
  const built = await runCli(['index', 'build', '--jsonl', '-o', path, '-'], { stdin: await jsonlDocuments(n, tag) });
  expect(built.code).toBe(0);
}

/** A pid that certainly does not run any more. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('index build --append: one writer at a time', () => {
  it('two appends started together on one file: both batches land (5 rounds)', async () => {
    const a = await jsonlDocuments(20_000, 'first');
    const b = await jsonlDocuments(20_000, 'second');
    for (let round = 0; round < 5; round++) {
      const dir = freshDir();
      const idx = join(dir, 'shared.idx');
      await buildIndex(idx, 10, 'base');
      writeFileSync(join(dir, 'a.jsonl'), a);
      writeFileSync(join(dir, 'b.jsonl'), b);
      const runs = await Promise.all(['a.jsonl', 'b.jsonl'].map((name) => runCli(['index', 'build', '--append', '--jsonl', '-o', idx, join(dir, name)])));
      expect(runs.map((r) => r.code)).toEqual([0, 0]);
      expect(indexedCount(idx)).toBe(10 + 40_000);
      expect(existsSync(`${idx}.lock`)).toBe(false);
    }
  });

  it('six appends started together on a file whose lock a dead writer left: all of them land', async () => {
    const dir = freshDir();
    const idx = join(dir, 'six.idx');
    await buildIndex(idx, 10, 'base');
    // Each of the six finds the stale lock at about the same moment: only one may take it over at a time.
    writeFileSync(`${idx}.lock`, `${JSON.stringify({ pid: deadPid(), start: '', host: hostname() })}\n`);
    const batches = await Promise.all(Array.from({ length: 6 }, (_, i) => jsonlDocuments(2000, `writer${i}`)));
    batches.forEach((batch, i) => writeFileSync(join(dir, `${i}.jsonl`), batch));
    const runs = await Promise.all(batches.map((_, i) => runCli(['index', 'build', '--append', '--jsonl', '-o', idx, join(dir, `${i}.jsonl`)])));
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(indexedCount(idx)).toBe(10 + 6 * 2000);
    expect(readdirSync(dir).filter((name) => !name.endsWith('.jsonl'))).toEqual(['six.idx']);
  });

  it('a second writer says it waits, and goes on when the first is done; a third with --lock-wait 1 gives up with exit code 4', async () => {
    const dir = freshDir();
    const idx = join(dir, 'busy.idx');
    await buildIndex(idx, 10, 'base');
    // The holder reads stdin, left open: it holds the lock until stdin ends.
    const holder = startCli(['index', 'build', '--append', '--jsonl', '-o', idx, '-']);
    await waitFor(() => existsSync(`${idx}.lock`), 'the holder to take the lock');
    const pid = holder.child.pid!;

    const quitter = await runCli(['index', 'build', '--append', '--lock-wait', '1', '--jsonl', '-o', idx, '-'], { stdin: await jsonlDocuments(5, 'quitter') });
    expect(lines(quitter.stderr)).toEqual([
      `simhash: waiting for another simhash (pid ${pid}) to finish writing the index ${idx} (lock ${idx}.lock; giving up after 1 s)`,
      `simhash: cannot write the index ${idx}: another simhash (pid ${pid}) is writing it and still held the lock ${idx}.lock after 1 s; try again later, or delete ${idx}.lock if no simhash is running`,
    ]);
    expect(quitter.code).toBe(4);
    expect(indexedCount(idx)).toBe(10);

    writeFileSync(join(dir, 'waiter.jsonl'), await jsonlDocuments(30, 'waiter'));
    const waiter = startCli(['index', 'build', '--append', '--jsonl', '-o', idx, join(dir, 'waiter.jsonl')]);
    await waitFor(() => waiter.stderr().includes('waiting for another simhash'), 'the waiter to say it waits');
    holder.child.stdin!.end(await jsonlDocuments(3, 'holder'));
    const [held, waited] = await Promise.all([holder.done, waiter.done]);
    expect([held.code, waited.code]).toEqual([0, 0]);
    expect(indexedCount(idx)).toBe(10 + 3 + 30);
    expect(existsSync(`${idx}.lock`)).toBe(false);
  });

  it('a lock left by a writer that no longer runs, or an unreadable one older than 10 s, is taken over at once', async () => {
    const dir = freshDir();
    const idx = join(dir, 'stale.idx');
    await buildIndex(idx, 10, 'base');
    writeFileSync(`${idx}.lock`, `${JSON.stringify({ pid: deadPid(), start: '', host: hostname() })}\n`);
    const first = await runCli(['index', 'build', '--append', '--lock-wait', '0', '--jsonl', '-o', idx, '-'], { stdin: await jsonlDocuments(4, 'after-dead') });
    expect([first.code, first.stderr]).toEqual([0, '']);
    writeFileSync(`${idx}.lock`, '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${idx}.lock`, old, old);
    const second = await runCli(['index', 'build', '--append', '--lock-wait', '0', '--jsonl', '-o', idx, '-'], { stdin: await jsonlDocuments(6, 'after-empty') });
    expect([second.code, second.stderr]).toEqual([0, '']);
    expect(indexedCount(idx)).toBe(20);
    expect(readdirSync(dir).sort()).toEqual(['stale.idx']);
  });
});

describe('kill -9 never leaves a torn file', () => {
  const baseDir = files.path('base');
  const base = join(baseDir, 'base.idx');
  const BASE = 1_000_000; // 12 MB: its write and fsync take tens of milliseconds, a window a kill can hit
  const BATCH = 100;
  beforeAll(async () => {
    mkdirSync(baseDir);
    writeFileSync(join(baseDir, 'batch.jsonl'), await jsonlDocuments(BATCH, 'batch'));
    await buildIndex(base, BASE, 'base');
  }, 120_000);

  /**
   * Starts the command, and kills it with SIGKILL `delay` ms after the first sign in dir of a file named by
   * trigger being written (its temporary file, say), or after `delay` ms from the start when trigger is undefined.
   */
  async function killDuring(dir: string, args: string[], trigger: ((name: string) => boolean) | undefined, delay: number): Promise<Finished & { triggered: boolean }> {
    let triggered = false;
    const watcher = watch(dir);
    const started = startCli(args);
    const kill = () => setTimeout(() => started.child.kill('SIGKILL'), delay);
    if (trigger === undefined) kill();
    else {
      watcher.on('change', (_event, name) => {
        if (triggered || typeof name !== 'string' || !trigger(name)) return;
        triggered = true;
        kill();
      });
    }
    try {
      return { ...(await started.done), triggered };
    } finally {
      watcher.close();
    }
  }

  it('during index build --append, at every stage: the old index or the complete new one; the next append needs no wait', async () => {
    const dir = freshDir();
    const idx = join(dir, 'index.idx');
    const old = readFileSync(base);
    let killedWhileWriting = 0;
    const trials: [boolean, number][] = [
      ...[0, 1, 2, 4, 8, 12, 16, 24, 32].map((ms): [boolean, number] => [true, ms]), // after the temporary file appears
      ...[50, 150, 300, 500].map((ms): [boolean, number] => [false, ms]), // from the start: locking, loading, adding
    ];
    for (const [onWrite, delay] of trials) {
      copyFileSync(base, idx);
      const run = await killDuring(dir, ['index', 'build', '--append', '--jsonl', '-o', idx, join(baseDir, 'batch.jsonl')], onWrite ? (name) => name.endsWith('.tmp') : undefined, delay);
      const now = readFileSync(idx);
      const intact = now.equals(old) || indexedCount(idx) === BASE + BATCH;
      expect(intact, `killed ${delay} ms after ${onWrite ? 'the temporary file appeared' : 'the start'}: ${now.length} bytes`).toBe(true);
      if (run.signal === 'SIGKILL' && run.triggered) killedWhileWriting++;
    }
    // Most kills must have landed while the new index was being written, or the test proved nothing.
    expect(killedWhileWriting).toBeGreaterThanOrEqual(5);
    const after = await runCli(['index', 'build', '--append', '--lock-wait', '0', '--jsonl', '-o', idx, join(baseDir, 'batch.jsonl')]);
    expect(after.stderr).toBe('');
    expect(after.code).toBe(0);
    expect(temporaries(dir)).toEqual([]);
    expect(existsSync(`${idx}.lock`)).toBe(false);
  }, 120_000);

  it('during eval --plot: the old plot or the complete new one', async () => {
    const dir = freshDir();
    let pairs = '';
    for (let i = 0; i < 400; i++) {
      const a = Array.from({ length: 40 }, (_, j) => `w${(i * 131 + j * 7919) % 5003}`).join(' ');
      pairs += `${JSON.stringify({ a, b: i % 2 ? a.replace(/^w\d+/, 'x') : `${a} more words`, duplicate: i % 2 === 1 })}\n`;
    }
    writeFileSync(join(dir, 'pairs.jsonl'), pairs);
    const plot = join(dir, 'plot.svg');
    for (const delay of [0, 0, 1, 2, 5]) {
      writeFileSync(plot, '<svg>the old plot</svg>\n');
      await killDuring(dir, ['eval', '--min-tokens', '0', '--pairs', join(dir, 'pairs.jsonl'), '--plot', plot], (name) => name.includes('plot.svg'), delay);
      const now = readFileSync(plot, 'utf8');
      expect(now === '<svg>the old plot</svg>\n' || (now.startsWith('<svg') && now.endsWith('</svg>\n') && now.length > 1000), `${now.length} bytes`).toBe(true);
    }
  }, 60_000);
});
