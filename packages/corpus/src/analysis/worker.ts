// The worker script of the document analysis (built as dist/analysis-worker.js): the pool's generic worker body serving
// the analysis task, which brings the HTML extractor the pool's own worker does without, the JSONL range task,
// the task that reads whole files (with the mail decoder, loaded on the first message), the task that reads spans of
// Parquet rows (hyparquet, loaded on the first span) and the task that reads spans of WARC records (warcio, loaded on
// the first span); and, after the reading, the library's index search for the grouping's pairs (pairs-search.ts) and
// the verification's sets of records read back (record-sets-task.ts).
import { indexTasks, serveTasks } from 'simhash-wasm/internal/pool';
import { analysisTask } from './task.js';
import { rangeTask } from './range-task.js';
import { fileTask } from './file-task.js';
import { parquetTask } from './parquet-task.js';
import { warcTask } from './warc-task.js';
import { recordSetsTask } from './record-sets-task.js';

serveTasks([analysisTask, rangeTask, fileTask, parquetTask, warcTask, recordSetsTask, ...indexTasks]);
