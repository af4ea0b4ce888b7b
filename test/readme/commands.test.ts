// Every command line the documentation shows (README.md, CONTRIBUTING.md, docs/*.md; lines.ts finds them) runs as
// shown. Each `npx simhash …` or `node …packages/corpus/dist/cli.js …` line and each `$ `-prompted one runs for
// real, in bash, in a scratch copy of the clone's top directory made for its page (scratch.ts: the built command
// line, linked where npm links it, the full SpamAssassin corpus, which each command reads in about a second, and
// fixture files named as the docs name them), in page order, `cd` lines moving the lines after them in their block.
// Each must exit with the code its comment states (0 unless it says "exits N"); where a page shows output (an
// excerpt under a prompt, or a quoted "<placeholder>" line in a comment) the output must have that shape. npx runs
// offline and may not install anything: a `simhash` it does not find where npm links it fails the line instead of
// fetching the npm package named simhash, which is not this one.
// A usage synopsis (`simhash dedupe [options] [INPUT...]`) is not a command: every option it shows must be in
// `simhash <verb> --help`. `simhash …` shown as a command (no npx), `npx` of anything the clone does not install and
// the old `node dist/cli.js` fail: in a clone there is no `simhash` on PATH and no dist/ at the top.
// Lines that are checked and not run, each for its reason (lines.ts, Kind):
// - `npm …`: npm test runs this test, .ci/run runs `npm ci`, `npm test` and `npm start`, and bench and build take
//   minutes; the scripts they name must exist (in the root package.json, or the workspace's with -w), and `npm i`
//   must name one of the repository's packages.
// - `npx tsx|vitest|tsc|depcruise …`: the tool must be installed and every repository file the line names must exist.
// - a repository script by its path (examples/redis-cluster/start-local-cluster.sh starts servers; test/redis runs
//   it): it must exist and be executable.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runProcess } from '../support/cli.js';
import { packageDir, repo } from '../support/paths.js';
import { docCommands, docFiles, expectedExitCode, synopsisParts, type CommandLine } from './lines.js';
import { readmeScratch } from './scratch.js';
import { commentLinePattern, missingExcerptLine } from './shapes.js';

const commands = docCommands();
const label = (c: CommandLine) => `${c.file}:${c.line}  ${c.command}`;
const byKind = (kind: CommandLine['kind']) => commands.filter((c) => c.kind === kind);

type Result = { code: number; stdout: string; stderr: string };
// The same corpus command may be shown more than once: in a block of commands and again under a prompt with its
// output, or on the README and again on docs/cli.md. A command already run in the same directory of a scratch copy
// (relative to the copy's top) is not run again: the command line is the same program either way (`npx simhash`
// is npm's link to packages/corpus/dist/cli.js) and its output is what both pages show, which saves the SpamAssassin
// runs' tens of seconds. Its files are in the first page's copy only, so a page must not read them after such a line.
const ran = new Map<string, Result>();

/** A command line as the program it runs: `npx simhash …` and `node …packages/corpus/dist/cli.js …` alike. */
const sameProgram = (command: string) => command.replace(/^(npx simhash|node \S*packages\/corpus\/dist\/cli\.js)(?=\s|$)/, 'simhash');

function bash(command: string, cwd: string, top: string): Result {
  const key = `${relative(top, cwd)}\0${sameProgram(command)}`;
  const done = ran.get(key);
  if (done) return done;
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', npm_config_offline: 'true', npm_config_yes: 'false' };
  delete env.FORCE_COLOR;
  const result = spawnSync('bash', ['-c', command], { cwd, env, input: '', encoding: 'utf8', timeout: 60_000, maxBuffer: 64 << 20 });
  if (result.error) throw result.error;
  ran.set(key, { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr });
  return ran.get(key)!;
}

it('finds the commands of every page', () => {
  expect(docFiles()).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/cli.md']));
  expect(byKind('cli').length + byKind('synopsis').length).toBeGreaterThanOrEqual(8);
  expect(byKind('cd').length).toBeGreaterThanOrEqual(1);
  expect(commands.some((c) => c.shown?.some((line) => line.trim() !== ''))).toBe(true);
  // The README's own: the two set-up commands, and the main job run for real.
  const readme = commands.filter((c) => c.file === 'README.md');
  expect(readme.filter((c) => c.kind === 'npm').map((c) => c.command)).toEqual(expect.arrayContaining(['npm ci && npm start', 'npm test']));
  expect(readme.some((c) => c.kind === 'cli' && /\bdedupe\b/.test(c.command))).toBe(true);
});

