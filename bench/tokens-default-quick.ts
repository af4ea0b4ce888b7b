// Scratch check (not a suite): does the default tokenization run as fast as before tokens: 'cjk-chars' came in?
// Loads the engines of this checkout and of an older one side by side and times them in interleaved rounds on the
// seed's workload and the SpamAssassin bodies, so the machine's load of the moment weighs on both alike.
//   git archive <commit> | tar -x -C /tmp/base && ln -s "$PWD/node_modules" /tmp/base/ && (cd /tmp/base && npm run build:wasm)
//   npx tsx bench/tokens-default-quick.ts /tmp/base [rounds]
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import * as wasm from '../packages/simhash-wasm/src/index.js';
import * as pure from '../packages/simhash-wasm/src/pure/index.js';
import { roundsTable, runRounds, type RoundTask } from './rounds.js';
import { SEED_SHINGLE, seedWorkload, spamAssassinWorkload, xorAll, type Workload } from './workloads.js';

const baseDir = process.argv[2];
if (baseDir === undefined) throw new Error('usage: npx tsx bench/tokens-default-quick.ts <older checkout> [rounds]');
const rounds = Number(process.argv[3] ?? 7);
const load = (path: string) => import(pathToFileURL(join(resolve(baseDir), path)).href) as Promise<typeof wasm>;
const baseWasm = await load('src/index.ts');
const basePure = await load('src/pure/index.ts');
await Promise.all([wasm.init(), baseWasm.init()]);

for (const workload of [seedWorkload(), spamAssassinWorkload()] as Workload[]) {
  const hashers = [
    ['wasm before', baseWasm], ['wasm now', wasm], ['pure before', basePure], ['pure now', pure],
  ] as const;
  const expected = xorAll(wasm.createSimHash({ shingle: SEED_SHINGLE }).fingerprintMany(workload.bytes));
  const tasks: RoundTask[] = hashers.flatMap(([name, entry]) => {
    const hasher = entry.createSimHash({ shingle: SEED_SHINGLE });
    return (['texts', 'bytes'] as const).map((form) => ({
      name: `${name} fingerprintMany(${form === 'texts' ? 'strings' : 'bytes'})`,
      items: workload.texts.length,
      bytes: workload.totalBytes,
      fn: () => {
        const got = xorAll(hasher.fingerprintMany(workload[form]));
        if (got !== expected) throw new Error(`${name}: XOR ${wasm.toHex(got)}, expected ${wasm.toHex(expected)}`);
      },
    }));
  });
  const outcome = await runRounds(tasks, rounds, (m) => process.stderr.write(`${m}\n`));
  process.stdout.write(`### ${workload.name}, w = ${SEED_SHINGLE}\n\n${roundsTable(outcome)}\n\n`);
}
