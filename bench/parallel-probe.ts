// How much parallelism the machine gives this process right now: a fixed integer loop on 1 and on N worker threads
// at once. On an idle N-core machine N workers finish in the time of one; on a shared one, other processes take
// cores and the N-worker time grows. bench/index-pool.ts times it in the same rounds as the pool, as the ceiling
// its wall-clock speed-up is measured against.
import { Worker } from 'node:worker_threads';

const SPIN = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (iterations) => {
  let x = 0;
  for (let i = 0; i < iterations; i++) x = (x + Math.imul(i, 7)) | 0;
  parentPort.postMessage(x);
});`;

export interface ParallelProbe {
  /** Runs `iterations` of the loop on each of the first `threads` workers at once; resolves when all are done. */
  spin(threads: number, iterations: number): Promise<void>;
  close(): Promise<void>;
}

export function startProbe(threads: number): ParallelProbe {
  const workers = Array.from({ length: threads }, () => new Worker(SPIN, { eval: true }));
  return {
    spin: async (count, iterations) => {
      await Promise.all(workers.slice(0, count).map((w) => new Promise((done) => {
        w.once('message', done);
        w.postMessage(iterations);
      })));
    },
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}
