// The body of one pool worker thread: builds its hasher from workerData, then answers tasks until terminated.
import { parentPort, workerData } from 'node:worker_threads';
import type { FromWorker, TaskResult, ToWorker, WorkerSetup } from './protocol.js';
import { createTaskRunner } from './run-task.js';

const port = parentPort;
if (port === null) throw new Error('simhash-wasm pool worker: run as a worker thread, not as a program');

const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

/** The result's typed arrays move to the main thread instead of being copied. */
function buffersOf(result: TaskResult): ArrayBuffer[] {
  const arrays = result.kind === 'fingerprint' ? [result.fingerprints] : [result.fingerprints, result.tokens, result.digests];
  return arrays.map((a) => a.buffer as ArrayBuffer);
}

createTaskRunner(workerData as WorkerSetup).then(
  ({ run }) => {
    port.on('message', ({ seq, task }: ToWorker) => {
      let result: TaskResult;
      try {
        result = run(task);
      } catch (error) {
        const e = error instanceof Error ? error : new Error(String(error));
        send({ type: 'failed', seq, error: { name: e.name, message: e.message } });
        return;
      }
      send({ type: 'done', seq, result }, buffersOf(result));
    });
    send({ type: 'ready' });
  },
  (error: unknown) => {
    // Thrown out of the worker: the pool sees it as the worker's 'error' event and fails its start.
    throw error;
  },
);
