// The golden file, test/fixtures/reference-fingerprints.jsonl (copied unchanged from shared/golden/): one line per
// text with its fingerprints as 16 hex digits, for w = 1, 2, 3, unweighted (tf) and weighted by the reference table.
import { readFileSync } from 'node:fs';
import { fixturePath } from './paths.js';

export interface GoldenLine { text: string; tf: string[]; weighted: string[] }

/** Every line of the golden file, in order. */
export const golden: GoldenLine[] = readFileSync(fixturePath('reference-fingerprints.jsonl'), 'utf8')
  .split('\n').filter(Boolean).map((line) => JSON.parse(line));

/** What a consumer of the package (a scratch install, a browser page) prints for one engine: hex by kind, w - 1, line. */
export interface Golden { engine: string; tf: string[][]; weighted: string[][] }

/** Differences between what a consumer printed for one engine and the golden file (empty when all agree). */
export function goldenMisses(got: Golden, label: string): string[] {
  const misses: string[] = [];
  for (const kind of ['tf', 'weighted'] as const) {
    for (const w of [1, 2, 3]) {
      const column = got[kind]?.[w - 1];
      if (!Array.isArray(column) || column.length !== golden.length) {
        misses.push(`${label} ${kind} w=${w}: ${Array.isArray(column) ? column.length : 'no'} values for ${golden.length} lines`);
        continue;
      }
      golden.forEach((line, i) => {
        if (column[i] !== line[kind][w - 1]) misses.push(`${label} ${kind} w=${w} line ${i + 1}: got ${column[i]}, want ${line[kind][w - 1]}`);
      });
    }
  }
  return misses.slice(0, 10);
}
