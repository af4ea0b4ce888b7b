// A task: work a pool worker runs by name. The pool knows no task but its own (fingerprint-task.ts); the layer that
// owns a job defines its task and a worker script serving it (serveTasks), so a worker loads only the code of the
// tasks it serves: dist/pool-worker.js has no HTML parser, the dedupe layer's worker has.
import type { SimHash, UnitVoteSettings } from '../core/simhash.js';
import type { FeatureSink, FingerprintWithFeatures, Text } from '../core/types.js';
import type { EngineEntry } from './engine-entry.js';

/** What the tasks of one worker share, built once per worker from the pool's WorkerSetup. */
export interface TaskContext {
  /** The library entry of the setup's engine: for hashers with other options (a w = 1 token hasher). */
  readonly entry: EngineEntry;
  /** createSimHash with the setup's options. */
  readonly hasher: SimHash;
  /**
   * hasher.fingerprintWithFeatures, the features written into `sink` (a view, valid until the sink's next use)
   * where the engine can: no new array per document for a task that reads millions of them.
   */
  readonly fingerprintWithFeaturesInto: (text: Text, sink: FeatureSink) => FingerprintWithFeatures;
  /**
   * The hasher's shingle width and tokens when its fingerprint is the unit-weight votes of its features alone
   * (FeatureTools.unitVotes): a task may then make both in a module of its own (the corpus kernels' engine pass, where its
   * digest reads the features). Absent for weights or term weights.
   */
  readonly unitVotes?: UnitVoteSettings;
}

export interface Task<In, Out> {
  /** Names the task in messages; unique among the tasks one worker serves. */
  readonly name: string;
  /**
   * Builds the task's function once per worker (or once in this thread): what it keeps between calls. It may answer
   * with a promise (a reader whose parser is asynchronous); the worker posts what it resolves to.
   */
  prepare(context: TaskContext): (input: In) => Out | Promise<Out>;
  /** The result's buffers, moved to the main thread instead of copied. */
  transfer(result: Out): ArrayBuffer[];
}

// The worker side sees tasks by name only, with inputs and results as structured clones.
export type AnyTask = Task<any, any>;
