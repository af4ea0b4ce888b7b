// Runs the `simhash` command line and collects what it printed: in-process (fast), or the built executable
// (dist/cli.js, made by `npm run build`) as a real process, to the end at once or started and watched.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { runCli as runProgram } from '../../packages/corpus/src/cli/program.js';
import { packageDir } from './paths.js';

/** The built executable. */
export const builtCli = join(packageDir.corpus, 'dist/cli.js');

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

/** The command line's program in this process, on the given stdin. */
export async function runInProcess(args: string[], stdin: string | Uint8Array = ''): Promise<CliResult> {
  const input = new PassThrough();
  input.end(typeof stdin === 'string' ? Buffer.from(stdin, 'utf8') : stdin);
  const out = collector();
  const err = collector();
  const code = await runProgram(args, { stdin: input, stdout: out.stream, stderr: err.stream });
  return { code, stdout: out.text(), stderr: err.text() };
}

/** `node dist/cli.js ...args` to its end, on the given stdin. */
export function runProcess(args: string[], stdin: string | Uint8Array = ''): CliResult {
  const result = spawnSync(process.execPath, [builtCli, ...args], { input: stdin, encoding: 'utf8', timeout: 60_000 });
  if (result.error) throw result.error;
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Started {
  child: ChildProcess;
  done: Promise<Finished>;
  /** What it has written on stderr so far. */
  stderr(): string;
}

export interface StartOptions {
  /** Written to stdin, which is then closed; without it stdin stays open (write to child.stdin, end it). */
  stdin?: string;
  /** A file descriptor for stdout (e.g. /dev/full opened for writing) instead of a pipe. */
  stdoutFd?: number;
  cwd?: string;
}

/** Starts `node dist/cli.js ...args`, for a test that acts while it runs (signals, locks, full disks). */
export function startCli(args: string[], options: StartOptions = {}): Started {
  const child = spawn(process.execPath, [builtCli, ...args], { stdio: ['pipe', options.stdoutFd ?? 'pipe', 'pipe'], cwd: options.cwd });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr!.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  child.stdin!.on('error', () => {}); // the child may exit before reading it all
  if (options.stdin !== undefined) child.stdin!.end(options.stdin);
  const done = new Promise<Finished>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done, stderr: () => stderr };
}

/** `node dist/cli.js ...args` to its end, without blocking this process (stdin empty unless given). */
export function runCli(args: string[], options: StartOptions = {}): Promise<Finished> {
  return startCli(args, { stdin: '', ...options }).done;
}

/** Polls until check() holds; fails after timeoutMs. */
export async function waitFor(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Non-empty lines. */
export const lines = (text: string): string[] => text.split('\n').filter((line) => line !== '');
