// Messages between a pool (main thread) and its workers. Everything here survives structured cloning.
import type { EngineName, TermWeights, Tokenization } from '../core/types.js';

/** workerData: the hasher options every worker builds its hasher from, once. */
export interface WorkerSetup {
  readonly engine: EngineName;
  readonly shingle?: number;
  /** Only a Map can cross into a worker; a weight function cannot. */
  readonly weights?: ReadonlyMap<string | bigint, number>;
  readonly defaultWeight?: number;
  readonly tokens?: Tokenization;
  readonly termWeights?: TermWeights;
}

/** A call of the task named `task` (one the worker serves; see task.ts). */
export type ToWorker = { readonly seq: number; readonly task: string; readonly input: unknown };

export type FromWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'done'; readonly seq: number; readonly result: unknown }
  | { readonly type: 'failed'; readonly seq: number; readonly error: { readonly name: string; readonly message: string } };
