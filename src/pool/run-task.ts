// What a worker does with a task; --threads 1 calls it in-process, so one thread and many give the same bits.
import type { SimHash } from '../core/simhash.js';
import { loadEntry } from '../cli/engines.js';
import { analyze } from '../dedupe/analyze.js';
import type { Task, TaskResult, WorkerSetup } from './protocol.js';

export type TaskRunner = (task: Task) => TaskResult;

export async function createTaskRunner(setup: WorkerSetup): Promise<{ run: TaskRunner; hasher: SimHash }> {
  const entry = await loadEntry(setup.engine);
  const hasher = entry.createSimHash({ shingle: setup.shingle, weights: setup.weights, defaultWeight: setup.defaultWeight });
  const tokenHasher = entry.createSimHash({ shingle: 1 });
  const run: TaskRunner = (task) =>
    task.kind === 'fingerprint'
      ? { kind: 'fingerprint', fingerprints: hasher.fingerprintMany(task.texts) }
      : { kind: 'analyze', ...analyze(hasher, task.fingerprintsOnly === true ? undefined : tokenHasher, task.inputs) };
  return { run, hasher };
}
