// Packs the built packages (`npm pack`, as published) and installs tarballs into a scratch project in a temp dir,
// as a user would. Tools (tsc, Vite, esbuild, publint, attw) come from this repo; the packages and their
// dependencies come from the scratch project's own node_modules.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packageDir } from '../support/paths.js';

/** The repository's packages, by their npm names. */
export const PACKAGES = { 'simhash-wasm': packageDir.library, 'simhash-wasm-redis': packageDir.redis, 'simhash-wasm-corpus': packageDir.corpus } as const;
export type PackageName = keyof typeof PACKAGES;

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

export interface Packed {
  /** The temp dir holding the tarballs. */
  readonly dir: string;
  /** Each package's tarball. */
  readonly tarballs: Record<PackageName, string>;
  /** Each package's size unpacked, in bytes, as `npm pack` reports it. */
  readonly unpackedSize: Record<PackageName, number>;
}

/** `npm pack` of every package (which `npm test` has just built) into one fresh temp dir. */
export async function packAll(): Promise<Packed> {
  const dir = mkdtempSync(join(tmpdir(), 'simhash-pack-'));
  const tarballs = {} as Record<PackageName, string>;
  const unpackedSize = {} as Record<PackageName, number>;
  for (const [name, folder] of Object.entries(PACKAGES) as [PackageName, string][]) {
    const out = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], folder);
    const [packed] = JSON.parse(out) as { filename: string; unpackedSize: number }[];
    tarballs[name] = join(dir, packed.filename);
    unpackedSize[name] = packed.unpackedSize;
  }
  return { dir, tarballs, unpackedSize };
}

/**
 * A scratch project with the given tarballs installed (their registry dependencies from npm's cache where it has
 * them). A sibling package's dependency on simhash-wasm is met by the simhash-wasm tarball installed beside it.
 */
export async function scratchProject(tarballs: readonly string[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'simhash-consumer-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'simhash-consumer', private: true, type: 'module' }, null, 2));
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', '--loglevel=error', ...tarballs], dir);
  return dir;
}

/** The packages installed in a project's node_modules, every depth (`npm ls --all`), by name. */
export async function installedPackages(dir: string): Promise<string[]> {
  const out = await run('npm', ['ls', '--all', '--parseable'], dir);
  return out.split('\n').filter((line) => line.includes('node_modules')).map((line) => line.slice(line.lastIndexOf('node_modules/') + 'node_modules/'.length)).sort();
}

export function removeDir(dir: string | undefined): void {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
