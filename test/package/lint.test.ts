// The packed tarball passes publint (package.json fields point at real files of the right format) and
// @arethetypeswrong/cli (every entry resolves to matching types under node10, node16 from ESM and from CJS,
// and bundler resolution).
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { repo } from '../support/paths.js';
import { pack, removeDir, run } from './scratch.js';

let packDir: string | undefined;
let tarball = '';

beforeAll(async () => {
  ({ dir: packDir, tarball } = await pack());
}, 120_000);

afterAll(() => removeDir(packDir));

const bin = (name: string) => join(repo, 'node_modules/.bin', name);

it('publint: no errors, warnings or suggestions', async () => {
  const out = await run(bin('publint'), ['--strict', tarball], repo);
  expect(out).toMatch(/All good!/);
}, 120_000);

it('arethetypeswrong: no problem in any entry or resolution mode', async () => {
  const out = JSON.parse(await run(bin('attw'), ['--format', 'json', tarball], repo)) as {
    analysis: { entrypoints: Record<string, unknown>; problems: unknown[] };
  };
  expect(Object.keys(out.analysis.entrypoints).sort()).toEqual(['.', './dedupe', './html', './package.json', './pool', './pure', './redis']);
  expect(out.analysis.problems).toEqual([]);
}, 120_000);
