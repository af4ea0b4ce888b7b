// Runs every bench suite (SUITE_MODULES below), optionally filtered.
//
//   npm run bench                          all suites
//   npm run bench -- fingerprint/seed      only tasks whose id (suite/group/task) contains the filter
//   npm run bench -- --reference ../shared/reference/run.sh   also run the yardstick first, add ratios
//   npm run bench -- --iterations 1 --time 0                  one timed call per task (a smoke run)
// A new bench module exports `suite` (see suite.ts) and is added to SUITE_MODULES below.
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { BenchSuite, ReferenceResult, SuiteContext } from './suite.js';

function parseCommandLine() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      reference: { type: 'string' },
      iterations: { type: 'string', default: '5' },
      time: { type: 'string', default: '2000' },
    },
  });
  const iterations = Number(values.iterations);
  const timeMs = Number(values.time);
  if (!Number.isInteger(iterations) || iterations < 1) throw new RangeError(`--iterations must be a positive integer, got ${values.iterations}`);
  if (!Number.isFinite(timeMs) || timeMs < 0) throw new RangeError(`--time must be milliseconds ≥ 0, got ${values.time}`);
  return { filters: positionals.map((f) => f.toLowerCase()), reference: values.reference, iterations, timeMs };
}

/** Runs ../shared/reference/run.sh (or wherever it is) and reads its two result lines. */
function runReference(script: string): ReferenceResult {
  const output = execFileSync(resolve(script), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const fp = /fingerprint: (\d+) docs\/s, ([\d.]+) MB\/s/.exec(output);
  if (!fp) throw new Error(`could not read "fingerprint: N docs/s, M MB/s" in the output of ${script}:\n${output}`);
  const lookups = /(\d+) lookups\/s/.exec(output);
  return {
    fingerprintDocsPerSecond: Number(fp[1]),
    fingerprintMBPerSecond: Number(fp[2]),
    lookupsPerSecond: lookups ? Number(lookups[1]) : undefined,
    output: output.trim(),
  };
}

/**
 * The bench modules, each exporting `suite: BenchSuite`. Listed rather than discovered: bench/ also holds
 * scratch scripts (e.g. *-quick.ts) that run when imported.
 */
const SUITE_MODULES = ['./fingerprint.js'];

async function loadSuites(): Promise<BenchSuite[]> {
  const suites: BenchSuite[] = [];
  for (const path of SUITE_MODULES) {
    const module: { suite?: BenchSuite } = await import(path);
    if (!module.suite) throw new Error(`bench module ${path} exports no suite`);
    suites.push(module.suite);
  }
  return suites;
}

async function main(): Promise<void> {
  const options = parseCommandLine();
  const print = (markdown: string) => process.stdout.write(`${markdown}\n`);
  const log = (message: string) => process.stderr.write(`${message}\n`);
  print(`## simhash-wasm benchmarks, ${new Date().toISOString()}\n\nNode ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores), one thread.\n`);
  let reference: ReferenceResult | undefined;
  if (options.reference) {
    log(`running the reference: ${options.reference}`);
    reference = runReference(options.reference);
    print(`Reference (${options.reference}):\n\n\`\`\`\n${reference.output}\n\`\`\`\n`);
  }
  const context: SuiteContext = {
    selected: (id) => options.filters.length === 0 || options.filters.some((f) => id.toLowerCase().includes(f)),
    reference,
    iterations: options.iterations,
    timeMs: options.timeMs,
    print,
    log,
  };
  for (const suite of await loadSuites()) {
    log(`suite ${suite.name}`);
    await suite.run(context);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
