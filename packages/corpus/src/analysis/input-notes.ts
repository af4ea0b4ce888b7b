// The inputs a run skipped and the records it flagged (kept, without the number --keep-max asks for), noted as they
// are reported: stderr shows the first 20 of them, and the JSON output lists them all. One way for a run on one
// machine (dedupe/pipeline.ts) and for a shard of a spread one (cli/dedupe-shard.ts).
import type { AnalysisHooks } from './in-order.js';

export interface InputNote {
  readonly source: string;
  readonly reason: string;
}

export interface InputNotes {
  readonly skipped: InputNote[];
  readonly flagged: InputNote[];
  /** `hooks`, noting each skipped input and flagged record before passing it on. */
  readonly hooks: AnalysisHooks;
}

export function noteInputs(hooks: AnalysisHooks): InputNotes {
  const skipped: InputNote[] = [], flagged: InputNote[] = [];
  return {
    skipped,
    flagged,
    hooks: {
      ...hooks,
      skipped(source, reason) {
        skipped.push({ source, reason });
        hooks.skipped(source, reason);
      },
      flagged(source, reason) {
        flagged.push({ source, reason });
        hooks.flagged?.(source, reason);
      },
    },
  };
}
