// Inputs that cannot be documents (a binary file, an empty one, invalid UTF-8, a directory with nothing in it) are
// skipped with the same reason by every command; inputs with no document at all end in "no input documents", exit 5.
import { mkdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createSimHash } from '../../packages/simhash-wasm/src/pure/index.js';
import { runInProcess, runProcess } from '../support/cli.js';
import { scratchDir } from '../support/scratch-dir.js';

const TEXT = 'a readable document with enough words in it to fingerprint';
const files = scratchDir({
  'binary.bin': new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01]),
  'empty.txt': '',
  'latin1.txt': Uint8Array.from([...Buffer.from('caf'), 0xe9, ...Buffer.from(' au lait')]),
  'good.txt': TEXT,
});
mkdirSync(files.path('nothing-here'));
afterAll(files.remove);

const BAD = ['binary.bin', 'empty.txt', 'latin1.txt'];
const REASONS = [
  `simhash: ${files.path('binary.bin')}: binary file (contains NUL bytes), skipped`,
  `simhash: ${files.path('empty.txt')}: empty file, skipped`,
  `simhash: ${files.path('latin1.txt')}: not valid UTF-8 (byte 0xe9 at offset 3; --invalid-utf8 replace reads it anyway), skipped`,
];
const stderrLines = (stderr: string) => stderr.trim().split('\n');

describe('skipped inputs', () => {
  it('fingerprint, index build, index query and dedupe skip the same inputs with the same reasons', async () => {
    const inputs = [...BAD, 'good.txt'].map(files.path);
    const idx = files.path('skip.idx');
    const runs = {
      fingerprint: await runInProcess(['fingerprint', ...inputs]),
      build: await runInProcess(['index', 'build', '-o', idx, ...inputs]),
      query: await runInProcess(['index', 'query', '-i', idx, ...inputs]),
      dedupe: await runInProcess(['dedupe', ...inputs]),
    };
    for (const [verb, run] of Object.entries(runs)) {
      expect(run.code, verb).toBe(1);
      expect(stderrLines(run.stderr), verb).toEqual(REASONS);
    }
    expect(runs.fingerprint.stdout).toBe(`${createSimHash().fingerprintHex(TEXT)}  ${files.path('good.txt')}\n`);
    expect(runs.build.stdout).toBe(`0  ${createSimHash().fingerprintHex(TEXT)}  ${files.path('good.txt')}\n`);
  });

  it('--invalid-utf8 replace reads the Latin-1 file in fingerprint and index too', async () => {
    const result = await runInProcess(['fingerprint', '--invalid-utf8', 'replace', files.path('latin1.txt')]);
    expect(result).toEqual({ code: 0, stdout: `${createSimHash().fingerprintHex('caf\ufffd au lait')}  ${files.path('latin1.txt')}\n`, stderr: '' });
  });
});

describe('no input documents', () => {
  it('an empty directory: "simhash: no input documents", exit code 5, in every command that reads documents', async () => {
    const empty = files.path('nothing-here');
    const runs = [
      await runInProcess(['fingerprint', empty]),
      await runInProcess(['index', 'build', '-o', files.path('none.idx'), empty]),
      await runInProcess(['index', 'query', '-i', files.path('skip.idx'), empty]),
      await runInProcess(['dedupe', empty]),
      await runInProcess(['make-pairs', empty]),
    ];
    for (const run of runs) expect(run).toEqual({ code: 5, stdout: '', stderr: 'simhash: no input documents\n' });
  });

  it('every input skipped is no documents too: the reasons, then the message, exit code 5; no index is written', async () => {
    const result = runProcess(['index', 'build', '-o', files.path('never.idx'), ...BAD.map(files.path)]);
    expect(result.code).toBe(5);
    expect(stderrLines(result.stderr)).toEqual([...REASONS, 'simhash: no input documents']);
    expect(runProcess(['index', 'query', '-i', files.path('never.idx'), files.path('good.txt')]).stderr).toMatch(/cannot read the index .*never\.idx: no such file/);
  });

  it('a pattern matching nothing, and an empty stdin', async () => {
    const pattern = await runInProcess(['fingerprint', files.path('*.pdf')]);
    expect(pattern.code).toBe(5);
    expect(stderrLines(pattern.stderr)).toEqual([`simhash: ${files.path('*.pdf')}: no such file or directory, and no file matches it as a pattern, skipped`, 'simhash: no input documents']);
    expect(await runInProcess(['fingerprint'], '')).toEqual({ code: 5, stdout: '', stderr: 'simhash: (stdin): empty file, skipped\nsimhash: no input documents\n' });
  });
});
