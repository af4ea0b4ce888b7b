// The worker script of simhash-wasm/pool (built as dist/pool-worker.js): it serves the fingerprint task alone, so it
// loads the engines and nothing else.
import { fingerprintTask } from './fingerprint-task.js';
import { serveTasks } from './serve-tasks.js';

serveTasks([fingerprintTask]);
