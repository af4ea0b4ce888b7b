// The worker script of the dedupe analysis (built as dist/dedupe-worker.js): the pool's generic worker body serving
// the analysis task, which brings the HTML extractor the pool's own worker does without.
import { serveTasks } from '../pool/serve-tasks.js';
import { analysisTask } from './analysis-task.js';

serveTasks([analysisTask]);
