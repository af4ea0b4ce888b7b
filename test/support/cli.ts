// Runs the `simhash` command line in-process (fast) or as a real process, and collects what it printed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { runCli } from '../../src/cli/program.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

function collector(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}

export async function runInProcess(args: string[], stdin: string | Uint8Array = ''): Promise<CliResult> {
  const input = new PassThrough();
  input.end(typeof stdin === 'string' ? Buffer.from(stdin, 'utf8') : stdin);
  const out = collector();
  const err = collector();
  const code = await runCli(args, { stdin: input, stdout: out.stream, stderr: err.stream });
  return { code, stdout: out.text(), stderr: err.text() };
}

/** Runs `node <script> args...` as a separate process (script: dist/cli.js, or src/cli/main.ts with tsx). */
export function runProcess(nodeArgs: string[], args: string[], stdin: string | Uint8Array = ''): CliResult {
  const result = spawnSync(process.execPath, [...nodeArgs, ...args], { input: stdin, encoding: 'utf8', timeout: 60_000 });
  if (result.error) throw result.error;
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

export interface ScratchDir {
  readonly dir: string;
  path(name: string): string;
  /** A new empty directory inside, one per test, so a stray temporary file is seen by the test that left it. */
  fresh(): string;
  remove(): void;
}

/** A scratch directory with the given files; remove() deletes it. */
export function scratchDir(files: Record<string, string | Uint8Array>): ScratchDir {
  const dir = mkdtempSync(join(tmpdir(), 'simhash-cli-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  let made = 0;
  return {
    dir,
    path: (name) => join(dir, name),
    fresh: () => {
      const sub = join(dir, `case-${++made}`);
      mkdirSync(sub);
      return sub;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
