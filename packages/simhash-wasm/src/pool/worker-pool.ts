// N worker threads answering tasks in any order; each task's promise gets its own result. Idle workers are unref'd,
// so a pool nobody closed does not keep the process alive.
import { Worker } from 'node:worker_threads';
import type { FromWorker, ToWorker, WorkerSetup } from './protocol.js';
import type { Task } from './task.js';
import type { TaskPool } from './task-pool.js';
import type { WorkerScript } from './worker-url.js';

/** Tasks queued on one worker at once: one running, one waiting, so it never idles between messages. */
const DEPTH = 2;

interface Pending {
  readonly seq: number;
  readonly task: string;
  readonly input: unknown;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

interface Slot {
  readonly worker: Worker;
  readonly running: Map<number, Pending>;
}

export class WorkerPool implements TaskPool {
  readonly #slots: Slot[] = [];
  readonly #queue: Pending[] = [];
  #seq = 0;
  #broken: Error | undefined;
  #closed = false;

  private constructor() {}

  /**
   * Starts `threads` workers running `script` (a script that serves the tasks this pool will be asked to run) and
   * resolves once every one has built its hasher from `setup` (or rejects with why one could not).
   */
  static async start(threads: number, setup: WorkerSetup, script: WorkerScript): Promise<WorkerPool> {
    const pool = new WorkerPool();
    const ready: Promise<void>[] = [];
    for (let i = 0; i < threads; i++) {
      const worker = 'url' in script ? new Worker(script.url, { workerData: setup }) : new Worker(script.code, { eval: true, workerData: setup });
      const slot: Slot = { worker, running: new Map() };
      pool.#slots.push(slot);
      ready.push(pool.#watch(slot));
    }
    try {
      await Promise.all(ready);
    } catch (error) {
      await pool.close();
      throw error;
    }
    for (const slot of pool.#slots) slot.worker.unref();
    return pool;
  }

  get threads(): number {
    return this.#slots.length;
  }

  run<In, Out>(task: Task<In, Out>, input: In): Promise<Out> {
    if (this.#closed) return Promise.reject(new Error('the pool is closed'));
    if (this.#broken) return Promise.reject(this.#broken);
    return new Promise((resolve, reject) => {
      this.#queue.push({ seq: this.#seq++, task: task.name, input, resolve: resolve as (result: unknown) => void, reject });
      this.#dispatch();
    });
  }

  /**
   * Runs the task once on every worker, ahead of the tasks not yet sent to it: a worker reads its messages in order,
   * so what a later task needs (an index snapshot) is there when it starts. Resolves with each worker's result.
   */
  runOnEach<In, Out>(task: Task<In, Out>, input: In): Promise<Out[]> {
    if (this.#closed) return Promise.reject(new Error('the pool is closed'));
    if (this.#broken) return Promise.reject(this.#broken);
    return Promise.all(this.#slots.map((slot) => new Promise<Out>((resolve, reject) => {
      const pending: Pending = { seq: this.#seq++, task: task.name, input, resolve: resolve as (result: unknown) => void, reject };
      if (slot.running.size === 0) slot.worker.ref();
      slot.running.set(pending.seq, pending);
      slot.worker.postMessage({ seq: pending.seq, task: pending.task, input } satisfies ToWorker);
    })));
  }

  /** Ends every worker; tasks still waiting are rejected. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#failAll(new Error('the pool was closed before the task ran'));
    await Promise.all(this.#slots.map((slot) => slot.worker.terminate()));
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      let best: Slot | undefined;
      for (const slot of this.#slots) if (slot.running.size < DEPTH && (!best || slot.running.size < best.running.size)) best = slot;
      if (!best) return;
      const pending = this.#queue.shift()!;
      if (best.running.size === 0) best.worker.ref();
      best.running.set(pending.seq, pending);
      best.worker.postMessage({ seq: pending.seq, task: pending.task, input: pending.input } satisfies ToWorker);
    }
  }

  /** Resolves when the worker is ready; afterwards routes its answers, and turns its death into a broken pool. */
  #watch(slot: Slot): Promise<void> {
    return new Promise((ready, failed) => {
      slot.worker.on('message', (message: FromWorker) => {
        if (message.type === 'ready') return ready();
        const pending = slot.running.get(message.seq);
        if (!pending) return;
        slot.running.delete(message.seq);
        if (slot.running.size === 0) slot.worker.unref();
        if (message.type === 'done') pending.resolve(message.result);
        else pending.reject(rebuild(message.error));
        this.#dispatch();
      });
      const die = (error: Error) => {
        failed(error);
        if (this.#closed) return;
        this.#broken ??= error;
        for (const pending of slot.running.values()) pending.reject(error);
        slot.running.clear();
        this.#failAll(error);
      };
      slot.worker.on('error', die);
      slot.worker.on('exit', (code) => die(new Error(`a pool worker stopped (exit code ${code})`)));
    });
  }

  #failAll(error: Error): void {
    for (const pending of this.#queue.splice(0)) pending.reject(error);
    for (const slot of this.#slots) {
      for (const pending of slot.running.values()) pending.reject(error);
      slot.running.clear();
    }
  }
}

/** The worker's TypeError stays a TypeError (and RangeError a RangeError), so callers can tell bad input from bugs. */
function rebuild(error: { name: string; message: string }): Error {
  const Type = error.name === 'TypeError' ? TypeError : error.name === 'RangeError' ? RangeError : Error;
  return new Type(error.message);
}
