// What every command gets: its streams, and a place to record that some input failed.
import type { Readable, Writable } from 'node:stream';
import { describeSystemError } from '../io/write/system-error.js';
import { guardOutput } from '../io/write/guarded-output.js';

/** Exit codes of the `simhash` command. */
export const ExitCode = {
  /** Everything was read and processed. */
  ok: 0,
  /**
   * The run went on, but some inputs were unreadable or malformed, records had no number to keep by, or names to
   * remove were not in the index (each reported on stderr).
   */
  someInputsFailed: 1,
  /** Bad command line: unknown option, bad option value, missing argument. Nothing was processed. */
  usage: 2,
  /** A bug: an error nobody expected (the message says so). */
  internal: 3,
  /** An output could not be written (disk full, permission denied, I/O error, another writer holds the lock); a file the command writes keeps its old content. */
  outputFailed: 4,
  /** The inputs held no document at all (an empty directory, nothing matched the globs, every input skipped). */
  noDocuments: 5,
  /** The shared index on Redis could not be used: unreachable, timed out, or a node lost its data. */
  redis: 6,
} as const;

export interface CliIo {
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly stderr: Writable;
}

export interface CliContext extends CliIo {
  /**
   * Reports one bad input on stderr (prefixed "simhash: ") and makes the run end with exit code 1. Only the first
   * MAX_REPORTED_FAILURES are printed; the end of the run says how many more there were, counted by `what` (plural,
   * default "inputs skipped").
   */
  inputFailed(message: string, what?: string): void;
  /**
   * Writes text to stdout, waiting for the pipe to drain when it is full. When the reader has gone (EPIPE) or
   * stdout failed (a full disk), it does nothing: the command goes on and still writes its files.
   */
  write(text: string): Promise<void>;
  /** Writes a short diagnostic line on stderr, prefixed "simhash: ". */
  warn(message: string): void;
}

/** Enough to see what is wrong; 30,000 copies of one complaint would bury it. */
export const MAX_REPORTED_FAILURES = 20;

/** A command line that makes no sense: reported without a stack trace, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The context of one run, with what the program needs at its end. */
export interface RunContext extends CliContext {
  readonly failures: number;
  /** Stdout failed with an error other than EPIPE (already reported): the run ends with exit code 4. */
  readonly outputFailed: boolean;
  /** Prints commander's help and messages on stdout, as safely as write. */
  print(text: string): void;
  /** The line that counts the failures not shown, if any were held back. */
  finish(): void;
}

export function createContext(io: CliIo): RunContext {
  let failures = 0;
  const failuresOf = new Map<string, number>();
  // Nowhere is left to report a failing stderr: ignore its errors rather than die of them.
  io.stderr.on('error', () => {});
  const stderr = (line: string) => {
    if (!io.stderr.destroyed) io.stderr.write(`simhash: ${line}\n`);
  };
  const stdout = guardOutput(io.stdout, (error) => stderr(`cannot write standard output: ${describeSystemError(error)}`));
  return {
    ...io,
    get failures() {
      return failures;
    },
    get outputFailed() {
      return stdout.error !== undefined;
    },
    inputFailed(message: string, what = 'inputs skipped') {
      failures++;
      failuresOf.set(what, (failuresOf.get(what) ?? 0) + 1);
      if (failures <= MAX_REPORTED_FAILURES) stderr(message);
    },
    warn: stderr,
    write: (text) => stdout.write(text),
    print: (text) => stdout.print(text),
    finish() {
      const hidden = failures - MAX_REPORTED_FAILURES;
      if (hidden <= 0) return;
      const count = (n: number) => n.toLocaleString('en-US');
      const kinds = [...failuresOf];
      if (kinds.length === 1) stderr(`${count(hidden)} more ${kinds[0][0]}, not shown (${count(failures)} in all)`);
      else stderr(`${count(hidden)} more problems not shown (${count(failures)} in all: ${kinds.map(([what, n]) => `${count(n)} ${what}`).join(', ')})`);
    },
  };
}
