// What every command gets: its streams, and a place to record that some input failed.
import type { Readable, Writable } from 'node:stream';

/** Exit codes of the `simhash` command. */
export const ExitCode = {
  /** Everything was read and processed. */
  ok: 0,
  /** The run went on, but some inputs were unreadable or malformed (each reported on stderr). */
  someInputsFailed: 1,
  /** Bad command line: unknown option, bad option value, missing argument. Nothing was processed. */
  usage: 2,
  /** A bug: an error nobody expected (the message says so). */
  internal: 3,
  /** An output could not be written (disk full, permission denied, I/O error, another writer holds the lock); a file the command writes keeps its old content. */
  outputFailed: 4,
  /** The inputs held no document at all (an empty directory, nothing matched the globs, every input skipped). */
  noDocuments: 5,
} as const;

export interface CliIo {
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly stderr: Writable;
}

export interface CliContext extends CliIo {
  /** Reports one bad input on stderr (prefixed "simhash: ") and makes the run end with exit code 1. */
  inputFailed(message: string): void;
  /** Writes text to stdout, waiting for the pipe to drain when it is full. */
  write(text: string): Promise<void>;
}

/** A command line that makes no sense: reported without a stack trace, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export function createContext(io: CliIo): CliContext & { readonly failures: number } {
  let failures = 0;
  return {
    ...io,
    get failures() {
      return failures;
    },
    inputFailed(message: string) {
      failures++;
      io.stderr.write(`simhash: ${message}\n`);
    },
    write(text: string) {
      if (io.stdout.write(text)) return Promise.resolve();
      return new Promise((resolve) => io.stdout.once('drain', resolve));
    },
  };
}
