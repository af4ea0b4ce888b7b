// analyze() on a worker pool, or in this thread when one thread is asked for (no start-up cost, same bits).
import type { EngineName } from '../cli/engines.js';
import { createTaskRunner } from '../pool/run-task.js';
import type { TaskResult } from '../pool/protocol.js';
import { WorkerPool } from '../pool/worker-pool.js';
import type { AnalyzeInput, Analysis } from './analyze.js';

export interface Analyzer {
  readonly version: string;
  readonly threads: number;
  /** fingerprintsOnly: leave the token counts and digests empty (they cost 4 times the fingerprints). */
  analyze(inputs: readonly AnalyzeInput[], fingerprintsOnly?: boolean): Promise<Analysis>;
  close(): Promise<void>;
}

export async function createAnalyzer(options: { threads: number; engine: EngineName; shingle: number }): Promise<Analyzer> {
  const setup = { engine: options.engine, shingle: options.shingle };
  const local = await createTaskRunner(setup); // checks the options, and names the pipeline version
  const version = local.hasher.version;
  const asAnalysis = (result: TaskResult): Analysis => {
    if (result.kind !== 'analyze') throw new Error(`expected an analysis, got a ${result.kind} result`);
    return result;
  };
  if (options.threads === 1) {
    return {
      version,
      threads: 1,
      analyze: async (inputs, fingerprintsOnly) => asAnalysis(local.run({ kind: 'analyze', inputs, fingerprintsOnly })),
      close: async () => {},
    };
  }
  const pool = await WorkerPool.start(options.threads, setup);
  return {
    version,
    threads: options.threads,
    analyze: async (inputs, fingerprintsOnly) => asAnalysis(await pool.run({ kind: 'analyze', inputs, fingerprintsOnly })),
    close: () => pool.close(),
  };
}
