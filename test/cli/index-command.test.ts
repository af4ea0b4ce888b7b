// `simhash index build` / `simhash index query`, in-process, checked against the library. The index file is the
// library's serialization with the documents' names (src/cli/index-file.ts); queries answer with the names.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as pure from '../../packages/simhash-wasm/src/pure/index.js';
import { SimHashIndex } from '../../packages/simhash-wasm/src/block-index/index.js';
import { initAll } from '../support/engines.js';
import { lines, runInProcess } from '../support/cli.js';
import { scratchDir } from '../support/scratch-dir.js';

const base = Array.from({ length: 400 }, (_, i) => `word${(i * 7919) % 1009}`).join(' ');
// One word changed: 3 bits away (checked below), within the default k = 3.
const edited = base.split(' ').map((w, i) => (i === 95 ? 'zz5' : w)).join(' ');
const other = Array.from({ length: 400 }, (_, i) => `other${(i * 104729) % 997}`).join(' ');
const files = scratchDir({
  'a.txt': base,
  'b.txt': edited,
  'c.txt': other,
  'docs.jsonl': [JSON.stringify({ text: base }), JSON.stringify({ text: other }), '{"not": "a record"}', JSON.stringify({ text: edited })].join('\n'),
});
afterAll(files.remove);
beforeAll(initAll);

const hasher = pure.createSimHash({ shingle: 3 });
/** The index file, opened by the library as an application would, checked for the given pipeline. */
const loadIndex = (path: string, pipelineVersion?: string) => SimHashIndex.deserialize(readFileSync(path), pipelineVersion === undefined ? {} : { pipelineVersion });

describe('simhash index', () => {
  it('build prints "<id>  <hex>  <input>"; query finds the near-duplicates the library finds', async () => {
    const out = files.path('abc.idx');
    const built = await runInProcess(['index', 'build', '--engine', 'pure', '-o', out, files.path('a.txt'), files.path('b.txt'), files.path('c.txt')]);
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    const texts = [base, edited, other];
    expect(lines(built.stdout)).toEqual(['a.txt', 'b.txt', 'c.txt'].map((n, i) => `${i}  ${hasher.fingerprintHex(texts[i])}  ${files.path(n)}`));
    const index = loadIndex(out, hasher.version);
    expect(index.size).toBe(3);
    expect(index.maxDistance).toBe(3);
    const queried = await runInProcess(['index', 'query', '-i', out, files.path('b.txt'), files.path('c.txt')]);
    expect(queried.code).toBe(0);
    const want = [edited, other].map((text, i) => {
      const fp = hasher.fingerprint(text);
      const matches = index.query(fp);
      return `${hasher.fingerprintHex(text)}  ${files.path(['b.txt', 'c.txt'][i])}  ${matches.length}${matches.map((m) => ` ${files.path(['a.txt', 'b.txt', 'c.txt'][m.id])}:${m.distance}`).join('')}`;
    });
    expect(lines(queried.stdout)).toEqual(want);
    expect(pure.hamming(hasher.fingerprint(base), hasher.fingerprint(edited))).toBe(3);
    expect(lines(queried.stdout)[0].endsWith(`  2 ${files.path('b.txt')}:0 ${files.path('a.txt')}:3`)).toBe(true); // b finds itself first, then a
  });

  it('reads JSONL records as documents, reports a malformed line, and --append continues the ids', async () => {
    const out = files.path('lines.idx');
    const built = await runInProcess(['index', 'build', '--engine', 'pure', '--jsonl', '-o', out, files.path('docs.jsonl')]);
    expect(built.code).toBe(1);
    expect(built.stderr).toMatch(/docs\.jsonl:3: malformed JSONL line: "text" must be a string, got none, skipped/);
    expect(lines(built.stdout).map((l) => l.split('  ')[2])).toEqual([1, 2, 4].map((n) => `${files.path('docs.jsonl')}:${n}`));
    const appended = await runInProcess(['index', 'build', '--engine', 'pure', '--append', '-o', out, '-'], other);
    expect(appended.code).toBe(0);
    expect(appended.stdout).toBe(`3  ${hasher.fingerprintHex(other)}  (stdin)\n`);
    const queried = await runInProcess(['index', 'query', '--engine', 'pure', '-i', out, '-k', '0'], other);
    expect(queried.stdout).toBe(`${hasher.fingerprintHex(other)}  (stdin)  2 ${files.path('docs.jsonl')}:2:0 (stdin):0\n`);
  });

  it('refuses an index of another pipeline, a corrupted one, a missing one, and a k beyond the index', async () => {
    const out = files.path('w3.idx');
    await runInProcess(['index', 'build', '-o', out, files.path('a.txt')]);
    const otherShingle = await runInProcess(['index', 'query', '-i', out, '--shingle', '2', files.path('a.txt')]);
    expect(otherShingle.code).toBe(2);
    expect(otherShingle.stderr).toMatch(/pipeline .*w=3.*w=2.*--shingle/);
    const bytes = readFileSync(out);
    bytes[bytes.length - 12] ^= 1;
    writeFileSync(files.path('bad.idx'), bytes);
    const corrupted = await runInProcess(['index', 'query', '-i', files.path('bad.idx'), files.path('a.txt')]);
    expect(corrupted.code).toBe(2);
    expect(corrupted.stderr).toMatch(/bad\.idx: not a usable index file: checksum mismatch/);
    const missing = await runInProcess(['index', 'query', '-i', files.path('nope.idx'), files.path('a.txt')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read the index .*nope\.idx: no such file/);
    const tooFar = await runInProcess(['index', 'query', '-i', out, '-k', '5', files.path('a.txt')]);
    expect(tooFar.code).toBe(2);
    expect(tooFar.stderr).toMatch(/built with k = 3/);
  });

  it('checks -k and --layout, and keeps going past an unreadable input', async () => {
    expect((await runInProcess(['index', 'build', '-o', files.path('x.idx'), '-k', '65'])).code).toBe(2);
    const layout = await runInProcess(['index', 'build', '-o', files.path('x.idx'), '-k', '3', '--layout', '3', files.path('a.txt')]);
    expect(layout.code).toBe(2);
    expect(layout.stderr).toMatch(/--layout must be from --max-distance \+ 1 = 4/);
    const partly = await runInProcess(['index', 'build', '--layout', '6', '-o', files.path('y.idx'), files.path('missing.txt'), files.path('c.txt')]);
    expect(partly.code).toBe(1);
    expect(partly.stderr).toMatch(/missing\.txt: no such file/);
    expect(lines(partly.stdout)).toEqual([`0  ${hasher.fingerprintHex(other)}  ${files.path('c.txt')}`]);
    expect(loadIndex(files.path('y.idx')).layout.blocks).toBe(6);
  });

  it('builds a multi-index layout with --layout m<N>, and refuses one that does not fit k', async () => {
    const built = await runInProcess(['index', 'build', '-k', '7', '--layout', 'm4', '-o', files.path('m.idx'), files.path('a.txt'), files.path('c.txt')]);
    expect(built.code).toBe(0);
    const layout = loadIndex(files.path('m.idx')).layout;
    expect([layout.kind, layout.tables, layout.radius]).toEqual(['multi-index', 4, [1, 1, 1, 1]]);
    const tooMany = await runInProcess(['index', 'build', '-k', '3', '--layout', 'm5', '-o', files.path('n.idx'), files.path('a.txt')]);
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toMatch(/--layout m must be from 1 to 4/);
  });
});
