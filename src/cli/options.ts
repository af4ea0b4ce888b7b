// Options several verbs share (`--shingle`, `--engine`, output files), parsed and checked in one place.
import { InvalidArgumentError, Option } from 'commander';
import { DEFAULT_SHINGLE, MAX_SHINGLE } from '../core/options.js';
import { ENGINE_NAMES } from '../core/types.js';
import { outputPathProblem } from '../io/write/output-path.js';

export function shingleOption(): Option {
  return new Option('-w, --shingle <w>', `shingle width: tokens per feature, 1 to ${MAX_SHINGLE}`)
    .default(DEFAULT_SHINGLE)
    .argParser(parseShingle);
}

export function engineOption(): Option {
  return new Option('--engine <engine>', 'fingerprint engine').choices(ENGINE_NAMES).default('wasm');
}

/**
 * An option naming a file the command writes at the end of its run (--out, --plot): checked when the command line
 * is parsed (the directory exists and is writable, the path is not a directory), so a typo costs a second, not
 * the run. The write itself is atomic (src/io/write/atomic-write.ts).
 */
export function outputFileOption(flags: string, description: string): Option {
  return new Option(flags, description).argParser(parseOutputPath);
}

function parseOutputPath(value: string): string {
  const problem = outputPathProblem(value);
  if (problem !== undefined) throw new InvalidArgumentError(`Cannot write there: ${problem}.`);
  return value;
}

function parseShingle(value: string): number {
  const w = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(w) || w < 1 || w > MAX_SHINGLE) {
    throw new InvalidArgumentError(`The shingle width must be an integer from 1 to ${MAX_SHINGLE}.`);
  }
  return w;
}
