// One index file for the CLI and the library (docs/file-formats.md): what the built `simhash index build` writes, an
// application opens with SimHashIndex.deserializeWithNames() and queries to the documents' names; what the library
// serializes, `simhash index query` answers from; files written by earlier versions (test/fixtures/index-files)
// still load where they did.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SimHashIndex } from '../../packages/simhash-wasm/src/block-index/index.js';
import { createSimHash } from '../../packages/simhash-wasm/src/pure/index.js';
import { runInProcess, runProcess } from '../support/cli.js';
import { article, edit } from '../support/dedupe-fixture.js';
import { scratchDir } from '../support/scratch-dir.js';

const hasher = createSimHash();
const A = article(21);
const B = article(22);
const records = [
  { id: 'doc/a', text: A },
  { id: 'doc/b', text: B },
  { id: 'doc/ä-edited', text: edit(A, [30]) },
  { id: 'doc/a-rewritten', text: edit(A, [5, 40, 70, 100, 130]) },
];
const files = scratchDir({ 'records.jsonl': records.map((r) => JSON.stringify(r)).join('\n') });
afterAll(files.remove);
const fixture = (name: string) => new URL(`../fixtures/index-files/${name}`, import.meta.url).pathname;
const lines = (text: string) => text.trimEnd().split('\n');

describe('an index file built by the CLI, opened by the library', () => {
  it('has its names, and a query answers with the right documents', () => {
    const idx = files.path('built.idx');
    const built = runProcess(['index', 'build', '-k', '6', '-o', idx, files.path('records.jsonl')]);
    expect(built.code, built.stderr).toBe(0);
    const { index, names } = SimHashIndex.deserializeWithNames(readFileSync(idx), { pipelineVersion: hasher.version });
    expect(names).toEqual(new Map(records.map((r, i) => [i, r.id])));
    expect(index.maxDistance).toBe(6);
    // The library's own answer, with ids turned into names, for the same query the CLI would make.
    const nameOf = (id: number) => names.get(id);
    const query = hasher.fingerprint(edit(A, [60]));
    const found = index.query(query).map((m) => nameOf(m.id));
    const within = records.filter((r) => popcount(hasher.fingerprint(r.text) ^ query) <= 6).map((r) => r.id);
    expect(within).toContain('doc/a');
    expect(within).not.toContain('doc/b');
    expect(found.sort()).toEqual(within.sort());
    expect(index.query(hasher.fingerprint(B), 0).map((m) => nameOf(m.id))).toEqual(['doc/b']);
  });
});

describe('an index serialized by the library, queried by the CLI', () => {
  it('answers with the names it was serialized with, and with ids where it has none', async () => {
    const index = new SimHashIndex({ maxDistance: 12, pipelineVersion: hasher.version });
    index.add(hasher.fingerprint(A), 100);
    index.add(hasher.fingerprint(B), 200);
    index.add(hasher.fingerprint(edit(A, [30])), 300);
    const named = files.path('named.idx');
    writeFileSync(named, index.serialize({ names: new Map([[100, 'app/a'], [200, 'app/b']]) }));
    const bare = files.path('bare.idx');
    writeFileSync(bare, index.serialize());
    const ask = (idx: string) => runProcess(['index', 'query', '-i', idx, '-'], A);
    const fromNamed = ask(named);
    expect(fromNamed.stderr).toBe('');
    expect(fromNamed.code).toBe(0);
    const distance = popcount(hasher.fingerprint(A) ^ hasher.fingerprint(edit(A, [30])));
    expect(distance).toBeGreaterThan(0);
    expect(distance).toBeLessThanOrEqual(12);
    expect(popcount(hasher.fingerprint(A) ^ hasher.fingerprint(B))).toBeGreaterThan(12);
    expect(fromNamed.stdout).toBe(`${hasher.fingerprintHex(A)}  (stdin)  2 app/a:0 300:${distance}\n`);
    expect(ask(bare).stdout).toBe(`${hasher.fingerprintHex(A)}  (stdin)  2 100:0 300:${distance}\n`);
    // Appended to by the CLI, it keeps the library's names and ids and adds its own after them.
    const appended = await runInProcess(['index', 'build', '--append', '-o', named, '-'], B);
    expect(appended.stdout).toBe(`301  ${hasher.fingerprintHex(B)}  (stdin)\n`);
    expect(SimHashIndex.deserializeWithNames(readFileSync(named)).names).toEqual(new Map([[100, 'app/a'], [200, 'app/b'], [301, '(stdin)']]));
  });
});

