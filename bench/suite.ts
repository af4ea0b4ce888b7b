// What every bench module exports (`suite`), and the throughput table they all print.
import type { Task } from 'tinybench';
import type { Yardstick } from './yardstick.js';

export interface SuiteContext {
  /** True if the task whose id is `suite/group/task` was selected by the command line filter. */
  selected(id: string): boolean;
  /** tinybench settings from the command line, for suites that give each task a time budget. */
  readonly iterations: number;
  readonly timeMs: number;
  /** Interleaved rounds (rounds.ts) for suites that compare tasks with each other or with the yardstick. */
  readonly rounds: number;
  /** The reference program, when `--reference PATH` was given. */
  readonly yardstick?: Yardstick;
  /** Prints a finished result block (markdown) to stdout. */
  print(markdown: string): void;
  /** Progress and diagnostics, to stderr. */
  log(message: string): void;
}

/**
 * Whether a suite that runs only when named was named (`npm run bench -- NAME`); if not, it says how to run it. A
 * filter that selects everything (none given) also selects a name no suite has: that is how a bare run is told apart.
 */
export function namedOnly(context: SuiteContext, name: string, cost: string): boolean {
  if (context.selected(`${name}/`) && !context.selected('no-such-suite/')) return true;
  context.log(`${name}: skipped (${cost}): run it with \`npm run bench -- ${name}\``);
  return false;
}

export interface BenchSuite {
  readonly name: string;
  run(context: SuiteContext): Promise<void>;
}

export interface ThroughputRow {
  readonly task: Task;
  /** Documents (or operations) done by one call of the task function. */
  readonly itemsPerCall: number;
  /** Bytes done by one call, for MB/s; omit for operations that have no bytes. */
  readonly bytesPerCall?: number;
}

/**
 * Items/s of the fastest call and of the median call. On a shared 2-core machine a call is often slowed by
 * other processes; the fastest call is the closest to the code's own speed, and it is what the yardstick's
 * best run is compared with (best against best). The median shows how much the noise costs.
 */
export function itemsPerSecond(row: ThroughputRow): { best: number; median: number } {
  const result = row.task.result;
  if (result.state !== 'completed') throw new Error(`bench task ${row.task.name} did not complete: ${result.state}${'error' in result ? ` (${String(result.error)})` : ''}`);
  return { best: row.itemsPerCall / (result.latency.min / 1000), median: row.itemsPerCall / (result.latency.p50 / 1000) };
}

export interface TableOptions {
  readonly itemLabel: string;
  /** Items/s of the yardstick, for a "× reference" column. */
  readonly referencePerSecond?: number;
}

export function throughputTable(rows: readonly ThroughputRow[], options: TableOptions): string {
  const withRef = options.referencePerSecond !== undefined;
  const unit = `${options.itemLabel}/s`;
  const header = ['task', `${unit} (best)`, 'MB/s (best)', ...(withRef ? ['× reference'] : []), `${unit} (median)`, 'samples'];
  const lines = [row(header), row(header.map((_, i) => (i === 0 ? '---' : '---:')))];
  const count = (n: number) => Math.round(n).toLocaleString('en');
  for (const r of rows) {
    const { best, median } = itemsPerSecond(r);
    const mb = r.bytesPerCall === undefined ? '' : ((r.bytesPerCall * best) / r.itemsPerCall / 1e6).toFixed(1);
    lines.push(row([
      r.task.name,
      count(best),
      mb,
      ...(withRef ? [`${(best / options.referencePerSecond!).toFixed(2)}×`] : []),
      count(median),
      String(r.task.runs),
    ]));
  }
  return lines.join('\n');
}

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}
