// The index file keeps each document's name (its path, or its JSONL id), so `index query` answers with names;
// names holding a newline or a tab are quoted git-style; an index file without names (the library's format 1) is
// still read, with ids for names, and --append rewrites it in format 2 (docs/file-formats.md).
import { readFileSync, writeFileSync } from 'node:fs';
import { PassThrough, Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { SimHashIndex } from '../../packages/simhash-wasm/src/block-index/index.js';
import { runCli } from '../../packages/corpus/src/cli/program.js';
import { createSimHash } from '../../packages/simhash-wasm/src/pure/index.js';
import { runInProcess } from '../support/cli.js';
import { scratchDir } from '../support/scratch-dir.js';
import { article, edit } from '../support/dedupe-fixture.js';

const hasher = createSimHash();
const hex = (text: string) => hasher.fingerprintHex(text);
const A = article(11);
const B = article(12);
const records = [{ id: 'doc/a', text: A }, { id: 'doc/b', text: B }, { id: 'doc/a-edited', text: edit(A, [30]) }];
const files = scratchDir({
  'records.jsonl': records.map((r) => JSON.stringify(r)).join('\n'),
  'query.txt': edit(A, [60]),
  'we\tird\nname.txt': B,
  'quote"and\\slash.txt': A,
});
afterAll(files.remove);
const lines = (text: string) => text.trimEnd().split('\n');

describe('names in the index', () => {
  it('index build keeps the ids; index query answers with them, nearest first', async () => {
    const idx = files.path('named.idx');
    const built = await runInProcess(['index', 'build', '-k', '8', '-o', idx, files.path('records.jsonl')]);
    expect(built.stdout).toBe(records.map((r, i) => `${i}  ${hex(r.text)}  ${r.id}\n`).join(''));
    const query = await runInProcess(['index', 'query', '-i', idx, files.path('query.txt'), files.path('records.jsonl')]);
    expect(query.code).toBe(0);
    const [fromFile, ...fromRecords] = lines(query.stdout);
    expect(fromFile).toMatch(new RegExp(`^${hex(edit(A, [60]))}  ${files.path('query.txt')}  2 doc/a:\\d+ doc/a-edited:\\d+$`));
    expect(fromRecords[1]).toBe(`${hex(B)}  doc/b  1 doc/b:0`);
  });

  it('names with a newline, a tab, a quote or a backslash are quoted as git quotes paths: one line per document', async () => {
    const odd = [files.path('we\tird\nname.txt'), files.path('quote"and\\slash.txt')];
    const quoted = [`"${files.dir}/we\\tird\\nname.txt"`, `"${files.dir}/quote\\"and\\\\slash.txt"`];
    const printed = await runInProcess(['fingerprint', ...odd]);
    expect(lines(printed.stdout)).toEqual([`${hex(B)}  ${quoted[0]}`, `${hex(A)}  ${quoted[1]}`]);
    const idx = files.path('odd.idx');
    const built = await runInProcess(['index', 'build', '-o', idx, ...odd]);
    expect(lines(built.stdout)).toEqual([`0  ${hex(B)}  ${quoted[0]}`, `1  ${hex(A)}  ${quoted[1]}`]);
    const query = await runInProcess(['index', 'query', '-i', idx, odd[0]]);
    expect(query.stdout).toBe(`${hex(B)}  ${quoted[0]}  1 ${quoted[0]}:0\n`);
    const deduped = await runInProcess(['dedupe', '--threads', '1', odd[1], files.path('records.jsonl')]);
    expect(deduped.stdout).toContain(`   0  ${quoted[1]}\n`);
  });
});

describe('index file formats', () => {
  it('an index without names (the library\'s format 1) is queried with ids for names; --append rewrites it as format 2', async () => {
    const old = new SimHashIndex({ maxDistance: 3, pipelineVersion: hasher.version });
    old.addMany(BigUint64Array.of(hasher.fingerprint(A), hasher.fingerprint(B)));
    const idx = files.path('old.idx');
    writeFileSync(idx, old.serialize());
    const query = await runInProcess(['index', 'query', '-i', idx, '-'], A);
    expect(query).toEqual({ code: 0, stdout: `${hex(A)}  (stdin)  1 0:0\n`, stderr: '' });
    const appended = await runInProcess(['index', 'build', '--append', '-o', idx, files.path('quote"and\\slash.txt')]);
    expect(appended.stdout).toBe(`2  ${hex(A)}  "${files.dir}/quote\\"and\\\\slash.txt"\n`);
    // The library's magic and format version 2, with the one name known: the library reads it as the CLI does.
    const rewritten = readFileSync(idx);
    expect([rewritten.subarray(0, 8), rewritten.readUInt32LE(8)]).toEqual([Buffer.from([0x89, 0x53, 0x48, 0x49, 0x58, 0x0d, 0x0a, 0x1a]), 2]);
    expect(SimHashIndex.deserializeWithNames(rewritten).names).toEqual(new Map([[2, `${files.dir}/quote"and\\slash.txt`]]));
    const again = await runInProcess(['index', 'query', '-i', idx, '-'], A);
    expect(again.stdout).toBe(`${hex(A)}  (stdin)  2 0:0 "${files.dir}/quote\\"and\\\\slash.txt":0\n`);
  });

  it('refuses a damaged, a foreign, a cut and a future index file with a clear message, exit 2', async () => {
    const idx = files.path('good.idx');
    await runInProcess(['index', 'build', '-o', idx, files.path('records.jsonl')]);
    const good = readFileSync(idx);
    const legacy = readFileSync(new URL('../fixtures/index-files/cli-format-2.idx', import.meta.url));
    const variants: [string, Uint8Array, RegExp][] = [
      ['flipped', Uint8Array.from(good, (b, i) => (i === 40 ? b ^ 1 : b)), /not a usable index file: checksum mismatch \(the data was altered or corrupted\)$/],
      ['cut', good.subarray(0, good.length - 10), /not a usable index file: truncated: the header and the names section describe \d+ bytes, the buffer has \d+$/],
      ['tiny', good.subarray(0, 20), /not a usable index file: truncated at 20 bytes, inside the 28-byte header$/],
      ['foreign', Buffer.from('{"not": "an index"}'), /not a usable index file: wrong magic number \(not a serialized SimHashIndex\)$/],
      ['future', Uint8Array.from(good, (b, i) => (i === 8 ? 3 : b)), /not a usable index file: format version 3, this library reads versions 1 and 2$/],
      // The CLI's wrapper of before format 2 (test/fixtures/index-files), damaged: the messages it always gave.
      ['legacy-flipped', Uint8Array.from(legacy, (b, i) => (i === 40 ? b ^ 1 : b)), /damaged index file: checksum mismatch \(it changed after it was written\)$/],
      ['legacy-cut', legacy.subarray(0, legacy.length - 10), /damaged index file: its sections add up to 224 bytes, the file has 214 \(cut short, or extended\)$/],
      ['legacy-tiny', legacy.subarray(0, 20), /damaged index file: cut short \(20 bytes\)$/],
      ['legacy-future', Uint8Array.from(legacy, (b, i) => (i === 8 ? 3 : b)), /index file format 3 in the "\\x89SHNM" wrapper, which only ever held format 2$/],
    ];
    for (const [name, bytes, message] of variants) {
      writeFileSync(files.path(`${name}.idx`), bytes);
      const result = await runInProcess(['index', 'query', '-i', files.path(`${name}.idx`), files.path('query.txt')]);
      expect(result.code, name).toBe(2);
      expect(result.stdout, name).toBe('');
      expect(result.stderr, name).toMatch(new RegExp(`^simhash: ${files.path(name)}\\.idx: ${message.source.replace('$', '\\n$')}`));
    }
  });
});

describe('index build on the worker pool', () => {
  const many = Array.from({ length: 1500 }, (_, i) => JSON.stringify({ id: `n${i}`, text: article(1000 + i, 40) })).join('\n');

  it('--threads 2 prints and stores the same fingerprints, in the same order, as --threads 1', async () => {
    writeFileSync(files.path('many.jsonl'), many);
    const one = await runInProcess(['index', 'build', '--threads', '1', '-o', files.path('one.idx'), files.path('many.jsonl')]);
    const two = await runInProcess(['index', 'build', '--threads', '2', '-o', files.path('two.idx'), files.path('many.jsonl')]);
    expect(one.code).toBe(0);
    expect(lines(one.stdout)).toHaveLength(1500);
    expect(two).toEqual(one);
    expect(readFileSync(files.path('two.idx'))).toEqual(readFileSync(files.path('one.idx')));
  });

  it('draws a progress bar on a terminal, saying what runs; none with --quiet', async () => {
    // The bar shows once its package is loaded (src/cli/progress.ts), and this run is shorter than a first load.
    await import('cli-progress');
    const onTerminal = async (...flags: string[]) => {
      let drawn = '';
      const stderr = Object.assign(new Writable({ write(chunk, _e, done) { drawn += String(chunk); done(); } }), { isTTY: true, columns: 120, cursorTo: () => true, clearLine: () => true, moveCursor: () => true });
      const stdout = new Writable({ write(_c, _e, done) { done(); } });
      const stdin = new PassThrough();
      stdin.end();
      const code = await runCli(['index', 'build', '--threads', '1', ...flags, '-o', files.path('bar.idx'), files.path('many.jsonl')], { stdin, stdout, stderr });
      expect(code).toBe(0);
      return drawn;
    };
    expect(await onTerminal()).toMatch(/index build \[.*\] \d+% \| [\d.]+\/[\d.]+ MB \| \d+ documents/);
    expect(await onTerminal('--quiet')).toBe('');
  });
});
