// The one error every failed write raises: the path and the reason in words. The CLI turns it into exit code 4.
import { describeSystemError } from './system-error.js';

export class OutputError extends Error {
  override name = 'OutputError';
  /** What could not be written: a path, or "standard output". */
  readonly target: string;

  constructor(message: string, target: string, options?: { cause?: unknown }) {
    super(message, options);
    this.target = target;
  }

  /** "cannot write <target>: <reason in words>". */
  static cannotWrite(target: string, cause: unknown): OutputError {
    return new OutputError(`cannot write ${target}: ${describeSystemError(cause)}`, target, { cause });
  }
}
