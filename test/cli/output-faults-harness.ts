// For the output fault and index lock tests, which run the built `simhash` (test/support/cli.ts): the index files it
// leaves, JSONL documents for it to index, and a small tmpfs to fill up.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SimHashIndex } from '../../packages/simhash-wasm/src/block-index/index.js';
import { runCli } from '../support/cli.js';

/** The index in a file `simhash index build` wrote: the library's own format (docs/file-formats.md), names and all. */
export function indexIn(path: string): SimHashIndex {
  return SimHashIndex.deserialize(readFileSync(path), { acceptAnyPipelineVersion: true });
}

/** How many documents the index file holds (any pipeline version: only the count matters here). */
export function indexedCount(path: string): number {
  return indexIn(path).size;
}

/**
 * How `index build --jsonl` wants its lines: `{ "id", "text" }` records (the one JSONL convention of every command) or, on
 * builds from before it, JSON strings. Asked of the built command once, so these tests hold on either side of it.
 */
async function jsonlShape(): Promise<'record' | 'string'> {
  const dir = mkdtempSync(join(tmpdir(), 'simhash-probe-'));
  try {
    const probe = await runCli(['index', 'build', '--jsonl', '-o', join(dir, 'probe.idx'), '-'], { stdin: `${JSON.stringify({ id: 'probe', text: 'a probe document' })}\n` });
    return probe.code === 0 ? 'record' : 'string';
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let shape: Promise<'record' | 'string'> | undefined;

/** n JSONL documents, each a distinct short text. */
export async function jsonlDocuments(n: number, tag: string): Promise<string> {
  shape ??= jsonlShape();
  const records = (await shape) === 'record';
  let out = '';
  for (let i = 0; i < n; i++) {
    const text = `${tag} document ${i} w${(i * 7919) % 100_003} v${(i * 104_729) % 9973}`;
    out += `${JSON.stringify(records ? { id: `${tag}-${i}`, text } : text)}\n`;
  }
  return out;
}

export type Tmpfs = { run: (script: string, env: Record<string, string>) => { status: number | null; stdout: string; stderr: string } } | { skip: string };

/**
 * Runs a shell script in a private mount namespace, where it may mount a small tmpfs: as root with `unshare -m`,
 * otherwise as a mapped root with `unshare -rm`. The mount vanishes with the namespace, even if the test dies.
 */
export function privateMountNamespace(): Tmpfs {
  const flags = process.getuid?.() === 0 ? ['-m'] : ['-rm'];
  const probe = spawnSync('unshare', [...flags, 'sh', '-c', 'd=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs "$d" && umount "$d" && rmdir "$d"'], { encoding: 'utf8' });
  if (probe.error !== undefined || probe.status !== 0) {
    return { skip: `cannot mount a tmpfs in a private mount namespace (unshare ${flags.join(' ')}: ${probe.error?.message ?? probe.stderr.trim()})` };
  }
  return {
    run(script, env) {
      const result = spawnSync('unshare', [...flags, 'sh', '-c', script], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });
      if (result.error) throw result.error;
      return { status: result.status, stdout: result.stdout, stderr: result.stderr };
    },
  };
}
