// Options several verbs share (`--shingle`, `--tokens`, `--engine`, `--threads`, output files) and the parsers of option values,
// in one place: every integer flag is read by integerParser, so each says the same thing about a bad value.
import { InvalidArgumentError, Option } from 'commander';
import { MAX_SHINGLE } from 'simhash-wasm';
import { DEFAULT_SHINGLE, DEFAULT_TOKENS } from 'simhash-wasm/internal';
import { ENGINE_NAMES, TERM_WEIGHTS, TOKENIZATIONS } from 'simhash-wasm/internal';
import { outputPathProblem } from '../io/write/output-path.js';
import { MAX_THREADS, defaultThreads } from 'simhash-wasm/internal/pool';

/** A decimal integer from min to max (digits only: no sign, point or exponent), else "<name> must be ...". */
export function integerParser(name: string, min: number, max: number): (value: string) => number {
  return (value) => {
    const n = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(n) || n < min || n > max) throw new InvalidArgumentError(`${name} must be an integer from ${min} to ${max}.`);
    return n;
  };
}

/** A repeatable option: each use adds one value. Give it no default: commander would print it as "(default: [])". */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** A repeatable integer option, each value checked as it is parsed (so before any input is read). */
export function collectIntegers(name: string, min: number, max: number): (value: string, previous: number[] | undefined) => number[] {
  const parse = integerParser(name, min, max);
  return (value, previous) => [...(previous ?? []), parse(value)];
}

export function shingleOption(): Option {
  return new Option('-w, --shingle <w>', `shingle width: tokens per feature, 1 to ${MAX_SHINGLE}`)
    .default(DEFAULT_SHINGLE)
    .argParser(integerParser('The shingle width', 1, MAX_SHINGLE));
}

/** Beside --shingle wherever it is: the two together say what a feature is. */
export function tokensOption(): Option {
  return new Option('--tokens <tokens>', 'tokens: runs of letters and digits (words), or with every Han, Kana and Hangul character a token of its own (cjk-chars: text without spaces)')
    .choices(TOKENIZATIONS)
    .default(DEFAULT_TOKENS);
}

/** --term-weights: how a shingle's count in a document weighs (createSimHash's termWeights). */
export function termWeightsOption(): Option {
  return new Option('--term-weights <mode>', "how a shingle repeated in a document weighs: tf (every occurrence), log (1 + ln count), binary (once)")
    .choices(TERM_WEIGHTS).default('tf');
}

export function engineOption(): Option {
  return new Option('--engine <engine>', 'fingerprint engine').choices(ENGINE_NAMES).default('wasm');
}

export function threadsOption(): Option {
  return new Option('--threads <n>', 'worker threads for fingerprinting')
    .default(defaultThreads(), `the number of cores, ${defaultThreads()}; one for inputs under 4 MB`)
    .argParser(integerParser('--threads', 1, MAX_THREADS));
}

/**
 * An option naming a file the command writes at the end of its run (--out, --plot): checked when the command line
 * is parsed (the directory exists and is writable, the path is not a directory), so a typo costs a second, not
 * the run. The write itself is atomic (src/io/write/atomic-write.ts).
 */
export function outputFileOption(flags: string, description: string): Option {
  return new Option(flags, description).argParser(parseOutputPath);
}

export function parseOutputPath(value: string): string {
  const problem = outputPathProblem(value);
  if (problem !== undefined) throw new InvalidArgumentError(`Cannot write there: ${problem}.`);
  return value;
}
