// A real-sized JSONL corpus for the corpus job's speed and memory: N records {"id","text"} of 150-450 words drawn
// from a Zipf vocabulary (s = 1.1 over 60,000 made-up words, like running text's word frequencies), 5% of them
// edited copies of an earlier record (1-4% of words replaced). Synthetic on purpose: a million real documents do
// not ship in a registry package, and the speed of reading, parsing and hashing depends on sizes and escapes, not
// on meaning. Deterministic for a given (documents, seed); written once to a cache path and reused.
//
//   npx tsx bench/large-corpus.ts [documents] [path]      writes it (default 1,000,000 to os.tmpdir())
import { createWriteStream, existsSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';

const VOCABULARY = 60_000;
const ZIPF_S = 1.1;
const COPY_SHARE = 0.05;

/** mulberry32: small, fast, and the same sequence everywhere. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function vocabulary(next: () => number): string[] {
  const letters = 'etaoinshrdlcumwfgypbvkjxqz';
  const words = new Set<string>();
  while (words.size < VOCABULARY) {
    const length = 2 + Math.floor(next() * next() * 10);
    let word = '';
    // Skewed letters: common ones come first in `letters`.
    for (let i = 0; i < length; i++) word += letters[Math.floor(next() * next() * letters.length)];
    words.add(word);
  }
  return [...words];
}

/** Cumulative Zipf weights, for sampling a rank by binary search. */
function zipfTable(): Float64Array {
  const table = new Float64Array(VOCABULARY);
  let sum = 0;
  for (let r = 0; r < VOCABULARY; r++) table[r] = sum += 1 / (r + 1) ** ZIPF_S;
  for (let r = 0; r < VOCABULARY; r++) table[r] /= sum;
  return table;
}

function sample(table: Float64Array, u: number): number {
  let lo = 0, hi = table.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (table[mid] < u) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function largeCorpusPath(documents: number, seed = 1): string {
  return join(tmpdir(), `simhash-large-corpus-${documents}-${seed}.jsonl`);
}

/** Writes the corpus unless it is there already; returns its path. Copies are of the previous 10,000 records. */
export async function largeCorpus(documents: number, seed = 1, path = largeCorpusPath(documents, seed)): Promise<string> {
  if (existsSync(path) && statSync(path).size > 0) return path;
  const next = random(seed);
  const words = vocabulary(next);
  const table = zipfTable();
  const recent: number[][] = [];
  const temporary = `${path}.${process.pid}.tmp`;
  const out = createWriteStream(temporary);
  let buffer = '';
  for (let i = 0; i < documents; i++) {
    let text: number[];
    if (recent.length > 0 && next() < COPY_SHARE) {
      text = recent[Math.floor(next() * recent.length)].slice();
      const edits = Math.max(1, Math.round(text.length * (0.01 + next() * 0.03)));
      for (let e = 0; e < edits; e++) text[Math.floor(next() * text.length)] = sample(table, next());
    } else {
      const length = 150 + Math.floor(next() * 301);
      text = Array.from({ length }, () => sample(table, next()));
    }
    if (recent.length === 10_000) recent[i % 10_000] = text;
    else recent.push(text);
    buffer += `{"id":"doc-${i}","text":${JSON.stringify(text.map((w) => words[w]).join(' '))}}\n`;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await once(out, 'drain');
      buffer = '';
    }
  }
  out.end(buffer);
  await once(out, 'finish');
  renameSync(temporary, path);
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const documents = Number(process.argv[2] ?? 1_000_000);
  const path = await largeCorpus(documents, 1, process.argv[3] ?? largeCorpusPath(documents));
  console.log(`${path}: ${(statSync(path).size / 1e6).toFixed(0)} MB`);
}
