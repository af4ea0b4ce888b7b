// `simhash index remove --index FILE NAME...`: documents dropped from an index file by the names `index build`
// stored; a name added twice goes twice; an entry without a name goes by its number; names not in the index are
// reported (exit 1) and the rest removed; nothing to remove leaves the file byte for byte; a missing or damaged file
// or a bad command line exits 2, a lock held by another writer 4, and the old file stays.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SimHashIndex } from '../../packages/simhash-wasm/src/block-index/index.js';
import { createSimHash } from '../../packages/simhash-wasm/src/pure/index.js';
import { lockFile } from '../../packages/corpus/src/io/write/file-lock.js';
import { lines, runCli, runInProcess } from '../support/cli.js';
import { article, edit } from '../support/dedupe-fixture.js';
import { scratchDir } from '../support/scratch-dir.js';

const A = article(41), B = article(42), C = article(43);
const records = [
  { id: 'page/a', text: A },
  { id: 'page/b', text: B },
  { id: 'page/a-edited', text: edit(A, [20]) },
  { id: 'we\tird', text: C },
];
const files = scratchDir({
  'pages.jsonl': records.map((r) => JSON.stringify(r)).join('\n'),
  'again.jsonl': JSON.stringify({ id: 'page/b', text: edit(B, [5]) }),
  'probe.txt': edit(A, [60]),
});
afterAll(files.remove);

/** An index of the four pages, then page/b added again by --append (two entries under one name). */
async function built(dir: string): Promise<string> {
  const idx = join(dir, 'pages.idx');
  expect((await runInProcess(['index', 'build', '-k', '8', '-q', '-o', idx, files.path('pages.jsonl')])).code).toBe(0);
  expect((await runInProcess(['index', 'build', '--append', '-q', '-o', idx, files.path('again.jsonl')])).code).toBe(0);
  return idx;
}

const names = (idx: string) => [...SimHashIndex.deserializeWithNames(readFileSync(idx), { acceptAnyPipelineVersion: true }).names.values()].sort();

