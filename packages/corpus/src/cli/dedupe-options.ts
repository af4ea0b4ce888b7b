// Options of `simhash dedupe` that `eval` shares: the near-duplicate threshold and the shortest document compared.
import { Option } from 'commander';
import { DEFAULT_DISTANCE, DEFAULT_MIN_TOKENS } from '../dedupe/pipeline.js';
import { integerParser } from './options.js';

export const MAX_DEDUPE_DISTANCE = 32;

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
