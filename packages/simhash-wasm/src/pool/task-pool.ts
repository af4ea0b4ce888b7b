// Where tasks run: on worker threads (WorkerPool) or, for one thread, in this one (localPool: no start-up cost, the
// same prepared functions). Callers hold a TaskPool and need not know which.
import type { PreparedTasks } from './prepare-tasks.js';
import type { Task } from './task.js';

export interface TaskPool {
  readonly threads: number;
  /** The task's result for `input`; tasks run in any order, each promise gets its own result. */
  run<In, Out>(task: Task<In, Out>, input: In): Promise<Out>;
  /** Ends the workers; tasks still waiting are rejected. */
  close(): Promise<void>;
}

export function localPool(prepared: PreparedTasks): TaskPool {
  return {
    threads: 1,
    run: async <In, Out>(task: Task<In, Out>, input: In) => prepared.run(task.name, input) as Out,
    close: async () => {},
  };
}
