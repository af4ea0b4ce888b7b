// The golden file, test/fixtures/reference-fingerprints.jsonl (copied unchanged from shared/golden/): one line per
// text with its fingerprints as 16 hex digits, for w = 1, 2, 3, unweighted (tf) and weighted by the reference table.
import { readFileSync } from 'node:fs';
import { fixturePath } from './paths.js';
import { randomCuts } from './random.js';

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

/** The slice of a hasher every-input-form checks need (either engine's). */
export interface FormsHasher {
  fingerprintHex(text: string | Uint8Array): string;
  fingerprintMany(texts: readonly (string | Uint8Array)[]): BigUint64Array;
  stream(): { update(chunk: string | Uint8Array): unknown; digest(): bigint };
}

/**
 * Where `hasher` disagrees with `expected` (hex, one per text) through every input form: a string, its UTF-8 bytes,
 * both cut at random points into streams (`random` chooses the cuts), and both as one batch. At most 10 lines.
 */
export function inputFormMisses(hasher: FormsHasher, texts: readonly string[], expected: readonly string[], random: () => number): string[] {
  const encoder = new TextEncoder();
  const hex = (fp: bigint) => fp.toString(16).padStart(16, '0');
  const streamed = (parts: readonly (string | Uint8Array)[]) => {
    const stream = hasher.stream();
    for (const part of parts) stream.update(part);
    return hex(stream.digest());
  };
  const misses: string[] = [];
  texts.forEach((text, i) => {
    const bytes = encoder.encode(text);
    const got = {
      string: hasher.fingerprintHex(text),
      bytes: hasher.fingerprintHex(bytes),
      stringStream: streamed(randomCuts(text, random, 7)),
      bytesStream: streamed(randomCuts(bytes, random, 7)),
    };
    for (const [form, value] of Object.entries(got)) {
      if (value !== expected[i]) misses.push(`line ${i + 1} ${form}: got ${value}, want ${expected[i]} for ${JSON.stringify(text).slice(0, 60)}`);
    }
  });
  const batches = { batch: hasher.fingerprintMany(texts), bytesBatch: hasher.fingerprintMany(texts.map((text) => encoder.encode(text))) };
  for (const [form, many] of Object.entries(batches)) {
    Array.from(many, hex).forEach((value, i) => {
      if (value !== expected[i]) misses.push(`line ${i + 1} ${form}: got ${value}, want ${expected[i]}`);
    });
    if (many.length !== texts.length) misses.push(`${form}: ${many.length} fingerprints for ${texts.length} texts`);
  }
  return misses.slice(0, 10);
}
