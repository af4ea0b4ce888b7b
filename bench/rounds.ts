// Interleaved rounds: each round times one call of every task (and one yardstick sample) back to back, so on a
// shared machine the load of the moment weighs on all of them alike, and ratios are taken within a round.
import { Bench } from 'tinybench';
import type { Yardstick } from './yardstick.js';
import { median } from './support/median.js';

export interface RoundTask {
  readonly name: string;
  /** Documents (or operations) per call, and their bytes. */
  readonly items: number;
  readonly bytes: number;
  readonly fn: () => unknown;
}

export interface RoundsResult {
  readonly name: string;
  readonly items: number;
  readonly bytes: number;
  /** Milliseconds of each round's call. */
  readonly ms: readonly number[];
}

export interface RoundsOutcome {
  readonly tasks: readonly RoundsResult[];
  /** The yardstick's own row (its documents/s as it reported them), when one was given. */
  readonly reference?: RoundsResult;
}

const REFERENCE_TASK = 'reference (the Rust reference program)';

/** `referenceItems`: documents the yardstick fingerprints per sample (the reference's 20,000). */
export async function runRounds(
  tasks: readonly RoundTask[],
  rounds: number,
  log: (message: string) => void,
  yardstick?: { readonly stick: Yardstick; readonly items: number; readonly bytes: number; readonly check?: (acc: bigint) => void },
): Promise<RoundsOutcome> {
  for (const task of tasks) task.fn(); // warm-up: compile, tier up, allocate buffers
  const ms = new Map<string, number[]>([...tasks.map((t) => [t.name, []] as [string, number[]]), [REFERENCE_TASK, []]]);
  for (let round = 1; round <= rounds; round++) {
    const bench = new Bench({ name: `round ${round}`, iterations: 1, time: 0, warmup: false, throws: true });
    if (yardstick) {
      bench.add(REFERENCE_TASK, async () => {
        const sample = await yardstick.stick.sampleFingerprint();
        yardstick.check?.(sample.acc);
        // Its own clock: process start-up and document generation are not fingerprinting.
        return { overriddenDuration: (yardstick.items / sample.fingerprintDocsPerSecond) * 1000 };
      });
    }
    for (const task of tasks) bench.add(task.name, task.fn);
    await bench.run();
    for (const task of bench.tasks) {
      const result = task.result;
      if (result.state !== 'completed') throw new Error(`${task.name}: ${result.state}${'error' in result ? ` (${String(result.error)})` : ''}`);
      ms.get(task.name)!.push(result.latency.min);
    }
    log(`  round ${round}/${rounds} done`);
  }
  return {
    tasks: tasks.map((t) => ({ name: t.name, items: t.items, bytes: t.bytes, ms: ms.get(t.name)! })),
    reference: yardstick ? { name: REFERENCE_TASK, items: yardstick.items, bytes: yardstick.bytes, ms: ms.get(REFERENCE_TASK)! } : undefined,
  };
}

/**
 * docs/s and MB/s of the median round and of the best round; "× reference" is the median, over rounds, of
 * (this task's docs/s ÷ the yardstick's docs/s in the same round), with the lowest and highest of those ratios.
 */
export function roundsTable(outcome: RoundsOutcome, itemLabel = 'docs'): string {
  const { reference } = outcome;
  const rows = reference ? [reference, ...outcome.tasks] : outcome.tasks;
  const unit = `${itemLabel}/s`;
  const header = ['task', `${unit} (median)`, 'MB/s (median)', `${unit} (best)`, ...(reference ? ['× reference (range)'] : []), 'rounds'];
  const lines = [header, header.map((_, i) => (i === 0 ? '---' : '---:'))];
  const count = (n: number) => Math.round(n).toLocaleString('en');
  for (const r of rows) {
    const perSecond = r.ms.map((ms) => (r.items / ms) * 1000);
    const ratios = reference ? perSecond.map((v, i) => v / ((reference.items / reference.ms[i]) * 1000)) : undefined;
    lines.push([
      r.name,
      count(median(perSecond)),
      ((median(perSecond) * r.bytes) / r.items / 1e6).toFixed(1),
      count(Math.max(...perSecond)),
      ...(ratios === undefined ? [] : [`${median(ratios).toFixed(2)}× (${Math.min(...ratios).toFixed(1)}–${Math.max(...ratios).toFixed(1)})`]),
      String(r.ms.length),
    ]);
  }
  return lines.map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
