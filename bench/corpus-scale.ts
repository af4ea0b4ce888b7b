// The corpus job at a real size: `simhash dedupe` (the built command, as a user runs it) on a generated 1M-document
// JSONL (bench/large-corpus.ts: 1.54 GB), beside the engine's own one-thread speed on the same texts, in one run.
// Rows: the engine (fingerprintMany over the first 100,000 texts, in memory), then dedupe -k 3 --verify off at 1, 2
// and all threads, dedupe -k 3 (verification on), and the defaults (k chosen, verification) with and without
// --verify off. Each dedupe row is a run of a child process that starts with the corpus in the page cache, the 1- and
// 2-thread rows three each in turn (their median), the others one: wall-clock MB/s, its ratio to the engine (measured
// again just before each run), and the process's peak RSS (every thread's memory: workers are threads). Above the
// table, what the machine's fresh pages, small reads and random loads cost (support/machine-probe.ts): what sets the
// job's speed apart from its engine's.
//
//   npm run bench -- corpus-scale            (about 6 minutes on 2 cores; the corpus is written once to the temp dir)
//   SIMHASH_CORPUS_DOCUMENTS=200000 npm run bench -- corpus-scale     a smaller corpus
//
// Not part of a bare `npm run bench`: it runs only when its name is in the filter.
import { spawnSync } from 'node:child_process';
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { createSimHash, init } from 'simhash-wasm';
import { largeCorpus } from './large-corpus.js';
import { describeMachine, machineCosts } from './support/machine-probe.js';
import { namedOnly, type BenchSuite, type SuiteContext } from './suite.js';

const CLI = fileURLToPath(new URL('../packages/corpus/dist/cli.js', import.meta.url));
/** Prints the process's peak RSS at exit: loaded into the child with --require. */
const RSS_REPORTER = fileURLToPath(new URL('./support/report-peak-rss.cjs', import.meta.url));
const ENGINE_SAMPLE = 100_000;
/** Runs of the 1- and 2-thread rows, alternating. */
const SCALING_ROUNDS = 3;

async function firstTexts(path: string, count: number): Promise<string[]> {
  const texts: string[] = [];
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Infinity });
  for await (const line of lines) {
    texts.push((JSON.parse(line) as { text: string }).text);
    if (texts.length === count) break;
  }
  lines.close();
  return texts;
}

/**
 * The engine alone, one thread, on the first ENGINE_SAMPLE texts in memory: a meter that gives its best of the
 * samples in MB/s of UTF-8 text each time it is called. Called before every dedupe run, so that each run is set
 * against the engine's speed of that minute: this VM's speed drifts by a fifth within one suite (293 MB/s before the
 * runs and 226 after, 2026-12-05 18:30 UTC).
 */
async function engineMeter(context: SuiteContext, path: string): Promise<() => Promise<number>> {
  await init();
  const texts = await firstTexts(path, ENGINE_SAMPLE);
  const bytes = texts.reduce((sum, t) => sum + Buffer.byteLength(t), 0);
  const hasher = createSimHash({ engine: 'wasm', shingle: 3 });
  return async () => {
    const bench = new Bench({ name: 'engine', iterations: context.iterations, time: 0, warmupIterations: 1, throws: true });
    bench.add('engine', () => void hasher.fingerprintMany(texts));
    await bench.run();
    const result = bench.tasks[0].result;
    if (result.state !== 'completed') throw new Error('the engine task did not complete');
    return bytes / (result.latency.min / 1000) / 1e6;
  };
}

interface DedupeRun {
  readonly seconds: number;
  readonly peakRss: number;
  readonly documents: number;
  readonly k: number;
  readonly verified?: number;
  /** The engine's MB/s measured just before the run. */
  readonly engine: number;
}

/**
 * Reads the corpus through once, so that each run starts with all of it in the page cache: some VMs here page out
 * what has not been read for a minute (DAMON), and a run after a pause then read part of the file from disk.
 */
function warmPageCache(path: string): void {
  const fd = openSync(path, 'r');
  try {
    const chunk = Buffer.allocUnsafe(8 << 20);
    while (readSync(fd, chunk, 0, chunk.length, null) > 0);
  } finally {
    closeSync(fd);
  }
}

function runDedupe(path: string, args: readonly string[]): Omit<DedupeRun, 'engine'> {
  warmPageCache(path);
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--require', RSS_REPORTER, CLI, 'dedupe', path, '--format', 'json', '-q', ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
  const seconds = (performance.now() - started) / 1000;
  if (child.status !== 0) throw new Error(`simhash dedupe ${args.join(' ')} exited ${child.status}: ${child.stderr}`);
  const rss = /peak-rss (\d+)/.exec(child.stderr);
  const json = JSON.parse(child.stdout) as { settings: { maxDistance: number }; summary: { documents: number; verification?: { verifiedPairs: number } } };
  return { seconds, peakRss: rss === null ? NaN : Number(rss[1]), documents: json.summary.documents, k: json.settings.maxDistance, verified: json.summary.verification?.verifiedPairs };
}

