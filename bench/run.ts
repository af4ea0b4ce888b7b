// Runs every bench suite (SUITE_MODULES below), optionally filtered.
//
//   npm run bench                          all suites
//   npm run bench -- fingerprint/seed      only tasks whose id (suite/group/task) contains the filter
//   npm run bench -- --reference PATH      the reference program, sampled between rounds for ratios; by default
//                                          ../shared/reference/run.sh when it exists (--no-reference: none)
//   npm run bench -- --rounds 3 --iterations 1 --time 0       a quick run
// A new bench module exports `suite` (see suite.ts) and is added to SUITE_MODULES below.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import type { BenchSuite, SuiteContext } from './suite.js';
import { createYardstick, type Yardstick } from './yardstick.js';

/** The reference program beside this repository's checkout, as the developers' guide lays them out. */
const DEFAULT_REFERENCE = '../shared/reference/run.sh';

function parseCommandLine() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      reference: { type: 'string' },
      'no-reference': { type: 'boolean', default: false },
      rounds: { type: 'string', default: '7' },
      iterations: { type: 'string', default: '5' },
      time: { type: 'string', default: '2000' },
    },
  });
  const positive = (name: string, text: string) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1) throw new RangeError(`--${name} must be a positive integer, got ${text}`);
    return n;
  };
  const timeMs = Number(values.time);
  if (!Number.isFinite(timeMs) || timeMs < 0) throw new RangeError(`--time must be milliseconds ≥ 0, got ${values.time}`);
  return {
    filters: positionals.map((f) => f.toLowerCase()),
    reference: values['no-reference'] ? undefined : (values.reference ?? (existsSync(DEFAULT_REFERENCE) ? DEFAULT_REFERENCE : undefined)),
    rounds: positive('rounds', values.rounds),
    iterations: positive('iterations', values.iterations),
    timeMs,
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
const SUITE_MODULES = ['./fingerprint.js', './dedupe.js', './block-index.js', './cjk.js', './inputs.js', './redis.js', './scan.js', './index-goals.js', './index-pool.js', './pairs-large-k.js', './report.js', './startup.js', './corpus-scale.js', './mail-corpus.js'];

async function loadSuites(): Promise<BenchSuite[]> {
  const suites: BenchSuite[] = [];
  for (const path of SUITE_MODULES) {
    const module: { suite?: BenchSuite } = await import(path);
    if (!module.suite) throw new Error(`bench module ${path} exports no suite`);
    suites.push(module.suite);
  }
  return suites;
}

/** One whole reference run (fingerprint and index), printed for the record. */
async function recordReference(yardstick: Yardstick, when: string, log: (message: string) => void): Promise<void> {
  log(`reference, whole run (${when}): ${yardstick.script}`);
  const run = await yardstick.fullRun();
  process.stdout.write(`Reference, whole run ${when} the suites (\`${yardstick.script}\`):\n\n\`\`\`\n${run.output}\n\`\`\`\n\n`);
}

async function main(): Promise<void> {
  const options = parseCommandLine();
  const log = (message: string) => process.stderr.write(`${message}\n`);
  process.stdout.write(`## simhash-wasm benchmarks, ${new Date().toISOString()}\n\nCommit ${commit()}; Node ${process.version}; ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores; one thread.\n\n`);
  const yardstick = options.reference ? createYardstick(options.reference) : undefined;
  if (yardstick) await recordReference(yardstick, 'before', log);
  let matched = 0;
  const context: SuiteContext = {
    selected: (id) => {
      const yes = options.filters.length === 0 || options.filters.some((f) => id.toLowerCase().includes(f));
      if (yes) matched++;
      return yes;
    },
    iterations: options.iterations,
    timeMs: options.timeMs,
    rounds: options.rounds,
    yardstick,
    print: (markdown) => process.stdout.write(`${markdown}\n`),
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
  if (yardstick) await recordReference(yardstick, 'after', log);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
