// Every packed tarball passes publint (package.json fields point at real files of the right format) and
// @arethetypeswrong/cli (every entry resolves to matching types under node10, node16 from ESM and from CJS, and
// bundler resolution).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repo } from '../support/paths.js';
import { packAll, removeDir, run, type Packed, type PackageName } from './scratch.js';

let packed: Packed | undefined;

beforeAll(async () => {
  packed = await packAll();
}, 180_000);

afterAll(() => removeDir(packed?.dir));

const bin = (name: string) => join(repo, 'node_modules/.bin', name);

const ENTRIES: Record<PackageName, string[]> = {
  'simhash-wasm': ['.', './internal', './internal/pool', './lite', './package.json', './pool', './pure'],
  'simhash-wasm-redis': ['.', './package.json'],
  'simhash-wasm-corpus': ['.', './html', './package.json'],
};

describe.each(Object.keys(ENTRIES) as PackageName[])('%s', (name) => {
  it('publint: no errors, warnings or suggestions', async () => {
    const out = await run(bin('publint'), ['--strict', packed!.tarballs[name]], repo);
    expect(out).toMatch(/All good!/);
  }, 120_000);

  it('arethetypeswrong: no problem in any entry or resolution mode', async () => {
    const out = JSON.parse(await run(bin('attw'), ['--format', 'json', packed!.tarballs[name]], repo)) as {
      analysis: { entrypoints: Record<string, unknown>; problems: unknown[] };
    };
    expect(Object.keys(out.analysis.entrypoints).sort()).toEqual(ENTRIES[name]);
    expect(out.analysis.problems).toEqual([]);
  }, 120_000);
});