export const suite: BenchSuite = {
  name: 'corpus-scale',
  async run(context) {
    if (!namedOnly(context, 'corpus-scale', 'minutes at 1M documents')) return;
    const documents = Number(process.env.SIMHASH_CORPUS_DOCUMENTS ?? 1_000_000);
    context.log(`corpus-scale: writing or reusing the ${documents.toLocaleString('en')}-document corpus`);
    const path = await largeCorpus(documents);
    const bytes = statSync(path).size;
    const engine = await engineMeter(context, path);
    const all = cpus().length;
    const rows: [string, readonly string[]][] = [
      ['dedupe -k 3 --verify off, 1 thread', ['-k', '3', '--verify', 'off', '--threads', '1']],
      ['dedupe -k 3 --verify off, 2 threads', ['-k', '3', '--verify', 'off', '--threads', '2']],
      ...(all > 2 ? [[`dedupe -k 3 --verify off, ${all} threads`, ['-k', '3', '--verify', 'off', '--threads', String(all)]] as [string, string[]]] : []),
      [`dedupe -k 3 (verification on), ${all} threads`, ['-k', '3']],
      [`dedupe --verify off (k = 3), ${all} threads`, ['--verify', 'off']],
      [`dedupe, the defaults (k chosen, verification), ${all} threads`, []],
    ];
    // The ratio of 1 to 2 threads from alternating runs: one run of each moved it by 0.2 on a busy host.
    const samples = new Map<string, DedupeRun[]>(rows.map(([name]) => [name, []]));
    const take = async ([name, args]: [string, readonly string[]]) => {
      context.log(`  ${name}`);
      const engineNow = await engine();
      samples.get(name)!.push({ ...runDedupe(path, args), engine: engineNow });
    };
    for (let round = 0; round < SCALING_ROUNDS; round++) for (const row of rows.slice(0, 2)) await take(row);
    for (const row of rows.slice(2)) await take(row);
    const engines = [...samples.values()].flat().map((run) => run.engine).sort((a, b) => a - b);
    const lines = [
      `### The corpus job at ${documents.toLocaleString('en')} documents (${(bytes / 1e6).toFixed(0)} MB of JSONL, bench/large-corpus.ts)`,
      '',
      `The engine alone, one thread (fingerprintMany over the first ${ENGINE_SAMPLE.toLocaleString('en')} texts in memory, best of ${context.iterations}), measured before each run: **${middle(engines).toFixed(0)} MB/s** (${engines[0].toFixed(0)} to ${engines[engines.length - 1].toFixed(0)}).`,
      describeMachine(machineCosts(path)),
      `The 1- and 2-thread rows: the median of ${SCALING_ROUNDS} runs, taken in turn (their range in brackets); the others one run each. × engine: each run's MB/s over the engine's measured just before it (the median of those ratios for a row of several runs).`,
      '',
      '| run | k | seconds | MB/s | × engine (1 thread) | peak RSS MB | bytes a document | verified pairs |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ];
    const seconds = new Map<string, number>();
    for (const [name] of rows) {
      const runs = [...samples.get(name)!].sort((a, b) => a.seconds - b.seconds);
      const run = runs[runs.length >> 1];
      seconds.set(name, run.seconds);
      const range = runs.length > 1 ? ` (${runs[0].seconds.toFixed(1)} to ${runs[runs.length - 1].seconds.toFixed(1)})` : '';
      const mbs = bytes / run.seconds / 1e6;
      const againstEngine = middle(runs.map((r) => bytes / r.seconds / 1e6 / r.engine).sort((a, b) => a - b));
      lines.push(`| ${name} | ${run.k} | ${run.seconds.toFixed(1)}${range} | ${mbs.toFixed(0)} | ${againstEngine.toFixed(2)}× | ${(run.peakRss / 1e6).toFixed(0)} | ${(run.peakRss / run.documents).toFixed(0)} | ${run.verified ?? ''} |`);
    }
    const one = seconds.get(rows[0][0])!, two = seconds.get(rows[1][0])!;
    const off = seconds.get(rows[rows.length - 2][0])!, defaults = seconds.get(rows[rows.length - 1][0])!;
    // Round by round as well: this VM's speed drifts by a fifth within minutes, and a slow phase that caught runs of
    // one kind and not the other moves the ratio of medians (one suite printed 1.78 from 1-thread runs caught in such
    // a phase, where the runs' own phases gave 1.54).
    const ones = samples.get(rows[0][0])!, twos = samples.get(rows[1][0])!;
    const byRound = ones.map((run, r) => run.seconds / twos[r].seconds).sort((a, b) => a - b);
    // And each run against the engine of its minute: what the machine's drift within a round leaves of the ratio.
    const byEngine = ones.map((run, r) => (run.seconds * run.engine) / (twos[r].seconds * twos[r].engine)).sort((a, b) => a - b);
    const list = (ratios: readonly number[]) => ratios.map((x) => x.toFixed(2)).join(', ');
    lines.push('', `2 threads against 1: ${(one / two).toFixed(2)}× (medians); round by round ${list(byRound)}; each run over the engine measured before it, round by round ${list(byEngine)}. The defaults against --verify off: ${(defaults / off).toFixed(2)}× the time.`);
    context.print(`${lines.join('\n')}\n`);
  },
};

/** The middle of sorted numbers (the upper of the two middle ones for an even count, as the rows' runs take). */
function middle(sorted: readonly number[]): number {
  return sorted[sorted.length >> 1];
}
