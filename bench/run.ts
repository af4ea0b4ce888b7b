// Runs every bench suite (SUITE_MODULES below), optionally filtered.
//
//   npm run bench                          all suites
//   npm run bench -- fingerprint/seed      only tasks whose id (suite/group/task) contains the filter
//   npm run bench -- --reference ../shared/reference/run.sh   also run the yardstick (twice before, twice after), add ratios
//   npm run bench -- --iterations 1 --time 0                  one timed call per task (a smoke run)
// A new bench module exports `suite` (see suite.ts) and is added to SUITE_MODULES below.
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { BenchSuite, Block, ReferenceResult, SuiteContext } from './suite.js';

function parseCommandLine() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      reference: { type: 'string' },
      'reference-runs': { type: 'string', default: '4' },
      iterations: { type: 'string', default: '5' },
      time: { type: 'string', default: '2000' },
    },
  });
  const iterations = Number(values.iterations);
  const timeMs = Number(values.time);
  if (!Number.isInteger(iterations) || iterations < 1) throw new RangeError(`--iterations must be a positive integer, got ${values.iterations}`);
  if (!Number.isFinite(timeMs) || timeMs < 0) throw new RangeError(`--time must be milliseconds ≥ 0, got ${values.time}`);
  const referenceRuns = Number(values['reference-runs']);
  if (!Number.isInteger(referenceRuns) || referenceRuns < 1) throw new RangeError(`--reference-runs must be a positive integer, got ${values['reference-runs']}`);
  return { filters: positionals.map((f) => f.toLowerCase()), reference: values.reference, referenceRuns, iterations, timeMs };
}

interface ReferenceRun extends ReferenceResult {
  readonly output: string;
}

/** Runs ../shared/reference/run.sh (or wherever it is) and reads its result lines. */
function runReference(script: string): ReferenceRun {
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

/** The best of the runs, figure by figure: a yardstick slowed by other processes would flatter us. */
function bestOf(runs: readonly ReferenceRun[]): ReferenceResult {
  const lookups = runs.map((r) => r.lookupsPerSecond).filter((n): n is number => n !== undefined);
  return {
    fingerprintDocsPerSecond: Math.max(...runs.map((r) => r.fingerprintDocsPerSecond)),
    fingerprintMBPerSecond: Math.max(...runs.map((r) => r.fingerprintMBPerSecond)),
    lookupsPerSecond: lookups.length > 0 ? Math.max(...lookups) : undefined,
  };
}

/** The commit measured, marked "+ local changes" when the work tree differs from it. */
function commit(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ' + local changes' : ''}`;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

/**
 * The bench modules, each exporting `suite: BenchSuite`. Listed rather than discovered: bench/ also holds
 * scratch scripts (e.g. *-quick.ts) that run when imported.
 */
const SUITE_MODULES = ['./fingerprint.js', './dedupe.js'];

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
  const log = (message: string) => process.stderr.write(`${message}\n`);
  const blocks: Block[] = [
    `## simhash-wasm benchmarks, ${new Date().toISOString()}\n\nCommit ${commit()}; Node ${process.version}; ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores; one thread.\n`,
  ];
  let matched = 0;
  const referenceRuns: { when: string; run: ReferenceRun }[] = [];
  const runReferences = (when: string, count: number) => {
    for (let i = 0; i < count && options.reference; i++) {
      log(`reference (${when}): ${options.reference}`);
      referenceRuns.push({ when, run: runReference(options.reference) });
    }
  };
  runReferences('before', Math.ceil(options.referenceRuns / 2));
  const context: SuiteContext = {
    selected: (id) => {
      const yes = options.filters.length === 0 || options.filters.some((f) => id.toLowerCase().includes(f));
      if (yes) matched++;
      return yes;
    },
    iterations: options.iterations,
    timeMs: options.timeMs,
    print: (block) => blocks.push(block),
    log,
  };
  for (const suite of await loadSuites()) {
    log(`suite ${suite.name}`);
    await suite.run(context);
  }
  if (matched === 0) {
    log(`no bench task matched ${options.filters.map((f) => JSON.stringify(f)).join(' or ')}`);
    process.exitCode = 1;
  }
  runReferences('after', Math.floor(options.referenceRuns / 2));
  let reference: ReferenceResult | undefined;
  if (referenceRuns.length > 0) {
    reference = bestOf(referenceRuns.map((r) => r.run));
    const outputs = referenceRuns.map((r) => `# ${r.when} the suites\n${r.run.output}`).join('\n');
    blocks.splice(1, 0, `Reference (${options.reference}), ${referenceRuns.length} runs; ratios compare best with best (${Math.round(reference.fingerprintDocsPerSecond).toLocaleString('en')} docs/s):\n\n\`\`\`\n${outputs}\n\`\`\`\n`);
  }
  for (const block of blocks) process.stdout.write(`${typeof block === 'string' ? block : block(reference)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
