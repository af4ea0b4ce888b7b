// The worker script of the document analysis (built as dist/analysis-worker.js): the pool's generic worker body serving
// the analysis task, which brings the HTML extractor the pool's own worker does without, and the JSONL range task.
import { serveTasks } from 'simhash-wasm/internal/pool';
import { analysisTask } from './task.js';
import { rangeTask } from './range-task.js';

serveTasks([analysisTask, rangeTask]);
