// The worker script of simhash-wasm/pool (built as dist/pool-worker.js): it serves the fingerprint task and the
// index pool's tasks, so it loads the engines and the index and nothing else.
import { fingerprintTask } from './fingerprint-task.js';
import { indexTasks } from './index-tasks.js';
import { serveTasks } from './serve-tasks.js';

serveTasks([fingerprintTask, ...indexTasks]);
