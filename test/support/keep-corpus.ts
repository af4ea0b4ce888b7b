// A corpus for the keep rules (dedupe --keep, --keep-max, --keep-min): families of five near-duplicates whose members
// differ in length and in a "score" field, so each rule names one member of each family, and unrelated documents.
// Written as JSONL files, families spread over all of them, records shuffled within each file by a seed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Random } from '../../packages/corpus/src/evaluation/random.js';
import { article, edit } from './dedupe-fixture.js';

export const FAMILIES = 240;
export const UNIQUE = 200;
export const FILES = 6;

/** The members of family f: [id, text, score (absent, or not a number, in every tenth family)]. */
function family(f: number): { id: string; text: string; score?: unknown }[] {
  const base = article(2000 + f, 100);
  const words = base.split(' ');
  // Distinct scores, in an order that moves with f, so the highest is a different member from family to family.
  const scores = [1, 2, 3, 4, 5].map((s) => ((s + f) % 5) + 1);
  const members = [
    { id: `f${f}-base`, text: base },
    { id: `f${f}-edit`, text: edit(base, [10]) },
    { id: `f${f}-long`, text: `${base} ${article(9000 + f, 4)}` },
    { id: `f${f}-short`, text: words.slice(0, 96).join(' ') },
    // An exact copy of the base (the same tokens): by score it may be the one kept.
    { id: `f${f}-copy`, text: base.toUpperCase() },
  ];
  return members.map((m, i) => {
    if (f % 10 === 0 && i === 1) return m; // no score at all
    if (f % 10 === 0 && i === 2) return { ...m, score: 'high' }; // not a number
    return { ...m, score: scores[i] };
  });
}

/** The id each rule keeps in family f. */
export function keptIn(f: number, rule: 'longest' | 'shortest' | 'max' | 'min'): string {
  if (rule === 'longest') return `f${f}-long`;
  if (rule === 'shortest') return `f${f}-short`;
  // Members without a number rank last.
  const scored = family(f).filter((m) => typeof m.score === 'number') as { id: string; score: number }[];
  const best = scored.reduce((a, b) => ((rule === 'max' ? b.score > a.score : b.score < a.score) ? b : a));
  return best.id;
}

/** Records flagged under --keep-max score: two in every tenth family. */
export const FLAGGED = 2 * Math.ceil(FAMILIES / 10);

/** Writes the corpus as FILES JSONL files into `dir`; returns their paths. `seed` shuffles the records of each file. */
export function writeKeepCorpus(dir: string, seed: number): string[] {
  const records: string[][] = Array.from({ length: FILES }, () => []);
  let n = 0;
  for (let f = 0; f < FAMILIES; f++) {
    for (const m of family(f)) records[n++ % FILES].push(JSON.stringify({ id: m.id, text: m.text, ...(m.score === undefined ? {} : { meta: { score: m.score } }) }));
  }
  for (let u = 0; u < UNIQUE; u++) records[n++ % FILES].push(JSON.stringify({ id: `u${u}`, text: article(50_000 + u, 100), meta: { score: u } }));
  const random = new Random(seed);
  return records.map((lines, i) => {
    random.shuffle(lines);
    const path = join(dir, `part-${i}.jsonl`);
    writeFileSync(path, `${lines.join('\n')}\n`);
    return path;
  });
}
