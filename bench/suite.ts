// What every bench module exports (`suite`), and the throughput table they all print.
import type { Task } from 'tinybench';

/**
 * Yardstick numbers from ../shared/reference/run.sh, when `npm run bench -- --reference PATH` ran it:
 * once before the suites and once after, each figure the faster of the two (so ratios err low).
 */
export interface ReferenceResult {
  readonly fingerprintDocsPerSecond: number;
  readonly fingerprintMBPerSecond: number;
  readonly lookupsPerSecond?: number;
}

/** A result block: markdown, or a function that renders it once the reference's numbers are known. */
export type Block = string | ((reference: ReferenceResult | undefined) => string);

export interface SuiteContext {
  /** True if the task whose id is `suite/group/task` was selected by the command line filter. */
  selected(id: string): boolean;
  /** tinybench settings from the command line. */
  readonly iterations: number;
  readonly timeMs: number;
  /** Adds a result block; all blocks go to stdout at the end, after the second reference run. */
  print(block: Block): void;
  /** Progress and diagnostics, to stderr. */
  log(message: string): void;
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

/** Items/s from the median sample: on a shared, noisy machine the median is steadier than the mean. */
export function itemsPerSecond(row: ThroughputRow): number {
  return row.itemsPerCall / (medianMs(row.task) / 1000);
}

function medianMs(task: Task): number {
  const result = task.result;
  if (result.state !== 'completed') throw new Error(`bench task ${task.name} did not complete: ${result.state}${'error' in result ? ` (${String(result.error)})` : ''}`);
  return result.latency.p50;
}

export interface TableOptions {
  readonly itemLabel: string;
  /** Items/s of the yardstick, for a "× reference" column. */
  readonly referencePerSecond?: number;
}

export function throughputTable(rows: readonly ThroughputRow[], options: TableOptions): string {
  const withRef = options.referencePerSecond !== undefined;
  const header = ['task', `${options.itemLabel}/s`, 'MB/s', ...(withRef ? ['× reference'] : []), 'samples', '±rme'];
  const lines = [row(header), row(header.map((_, i) => (i === 0 ? '---' : '---:')))];
  for (const r of rows) {
    const perSecond = itemsPerSecond(r);
    const result = r.task.result;
    const rme = result.state === 'completed' ? `${result.latency.rme.toFixed(1)}%` : '';
    const mb = r.bytesPerCall === undefined ? '' : ((r.bytesPerCall * perSecond) / r.itemsPerCall / 1e6).toFixed(1);
    lines.push(row([
      r.task.name,
      Math.round(perSecond).toLocaleString('en'),
      mb,
      ...(withRef ? [`${(perSecond / options.referencePerSecond!).toFixed(2)}×`] : []),
      String(r.task.runs),
      rme,
    ]));
  }
  return lines.join('\n');
}

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}
