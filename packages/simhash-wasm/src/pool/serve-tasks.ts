// The body of a pool worker thread: prepares the tasks it serves from workerData, then answers calls until terminated.
// A worker script is one call of serveTasks with the tasks of its layer (worker.ts: the pool's own).
import { parentPort, workerData } from 'node:worker_threads';
import { prepareTasks } from './prepare-tasks.js';
import type { FromWorker, ToWorker, WorkerSetup } from './protocol.js';
import type { AnyTask } from './task.js';

export function serveTasks(tasks: readonly AnyTask[]): void {
  const port = parentPort;
  if (port === null) throw new Error('simhash-wasm pool worker: run as a worker thread, not as a program');
  const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  prepareTasks(workerData as WorkerSetup, tasks).then(
    (prepared) => {
      const fail = (seq: number, error: unknown) => {
        const e = error instanceof Error ? error : new Error(String(error));
        send({ type: 'failed', seq, error: { name: e.name, message: e.message } });
      };
      // The result's typed arrays move to the main thread instead of being copied.
      const done = (seq: number, task: string, result: unknown) => send({ type: 'done', seq, result }, prepared.transfer(task, result));
      port.on('message', ({ seq, task, input }: ToWorker) => {
        let result: unknown;
        try {
          result = prepared.run(task, input);
        } catch (error) {
          fail(seq, error);
          return;
        }
        if (result instanceof Promise) result.then((resolved) => done(seq, task, resolved), (error: unknown) => fail(seq, error));
        else done(seq, task, result);
      });
      send({ type: 'ready' });
    },
    (error: unknown) => {
      // Thrown out of the worker: the pool sees it as the worker's 'error' event and fails its start.
      throw error;
    },
  );
}