describe('commands run as shown', () => {
  // One scratch directory per page, made when its first command runs: a page's commands see what that page's
  // earlier commands wrote, and nothing another page wrote.
  const scratchOf = new Map<string, string>();
  const scratch = (file: string) => {
    if (!scratchOf.has(file)) scratchOf.set(file, readmeScratch());
    return scratchOf.get(file)!;
  };
  afterAll(() => {
    for (const dir of scratchOf.values()) rmSync(dir, { recursive: true, force: true });
  });

  it('the command line is built (npm test builds it first)', () => {
    expect(existsSync(join(packageDir.corpus, 'dist/cli.js'))).toBe(true);
    expect(existsSync(join(repo, 'node_modules/.bin/simhash')), 'npm ci links the simhash bin').toBe(true);
  });

  // A block's lines share a working directory, which starts at the scratch clone's top directory.
  const cwdOfBlock = new Map<string, string>();
  const runnable = commands.filter((c) => c.kind === 'cli' || c.kind === 'cd');
  it.each(runnable.map((c) => [label(c), c] as const))('%s', (_, c) => {
    const blockKey = `${c.file}\0${c.block}`;
    const cwd = cwdOfBlock.get(blockKey) ?? scratch(c.file);
    if (c.kind === 'cd') {
      const target = resolve(cwd, c.command.replace(/^cd\s+/, ''));
      expect(existsSync(target) && statSync(target).isDirectory(), `${target} is a directory`).toBe(true);
      cwdOfBlock.set(blockKey, target);
      return;
    }
    const result = bash(c.command, cwd, scratch(c.file));
    const said = `exit ${result.code}\nstderr:\n${result.stderr.slice(0, 3000)}\nstdout:\n${result.stdout.slice(0, 3000)}`;
    expect(result.code, said).toBe(expectedExitCode(c.comment));
    if (c.shown) {
      const actual = (result.stdout + result.stderr).split('\n');
      expect(missingExcerptLine(c.shown, actual), `a line the page shows under the prompt, not in the output:\n${said}`).toBeUndefined();
    }
    const form = commentLinePattern(c.comment);
    if (form) {
      const lines = result.stdout.split('\n').filter((line) => line !== '');
      expect(lines.length, said).toBeGreaterThan(0);
      expect(lines.filter((line) => !form.test(line)), `lines not of the form ${form}`).toEqual([]);
    }
  }, 120_000);
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

it('no command the docs show needs a `simhash` on PATH, another npm package, or the old dist/', () => {
  const why = 'write them as `npx simhash …` or `node packages/corpus/dist/cli.js …`: a clone has no simhash on PATH, npx of a package the clone does not install would fetch it, and dist/cli.js moved to packages/corpus';
  expect(byKind('not-runnable').map(label), why).toEqual([]);
});

type Manifest = { name: string; scripts?: Record<string, string>; workspaces?: string[] };
const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(join(repo, dir, 'package.json'), 'utf8')) as Manifest;

describe('npm lines name scripts and packages that exist', () => {
  const root = readManifest('.');
  const workspaces = new Map((root.workspaces ?? []).map((dir) => [readManifest(dir).name, readManifest(dir)] as const));
  it.each(byKind('npm').map((c) => [label(c), c] as const))('%s', (_, c) => {
    for (const step of c.command.split('&&').map((s) => s.trim().split(/\s+/))) {
      const args = step.slice(1, step.includes('--') ? step.indexOf('--') : undefined);
      const named = args.flatMap((arg, i) => (['-w', '--workspace'].includes(arg) ? [args[i + 1]] : arg.startsWith('--workspace=') ? [arg.slice(12)] : []));
      const positional = args.filter((arg, i) => !arg.startsWith('-') && !['-w', '--workspace'].includes(args[i - 1]));
      const [verb, ...rest] = positional;
      const script = verb === 'run' ? rest[0] : ['start', 'test'].includes(verb) ? verb : undefined;
      if (script) {
        const manifests = named.length ? named.map((name) => workspaces.get(name)) : [root];
        for (const [i, manifest] of manifests.entries()) {
          expect(manifest, `workspace ${named[i]}`).toBeDefined();
          expect(manifest!.scripts, `npm ${step.slice(1).join(' ')}`).toHaveProperty([script]);
        }
      } else {
        expect(['ci', 'install', 'i'], step.join(' ')).toContain(verb);
        // npm i PACKAGE: one of this repository's packages (the clone's own `npm ci` installs everything else).
        for (const name of rest) expect([...workspaces.keys()], step.join(' ')).toContain(name);
      }
    }
  });
});

describe('npx lines run dev tools the clone installs, on files that exist', () => {
  it.each(byKind('tool').map((c) => [label(c), c] as const))('%s', (_, c) => {
    const [, tool, ...args] = c.command.split(/\s+/);
    expect(existsSync(join(repo, 'node_modules/.bin', tool)), `${tool} is installed`).toBe(true);
    const files = args.filter((arg) => /^(?:bench|scripts|test|packages|examples)\/\S+$/.test(arg));
    for (const file of files) expect(existsSync(join(repo, file)), `${file} exists`).toBe(true);
  });
});

describe('repository scripts run by path exist and are executable', () => {
  it.each(byKind('script').map((c) => [label(c), c] as const))('%s', (_, c) => {
    const path = join(repo, c.command.split(/\s+/)[0]);
    expect(() => accessSync(path, constants.X_OK), `${path} is executable`).not.toThrow();
  });
});
