// `simhash dedupe NEW --against REF` scored on the labelled families (families.ts) split 60/40 into a reference and
// a new batch, with the reference as a JSONL file, as an index file with sketches and (given --redis) as the index on
// Redis: F1 of the new documents dropped for the reference, the share whose reference document is named right, and
// the other families kept once (against-score.ts).
//
//   npm run build   # the built command, as a process
//   npx tsx bench/quality/against.ts --seed 1 [--redis 127.0.0.1:7000]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { argValue, buildFamilies } from './families.js';
import { describeScore } from './against-score.js';
import { scoreReferenceKind, type ReferenceKind, type RunCommand } from './against-runs.js';

const cli = join(resolve(import.meta.dirname, '../..'), 'packages/corpus/dist/cli.js');

const run: RunCommand = (args) => new Promise((done, fail) => {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  child.on('error', fail);
  child.on('close', (code) => done({ code, stderr }));
});

const args = process.argv.slice(2);
const seed = Number(argValue(args, '--seed') ?? 1);
const nodes = argValue(args, '--redis');
const set = await buildFamilies(seed);
console.log(`families (seed ${seed}): ${set.records.length} documents, ${set.originals} originals, ${set.copies} copies, ${set.negatives} negatives; reference: the first 60%`);
const dir = mkdtempSync(join(tmpdir(), 'simhash-against-'));
try {
  const kinds: ReferenceKind[] = nodes === undefined ? ['jsonl', 'index'] : ['jsonl', 'index', 'redis'];
  for (const kind of kinds) {
    const score = await scoreReferenceKind(kind, set.records, { dir, run, ...(nodes === undefined ? {} : { redis: { nodes, name: `against-bench-${process.pid}-${seed}` } }) });
    console.log(describeScore(kind, score));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
