// Options of `simhash dedupe` (and of `eval` / `make-pairs`, which read documents the same way).
import { InvalidArgumentError, Option } from 'commander';
import { MAX_THREADS, defaultThreads } from '../pool/fingerprint-pool.js';

/** The seed: 20-word texts with one edit moved 10.5 bits on average, so below this distances are mostly noise. */
export const DEFAULT_MIN_TOKENS = 20;
export const DEFAULT_DISTANCE = 3;
export const MAX_DEDUPE_DISTANCE = 32;

export function integerParser(name: string, min: number, max: number) {
  return (value: string): number => {
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
export function collectIntegers(name: string, min: number, max: number) {
  const parse = integerParser(name, min, max);
  return (value: string, previous: number[] | undefined): number[] => [...(previous ?? []), parse(value)];
}

export function distanceOption(): Option {
  return new Option('-k, --distance <k>', 'near-duplicate threshold: the largest Hamming distance between fingerprints of duplicates')
    .default(DEFAULT_DISTANCE)
    .argParser(integerParser('The distance', 0, MAX_DEDUPE_DISTANCE));
}

export function minTokensOption(description = 'documents with fewer tokens are reported as too short and kept out of the near-duplicate tier'): Option {
  return new Option('--min-tokens <n>', description)
    .default(DEFAULT_MIN_TOKENS)
    .argParser(integerParser('--min-tokens', 0, 2 ** 31));
}

export function threadsOption(): Option {
  return new Option('--threads <n>', 'worker threads for fingerprinting')
    .default(defaultThreads(), `the number of cores, ${defaultThreads()}; one for inputs under 4 MB`)
    .argParser(integerParser('--threads', 1, MAX_THREADS));
}
