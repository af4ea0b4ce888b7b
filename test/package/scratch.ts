// Packs the built package (`npm pack`, as published) and installs the tarball into a scratch project in a
// temp dir, as a user would. Tools (tsc, Vite, esbuild) come from this repo; the package and its
// dependencies come from the scratch project's own node_modules.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const repo = fileURLToPath(new URL('../..', import.meta.url));

export interface Golden { engine: string; tf: string[][]; weighted: string[][] }
export interface GoldenLine { text: string; tf: string[]; weighted: string[] }

export const golden: GoldenLine[] = readFileSync(join(repo, 'test/fixtures/reference-fingerprints.jsonl'), 'utf8')
  .split('\n').filter(Boolean).map((line) => JSON.parse(line));

/** Runs a command; its failure carries its output, so a test failure says what went wrong. */
export async function run(command: string, args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(command, args, { cwd, maxBuffer: 256 << 20, env: { ...process.env, NO_COLOR: '1' } });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stderr}\n${stdout}`.slice(0, 8000), { cause: error });
  }
}

/** `npm pack` of the repo (which `npm test` has just built) into a fresh temp dir; returns the tarball's path. */
export async function pack(): Promise<{ dir: string; tarball: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'simhash-pack-'));
  const out = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], repo);
  const [{ filename }] = JSON.parse(out) as { filename: string }[];
  return { dir, tarball: join(dir, filename) };
}

/** A scratch project with the tarball installed (its dependencies from npm's cache where it has them). */
export async function scratchProject(tarball: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'simhash-consumer-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({
    name: 'simhash-consumer', private: true, type: 'module', dependencies: { 'simhash-wasm': `file:${tarball}` },
  }, null, 2));
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--loglevel=error'], dir);
  return dir;
}

export function removeDir(dir: string | undefined): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}

/** Differences between what a consumer printed for one engine and the golden file (empty when all agree). */
export function goldenMisses(got: Golden, label: string): string[] {
  const misses: string[] = [];
  for (const kind of ['tf', 'weighted'] as const) {
    for (const w of [1, 2, 3]) {
      const column = got[kind]?.[w - 1];
      if (!Array.isArray(column) || column.length !== golden.length) {
        misses.push(`${label} ${kind} w=${w}: ${Array.isArray(column) ? column.length : 'no'} values for ${golden.length} lines`);
        continue;
      }
      golden.forEach((line, i) => {
        if (column[i] !== line[kind][w - 1]) misses.push(`${label} ${kind} w=${w} line ${i + 1}: got ${column[i]}, want ${line[kind][w - 1]}`);
      });
    }
  }
  return misses.slice(0, 10);
}
