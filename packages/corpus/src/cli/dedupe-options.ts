// Options of `simhash dedupe` that `eval` shares (the near-duplicate threshold and the shortest document compared), and
// the verification's.
import { InvalidArgumentError, Option } from 'commander';
import { DEFAULT_VERIFY_MODE, DEFAULT_VERIFY_THRESHOLD, VERIFY_MODES } from '../grouping/verify.js';
import { DEFAULT_DISTANCE, DEFAULT_MIN_TOKENS } from '../dedupe/pipeline.js';
import { integerParser } from './options.js';
import { fieldPath } from './input-options.js';
import { KEEP_NAMES, type KeepRule } from '../grouping/keep.js';

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

/** --verify: the check a near candidate must pass before it joins a group (grouping/verify.ts). */
export function verifyOption(): Option {
  return new Option('--verify <mode>', 'check each near candidate (within -k) by the exact overlap of the two texts\' word shingles, boilerplate shingles left out: jaccard-or-contained (Jaccard, or the shorter text at least 0.8 contained in the longer with Jaccard at least 0.9 of the threshold: a copy cut short or with a paragraph appended), jaccard (|A∩B|/|A∪B|), containment (|A∩B|/min(|A|,|B|)), or off (SimHash distance alone)')
    .choices(VERIFY_MODES)
    .default(DEFAULT_VERIFY_MODE);
}

export function verifyThresholdOption(): Option {
  return new Option('--verify-threshold <t>', 'the least similarity of a verified pair, above 0 and at most 1')
    .default(DEFAULT_VERIFY_THRESHOLD)
    .argParser(parseVerifyThreshold);
}

/** A decimal number in (0, 1]. */
export function parseVerifyThreshold(value: string): number {
  const t = /^(?:\d+(?:\.\d*)?|\.\d+)$/.test(value) ? Number(value) : NaN;
  if (!(t > 0 && t <= 1)) throw new InvalidArgumentError('--verify-threshold must be a number above 0 and at most 1.');
  return t;
}

/** --keep, --keep-max, --keep-min: which member of each group stays (grouping/keep.ts); one of the three. */
export function keepOptions(): Option[] {
  return [
    new Option('--keep <rule>', "which member of each group is its representative, the one kept: first (in input order), longest or shortest (by tokens); ties go to the earliest")
      .choices(KEEP_NAMES)
      .default('first'),
    new Option('--keep-max <field>', 'keep the member whose record has the largest number in this field (a JSONL field or dotted path, or a Parquet column); a record without a number there is reported and ranks last')
      .argParser(fieldPath('--keep-max'))
      .conflicts(['keep', 'keepMin']),
    new Option('--keep-min <field>', 'keep the member with the smallest number in this field, as --keep-max')
      .argParser(fieldPath('--keep-min'))
      .conflicts(['keep']),
  ];
}

export interface KeepFlags {
  keep: 'first' | 'longest' | 'shortest';
  keepMax?: string;
  keepMin?: string;
}

export function keepRule(flags: KeepFlags): KeepRule {
  if (flags.keepMax !== undefined) return { max: flags.keepMax };
  if (flags.keepMin !== undefined) return { min: flags.keepMin };
  return flags.keep;
}
