// A worker's tasks, prepared from its setup. A worker thread answers messages with them, and a one-thread run
// (task-pool.ts's localPool) calls them in this thread: the same functions, so one thread and many give the same bits.
import type { SimHash } from '../core/simhash.js';
import { createFeatureTools } from '../core/simhash.js';
import { engineOf, loadEntry } from './engine-entry.js';
import type { WorkerSetup } from './protocol.js';
import type { AnyTask } from './task.js';

export interface PreparedTasks {
  /** The setup's hasher: its version names the pipeline of every result. */
  readonly hasher: SimHash;
  /** Runs the task of that name; throws if it is not among the prepared ones. */
  run(name: string, input: unknown): unknown;
  /** The buffers of a result of the task of that name, to transfer. */
  transfer(name: string, result: unknown): ArrayBuffer[];
}

/** Checks the setup (the library's own messages) and prepares each task once. */
export async function prepareTasks(setup: WorkerSetup, tasks: readonly AnyTask[]): Promise<PreparedTasks> {
  const entry = await loadEntry(setup.engine);
  const options = { shingle: setup.shingle, weights: setup.weights, defaultWeight: setup.defaultWeight, tokens: setup.tokens, termWeights: setup.termWeights };
  const hasher = entry.createSimHash(options);
  const context = { entry, hasher, ...createFeatureTools(engineOf(setup.engine), options) };
  const prepared = new Map(tasks.map((task) => [task.name, { task, run: task.prepare(context) }]));
  const find = (name: string) => {
    const found = prepared.get(name);
    if (found === undefined) throw new Error(`this pool serves no task named ${JSON.stringify(name)}`);
    return found;
  };
  return {
    hasher,
    run: (name, input) => find(name).run(input),
    transfer: (name, result) => find(name).task.transfer(result),
  };
}
