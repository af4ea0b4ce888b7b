// Packs the built package (`npm pack`, as published) and installs the tarball into a scratch project in a
// temp dir, as a user would. Tools (tsc, Vite, esbuild) come from this repo; the package and its
// dependencies come from the scratch project's own node_modules.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repo } from '../support/paths.js';

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
