// Messages between the pool (main thread) and its workers. Everything here survives structured cloning.
import type { EngineName } from '../cli/engines.js';
import type { Text } from '../core/types.js';
import type { AnalyzeInput } from '../dedupe/analyze.js';

/** workerData: what every worker builds its hasher from. */
export interface WorkerSetup {
  readonly engine: EngineName;
  readonly shingle?: number;
  /** Only a Map can cross into a worker; a weight function cannot. */
  readonly weights?: ReadonlyMap<string | bigint, number>;
  readonly defaultWeight?: number;
}

export type Task =
  | { readonly kind: 'fingerprint'; readonly texts: readonly Text[] }
  /** fingerprintsOnly: no token counts or digests (fingerprint and index need neither; they cost 4 times the fingerprints). */
  | { readonly kind: 'analyze'; readonly inputs: readonly AnalyzeInput[]; readonly fingerprintsOnly?: boolean };

export type TaskResult =
  | { readonly kind: 'fingerprint'; readonly fingerprints: BigUint64Array }
  | { readonly kind: 'analyze'; readonly fingerprints: BigUint64Array; readonly tokens: Uint32Array; readonly digests: Uint8Array };

export type ToWorker = { readonly seq: number; readonly task: Task };

export type FromWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'done'; readonly seq: number; readonly result: TaskResult }
  | { readonly type: 'failed'; readonly seq: number; readonly error: { readonly name: string; readonly message: string } };
