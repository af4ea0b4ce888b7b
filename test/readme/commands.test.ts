// Every command line README.md shows runs as shown: each `node …dist/cli.js …` line and each `$ `-prompted line
// runs for real, in bash, in a scratch copy of the clone's top directory (scratch.ts: the built dist/, the
// full SpamAssassin corpus, which each command reads in about a second, and fixture files named as the README names
// them), in README order, `cd` lines moving the lines after them in their block. Each must exit with the code its
// comment states (0 unless it says "exits N"); where the README shows output (an excerpt under a prompt, or a quoted
// "<placeholder>" line in a comment) the output must have that shape. A usage synopsis (`simhash dedupe [options]
// [INPUT...]`) is not a command: every option it shows must be in `simhash <verb> --help`. `simhash …` or
// `npx simhash …` shown as a command fails: in a clone no `simhash` is on PATH, and npx would fetch the npm package
// named simhash, which is not this one. `npm …` lines are not run here (`npm test` runs this test; .ci/run runs
// `npm ci`, `npm test` and `npm start`), but the scripts they name must exist.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../support/cli.js';
import { repo } from '../support/paths.js';
import { expectedExitCode, readmeCommands, synopsisParts, type CommandLine } from './lines.js';
import { readmeScratch } from './scratch.js';
import { commentLinePattern, missingExcerptLine } from './shapes.js';

const commands = readmeCommands();
const label = (c: CommandLine) => `README.md:${c.line}  ${c.command}`;
const byKind = (kind: CommandLine['kind']) => commands.filter((c) => c.kind === kind);

type Result = { code: number; stdout: string; stderr: string };
// The main-job block and the output excerpt under it show the same corpus commands: a command already run in the
// same directory is not run again (its files are already there), which saves seconds.
const ran = new Map<string, Result>();

function bash(command: string, cwd: string): Result {
  const key = `${cwd}\0${command}`;
  const done = ran.get(key);
  if (done) return done;
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  const result = spawnSync('bash', ['-c', command], { cwd, env, input: '', encoding: 'utf8', timeout: 60_000, maxBuffer: 64 << 20 });
  if (result.error) throw result.error;
  ran.set(key, { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr });
  return ran.get(key)!;
}

it('finds the README\'s commands', () => {
  expect(byKind('cli').length + byKind('synopsis').length).toBeGreaterThanOrEqual(8);
  expect(byKind('cd').length).toBeGreaterThanOrEqual(1);
  expect(commands.some((c) => c.shown?.some((line) => line.trim() !== ''))).toBe(true);
});

describe('commands run as shown', () => {
  let scratch = '';
  beforeAll(() => {
    expect(existsSync(join(repo, 'dist/cli.js')), 'dist/cli.js is built (npm test builds it first)').toBe(true);
    scratch = readmeScratch();
  }, 60_000);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  // A block's lines share a working directory, which starts at the clone's top directory.
  const cwdOfBlock = new Map<number, string>();
  const runnable = commands.filter((c) => c.kind === 'cli' || c.kind === 'cd');
  it.each(runnable.map((c) => [label(c), c] as const))('%s', (_, c) => {
    const cwd = cwdOfBlock.get(c.block) ?? scratch;
    if (c.kind === 'cd') {
      const target = resolve(cwd, c.command.replace(/^cd\s+/, ''));
      expect(existsSync(target) && statSync(target).isDirectory(), `${target} is a directory`).toBe(true);
      cwdOfBlock.set(c.block, target);
      return;
    }
    const result = bash(c.command, cwd);
    const said = `exit ${result.code}\nstderr:\n${result.stderr.slice(0, 3000)}\nstdout:\n${result.stdout.slice(0, 3000)}`;
    expect(result.code, said).toBe(expectedExitCode(c.comment));
    if (c.shown) {
      const actual = (result.stdout + result.stderr).split('\n');
      expect(missingExcerptLine(c.shown, actual), `a line the README shows under the prompt, not in the output:\n${said}`).toBeUndefined();
    }
    const form = commentLinePattern(c.comment);
    if (form) {
      const lines = result.stdout.split('\n').filter((line) => line !== '');
      expect(lines.length, said).toBeGreaterThan(0);
      expect(lines.filter((line) => !form.test(line)), `lines not of the form ${form}`).toEqual([]);
    }
  });
});

describe('usage synopses: every option shown is in --help', () => {
  it.each(byKind('synopsis').map((c) => [label(c), c] as const))('%s', (_, c) => {
    const { verbs, options } = synopsisParts(c.command);
    const help = runProcess([...verbs, '--help']);
    expect(help.code, help.stderr).toBe(0);
    const missing = options.filter((option) => !new RegExp(`(^|[\\s,])${option}(?=[\\s,=<]|$)`, 'm').test(help.stdout));
    expect(missing, `simhash ${verbs.join(' ')} --help:\n${help.stdout}`).toEqual([]);
  });
});

it('no command the README shows needs a `simhash` on PATH', () => {
  const why = 'write them as `node dist/cli.js …`: a clone has no simhash on PATH, and npx would fetch the npm package named simhash';
  expect(byKind('not-runnable').map(label), why).toEqual([]);
});

describe('npm lines name scripts that exist', () => {
  const { scripts } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  it.each(byKind('npm').map((c) => [label(c), c] as const))('%s', (_, c) => {
    for (const step of c.command.split('&&').map((s) => s.trim().split(/\s+/))) {
      const script = step[1] === 'run' ? step[2] : ['start', 'test'].includes(step[1]) ? step[1] : undefined;
      if (script) expect(scripts, `npm ${step.slice(1).join(' ')}`).toHaveProperty([script]);
      else expect(['ci', 'install', 'i'], step.join(' ')).toContain(step[1]);
    }
  });
});
