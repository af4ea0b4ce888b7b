// The built `simhash` executable (dist/cli.js, made by `npm run build`, which `npm test` runs first) as a real process.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as wasm from '../../packages/simhash-wasm/src/index.js';
import { builtCli, runProcess } from '../support/cli.js';
import { scratchDir } from '../support/scratch-dir.js';

const files = scratchDir({
  'a.txt': 'The quick brown fox jumps over the lazy dog',
  'many.jsonl': Array.from({ length: 20_000 }, (_, i) => JSON.stringify({ id: `n${i}`, text: `line ${i} of many` })).join('\n'),
});
afterAll(files.remove);
beforeAll(() => wasm.init());

describe('dist/cli.js', () => {
  it('exists (run "npm run build" first), starts with a shebang and is executable', () => {
    expect(existsSync(builtCli), `${builtCli} is missing: run "npm run build"`).toBe(true);
    expect(readFileSync(builtCli, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(() => accessSync(builtCli, constants.X_OK)).not.toThrow();
  });

  it('fingerprints a file and stdin as the library does, with both engines', () => {
    const want = wasm.createSimHash().fingerprintHex(readFileSync(files.path('a.txt')));
    for (const engine of ['wasm', 'pure']) {
      const result = runProcess(['fingerprint', '--engine', engine, files.path('a.txt'), '-'], 'from stdin');
      expect(result).toEqual({ code: 0, stdout: `${want}  ${files.path('a.txt')}\n${wasm.createSimHash().fingerprintHex('from stdin')}  (stdin)\n`, stderr: '' });
    }
  });

  it('exits 2 on a bad --shingle and 1 on an unreadable file, as a process', () => {
    expect(runProcess(['fingerprint', '--shingle', '0', files.path('a.txt')]).code).toBe(2);
    const missing = runProcess(['fingerprint', files.path('nope.txt'), files.path('a.txt')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(files.path('nope.txt'));
    expect(missing.stdout).toContain(files.path('a.txt'));
  });

  it('stops quietly with exit code 0 when the reader closes the pipe early', () => {
    const out = execFileSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${builtCli}" fingerprint --jsonl "${files.path('many.jsonl')}" | head -n 1`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(out).toBe(`${wasm.createSimHash().fingerprintHex('line 0 of many')}  n0\n`);
  });
});