describe('simhash index remove --index', () => {
  it('removes every entry of each name, prints the names removed, and queries no longer find them', async () => {
    const idx = await built(files.fresh());
    const removed = await runInProcess(['index', 'remove', '--index', idx, 'page/a', 'page/b', 'page/a']);
    expect(removed.code, removed.stderr).toBe(0);
    expect(lines(removed.stdout)).toEqual(['page/a', 'page/b']);
    expect(names(idx)).toEqual(['page/a-edited', 'we\tird']);
    expect(SimHashIndex.deserialize(readFileSync(idx), { acceptAnyPipelineVersion: true }).size).toBe(2);
    const query = await runInProcess(['index', 'query', '-i', idx, '-q', files.path('probe.txt')]);
    expect(lines(query.stdout)).toEqual([expect.stringMatching(/ {2}1 page\/a-edited:\d+$/)]);
    // A name printed quoted (a tab in it) is given as it is.
    const odd = await runInProcess(['index', 'remove', '-i', idx, 'we\tird']);
    expect([odd.code, odd.stdout]).toEqual([0, '"we\\tird"\n']);
    expect(readdirSync(join(idx, '..')).sort()).toEqual(['pages.idx']); // no lock, no temporary file left
  });

  it('names not in the index are reported, one line each, and the rest removed: exit 1', async () => {
    const idx = await built(files.fresh());
    const result = await runInProcess(['index', 'remove', '-i', idx, 'nope', 'page/b', 'page/zz']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('page/b\n');
    expect(lines(result.stderr)).toEqual([`simhash: nope: not in the index ${idx}`, `simhash: page/zz: not in the index ${idx}`]);
    expect(names(idx)).toEqual(['page/a', 'page/a-edited', 'we\tird']);
  });

  it('nothing to remove: exit 1 and the file untouched, byte for byte', async () => {
    const idx = await built(files.fresh());
    const before = readFileSync(idx);
    const result = await runInProcess(['index', 'remove', '-i', idx, 'nope']);
    expect([result.code, result.stdout]).toEqual([1, '']);
    expect(readFileSync(idx).equals(before)).toBe(true);
  });

  it('an index an application serialized without names: an entry goes by its number', async () => {
    const dir = files.fresh();
    const idx = join(dir, 'plain.idx');
    const hasher = createSimHash();
    const index = new SimHashIndex({ maxDistance: 3, pipelineVersion: 'some-other-pipeline' });
    index.addMany(hasher.fingerprintMany([A, B, C]));
    writeFileSync(idx, index.serialize());
    const result = await runInProcess(['index', 'remove', '-i', idx, '1', '01', '7']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('1\n');
    const left = SimHashIndex.deserialize(readFileSync(idx), { acceptAnyPipelineVersion: true });
    expect([left.has(0), left.has(1), left.has(2), left.pipelineVersion]).toEqual([true, false, true, 'some-other-pipeline']);
  });

  it('a missing or damaged index, no names, or no index named: exit 2, one line, nothing written', async () => {
    const dir = files.fresh();
    const missing = await runInProcess(['index', 'remove', '-i', join(dir, 'none.idx'), 'page/a']);
    expect([missing.code, lines(missing.stderr)]).toEqual([2, [`simhash: cannot read the index ${join(dir, 'none.idx')}: no such file or directory (ENOENT)`]]);
    const damaged = join(dir, 'damaged.idx');
    writeFileSync(damaged, 'not an index at all');
    const refused = await runInProcess(['index', 'remove', '-i', damaged, 'page/a']);
    expect(refused.code).toBe(2);
    expect(lines(refused.stderr)).toEqual([expect.stringMatching(new RegExp(`^simhash: ${damaged}: not a usable index file: `))]);
    expect(readFileSync(damaged, 'utf8')).toBe('not an index at all');
    expect(readdirSync(dir)).toEqual(['damaged.idx']);
    expect((await runInProcess(['index', 'remove', '-i', damaged])).code).toBe(2); // no NAME
    const which = await runInProcess(['index', 'remove', 'page/a']);
    expect([which.code, which.stderr]).toEqual([2, 'simhash: which index? --index FILE, or --redis NODES --name NAME\n']);
  });

  it('--names-from: names one a line, from a file or standard input, a quoted line read as the commands quote; with NAME... too', async () => {
    const dir = files.fresh();
    const idx = await built(dir);
    // CRLF endings, a blank line, a name printed quoted (a tab in it), a name given twice, one not in the index.
    const list = join(dir, 'takedown.txt');
    writeFileSync(list, 'page/a\r\n\r\n"we\\tird"\npage/a\nnope\n');
    const result = await runInProcess(['index', 'remove', '-i', idx, '--names-from', list, 'page/a-edited']);
    expect(result.code).toBe(1);
    expect(lines(result.stdout)).toEqual(['page/a-edited', 'page/a', '"we\\tird"']);
    expect(lines(result.stderr)).toEqual([`simhash: nope: not in the index ${idx}`]);
    expect(names(idx)).toEqual(['page/b', 'page/b']);
    // What one run printed is a list the next reads: here from standard input.
    const again = await built(files.fresh());
    const piped = await runInProcess(['index', 'remove', '-i', again, '--names-from', '-'], result.stdout);
    expect([piped.code, piped.stdout]).toEqual([0, result.stdout]);
    expect(names(again)).toEqual(['page/b', 'page/b']);
  });

  it('--names-from a file that cannot be read, is not UTF-8 or breaks a quote: exit 2, one line, nothing removed', async () => {
    const dir = files.fresh();
    const idx = await built(dir);
    const before = readFileSync(idx);
    const missing = join(dir, 'none.txt');
    const bytes = join(dir, 'latin1.txt');
    writeFileSync(bytes, Uint8Array.of(0x70, 0xe9, 0x0a));
    const broken = join(dir, 'broken.txt');
    writeFileSync(broken, 'page/a\n"we\\qird"\n');
    for (const [list, said] of [
      [missing, `simhash: --names-from ${missing}: no such file or directory (ENOENT)`],
      [bytes, `simhash: --names-from ${bytes}: not valid UTF-8`],
      [broken, `simhash: --names-from ${broken}:2: a name in double quotes must be quoted as the commands print it (\\t, \\n, \\", \\\\, \\NNN)`],
    ]) {
      const result = await runInProcess(['index', 'remove', '-i', idx, '--names-from', list, 'page/b']);
      expect([result.code, result.stdout, lines(result.stderr)]).toEqual([2, '', [said]]);
    }
    expect(readFileSync(idx).equals(before)).toBe(true);
    const none = await runInProcess(['index', 'remove', '-i', idx]);
    expect([none.code, none.stderr]).toEqual([2, 'simhash: which names? NAME..., or --names-from FILE\n']);
  });

  it('another writer holds the index: after --lock-wait, exit 4 and the file unchanged', async () => {
    const idx = await built(files.fresh());
    const before = readFileSync(idx);
    const held = await lockFile(idx, { waitMs: 0 });
    try {
      const result = await runCli(['index', 'remove', '-i', idx, '--lock-wait', '0', 'page/a']);
      expect(result.code).toBe(4);
      expect(result.stderr).toMatch(/^simhash: cannot write the index .*pages\.idx: another simhash \(pid \d+\) is writing it/);
      expect(readFileSync(idx).equals(before)).toBe(true);
    } finally {
      held.release();
    }
    expect(existsSync(`${idx}.lock`)).toBe(false);
  });
});
