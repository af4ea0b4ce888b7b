// A pool worker for the index pool's tests: the index tasks as usual, except that a query share asking for
// maxDistance 1 ends the worker's process (exit code 9) instead of answering, as a crash would.
import { indexTasks, queryManyTask, type QueryInput } from '../../packages/simhash-wasm/src/pool/index-tasks.js';
import { serveTasks } from '../../packages/simhash-wasm/src/pool/serve-tasks.js';
import type { Task } from '../../packages/simhash-wasm/src/pool/task.js';

const dying: Task<QueryInput, unknown> = {
  ...queryManyTask,
  prepare: (context) => {
    const run = queryManyTask.prepare(context);
    return (input) => (input.k === 1 ? process.exit(9) : run(input));
  },
};

serveTasks(indexTasks.map((task) => (task.name === dying.name ? dying : task)));