describe('files written by earlier versions', () => {
  const fixtureRecords = readFileSync(fixture('records.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { id: string; text: string });

  it('the library\'s format 1 opens in the library and in the CLI, named by ids', async () => {
    const index = SimHashIndex.deserialize(readFileSync(fixture('library-format-1.idx')));
    fixtureRecords.forEach((r, i) => expect(index.get(10 * (i + 1))).toBe(hasher.fingerprint(r.text)));
    const query = await runInProcess(['index', 'query', '-k', '0', '-i', fixture('library-format-1.idx'), fixture('records.jsonl')]);
    expect(query.code, query.stderr).toBe(0);
    expect(lines(query.stdout)).toEqual(fixtureRecords.map((r, i) => `${hasher.fingerprintHex(r.text)}  ${r.id}  1 ${10 * (i + 1)}:0`));
  });

  it('the CLI\'s "\\x89SHNM" file opens in the CLI with its names; --append turns it into one the library opens', async () => {
    const query = await runInProcess(['index', 'query', '-k', '0', '-i', fixture('cli-format-2.idx'), fixture('records.jsonl')]);
    expect(query.code, query.stderr).toBe(0);
    expect(lines(query.stdout)).toEqual(fixtureRecords.map((r) => `${hasher.fingerprintHex(r.text)}  ${r.id}  1 ${r.id}:0`));
    const idx = files.path('legacy.idx');
    copyFileSync(fixture('cli-format-2.idx'), idx);
    expect(() => SimHashIndex.deserialize(readFileSync(idx))).toThrow(/`simhash index build --append` rewrites it in format 2/);
    const appended = runProcess(['index', 'build', '--append', '-o', idx, '-'], B);
    expect(appended.code, appended.stderr).toBe(0);
    const { index, names } = SimHashIndex.deserializeWithNames(readFileSync(idx));
    expect(names).toEqual(new Map([...fixtureRecords.map((r, i): [number, string] => [i, r.id]), [3, '(stdin)']]));
    expect(index.maxDistance).toBe(4);
    expect(index.get(2)).toBe(hasher.fingerprint(fixtureRecords[2].text));
  });
});

function popcount(x: bigint): number {
  let count = 0;
  for (; x > 0n; x &= x - 1n) count++;
  return count;
}

describe('the command line\'s index with sketches, version 1 (test/fixtures/index-files/cli-sketches-1.idx)', () => {
  it('index query answers from it; dedupe --against verifies by its sketches, which are today\'s', () => {
    const queried = runProcess(['index', 'query', '-i', fixture('cli-sketches-1.idx'), fixture('records.jsonl')]);
    expect(queried.stderr).toBe('');
    expect(lines(queried.stdout)[0]).toMatch(/ {2}doc\/a {2}\d+ doc\/a:0/);
    // The same records again under other ids: each goes for itself, at similarity 1 (its stored sketch equals the
    // one made now), and the edited one's near twin is not taken for it.
    const again = readFileSync(fixture('records.jsonl'), 'utf8').replaceAll('"id":"doc/', '"id":"new/');
    const deduped = runProcess(['dedupe', '--format', 'json', '--min-tokens', '5', '-', '--against', fixture('cli-sketches-1.idx')], again);
    expect(deduped.code, deduped.stderr).toBe(0);
    expect(deduped.stderr).toMatch(/^simhash: warning: .*cli-sketches-1\.idx holds sketches of 32 bins \(written by an older simhash\): its pairs are judged by them, with twice the error of 128; build it again with simhash index build --sketches\n$/);
    const report = JSON.parse(deduped.stdout) as { reference: { id: string; reference: string; similarity: number }[] };
    expect(report.reference.map((r) => [r.id, r.reference, r.similarity])).toEqual([['new/a', 'doc/a', 1], ['new/b', 'doc/b', 1], ['new/ä-edited', 'doc/ä-edited', 1]]);
  });

  it('index remove keeps it a version 1 file; --append to it is refused with one line (a sketch cannot gain bins)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'simhash-sketches-1-'));
    try {
      const copy = join(dir, 'kept.idx');
      copyFileSync(fixture('cli-sketches-1.idx'), copy);
      const appended = runProcess(['index', 'build', '--append', '-q', '-o', copy, fixture('records.jsonl')]);
      expect(appended.code).toBe(2);
      expect(appended.stderr).toMatch(/^simhash: --append: .*kept\.idx holds sketches of 32 bins \(written by an older simhash\), and this one makes 128: build it again with simhash index build --sketches, without --append\n$/);
      expect(readFileSync(copy)).toEqual(readFileSync(fixture('cli-sketches-1.idx')));
      const removed = runProcess(['index', 'remove', '--index', copy, 'doc/b']);
      expect(removed.code, removed.stderr).toBe(0);
      const bytes = readFileSync(copy);
      expect(new DataView(bytes.buffer, bytes.byteOffset).getUint32(8, true)).toBe(1);
      const queried = runProcess(['index', 'query', '-i', copy, fixture('records.jsonl')]);
      expect(queried.stderr).toBe('');
      expect(runProcess(['index', 'query', '-i', fixture('cli-sketches-1.idx'), fixture('records.jsonl')]).stdout).toMatch(/doc\/b {2}\d+ doc\/b:/);
      expect(queried.stdout).not.toMatch(/doc\/b {2}\d+ doc\/b:/);
      expect(queried.stdout).toMatch(/doc\/a {2}\d+ doc\/a:0/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
