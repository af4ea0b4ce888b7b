// Standard output for a command that must never die of it: when the reader goes away (EPIPE: `| head -1`) the
// printing ends quietly and the command goes on, so the files it writes are still written in full; any other
// write error (a full disk, /dev/full, EIO) is reported once and the printing ends too.
import type { Writable } from 'node:stream';

export interface GuardedOutput {
  /** Writes text, waiting while the pipe is full; after the stream failed, does nothing. */
  write(text: string): Promise<void>;
  /** Writes without waiting (help text, short messages). */
  print(text: string): void;
  /** The write error other than EPIPE, if one happened. */
  readonly error: Error | undefined;
}

/** onError is called once, for the first write error other than EPIPE. */
export function guardOutput(stream: Writable, onError: (error: Error) => void): GuardedOutput {
  let gone = false;
  let failure: Error | undefined;
  const fail = (error: Error) => {
    if (gone) return;
    gone = true;
    if ((error as NodeJS.ErrnoException).code === 'EPIPE') return;
    failure = error;
    onError(error);
  };
  // Registered for good: an 'error' event without a listener would crash the process.
  stream.on('error', fail);
  const send = (text: string): boolean => {
    try {
      return stream.write(text);
    } catch (error) {
      // Some streams throw synchronously instead of emitting 'error'.
      fail(error as Error);
      return true;
    }
  };
  return {
    get error() {
      return failure;
    },
    print(text) {
      if (!gone) send(text);
    },
    write(text) {
      if (gone || send(text)) return Promise.resolve();
      return new Promise((resolve) => {
        // 'drain' never comes once the stream has failed: wait for whichever comes first.
        const done = () => {
          stream.off('drain', done);
          stream.off('error', done);
          stream.off('close', done);
          resolve();
        };
        stream.on('drain', done);
        stream.on('error', done);
        stream.on('close', done);
      });
    },
  };
}
