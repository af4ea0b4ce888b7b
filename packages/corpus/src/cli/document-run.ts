// A command's inputs as analysed documents (src/analysis/read-and-analyze.ts), with what every command does around them:
// the progress bar on a terminal, each skipped input reported on stderr, and NoDocumentsError when there were none.
import { Option, type Command } from 'commander';
import { startAnalysis, type AnalysisHooks, type AnalyzedBatch } from '../analysis/read-and-analyze.js';
import { createProgress, type Progress } from './progress.js';
import { REFERENCE_BINS } from '../analysis/minhash-sketch.js';
import { quoteName, STDIN } from '../io/index.js';
import type { CliContext } from './context.js';
import type { EngineName, TermWeights, Tokenization } from 'simhash-wasm';
import { readOptions, type InputFlags } from './input-options.js';
import { NoDocumentsError } from './no-documents.js';
import { engineOption, threadsOption } from './options.js';
import { loadEntry } from 'simhash-wasm/internal/pool';

export interface RunFlags extends InputFlags {
  shingle: number;
  tokens: Tokenization;
  termWeights: TermWeights;
  engine: EngineName;
  threads: number;
  quiet?: boolean;
}

export interface DocumentRun {
  /** Pipeline version of the fingerprints. */
  readonly version: string;
  /** The analysed documents in input order, a batch at a time; throws NoDocumentsError at the end if there were none. */
  batches(): AsyncGenerator<AnalyzedBatch>;
}

/** --engine, --threads and --quiet: how the documents are fingerprinted, and whether progress is drawn. */
export function analysisOptions(): Option[] {
  return [engineOption(), threadsOption(), new Option('-q, --quiet', 'no progress bar (there is none when stderr is not a terminal anyway)')];
}

/** Skipped inputs in one form for every command; a name with a newline cannot break the line. */
export function reportSkipped(context: CliContext, source: string, reason: string): void {
  context.inputFailed(`${quoteName(source)}: ${reason}, skipped`);
}

/**
 * The bar follows the run, and a skipped input or a flagged record (one kept without the number --keep-max asks
 * for) is reported on a line of its own (the bar redraws below it).
 */
export function progressHooks(progress: Progress, context: CliContext): AnalysisHooks {
  return {
    started: (total) => progress.start(total),
    progress: (bytes, documents) => progress.update(bytes, documents),
    skipped: (source, reason) => {
      progress.clearLine();
      reportSkipped(context, source, reason);
    },
    flagged: (source, reason) => {
      progress.clearLine();
      context.inputFailed(`${quoteName(source)}: ${reason}`, 'records without a number to keep by');
    },
  };
}

/** The version the run's fingerprints will have, known before any document is read: an index must match it. */
export async function pipelineVersion(flags: { engine: EngineName; shingle: number; tokens?: Tokenization; termWeights?: TermWeights }): Promise<string> {
  const { createSimHash } = await loadEntry(flags.engine);
  return createSimHash({ shingle: flags.shingle, tokens: flags.tokens, termWeights: flags.termWeights }).version;
}

/**
 * `label`: what the progress bar says it is doing ("index build"); `sketches`: the batches carry each document's
 * MinHash sketch too, of REFERENCE_BINS (what `index build --sketches` stores).
 */
export async function startDocumentRun(inputs: readonly string[], flags: RunFlags, command: Command, context: CliContext, label: string, sketches = false): Promise<DocumentRun> {
  const progress = createProgress(context.stderr, flags.quiet === true, label);
  const run = await startAnalysis(inputs.length > 0 ? inputs : [STDIN], context.stdin, {
    ...readOptions(flags),
    shingle: flags.shingle,
    tokens: flags.tokens,
    termWeights: flags.termWeights,
    engine: flags.engine,
    threads: flags.threads,
    autoThreads: command.getOptionValueSource('threads') === 'default',
    fingerprintsOnly: !sketches,
    sketches,
    ...(sketches ? { sketchBins: REFERENCE_BINS } : {}),
  }, progressHooks(progress, context));
  return {
    version: run.version,
    async *batches() {
      let documents = 0;
      try {
        for await (const batch of run.batches()) {
          documents += batch.documents.length;
          yield batch;
        }
      } finally {
        progress.stop();
      }
      if (documents === 0) throw new NoDocumentsError();
    },
  };
}
