// `simhash dedupe NEW... --against REF...`: the reference a run is deduplicated against, read before the new
// documents. REF is documents in any input form (read and analysed as the new ones: dedupe/against-documents.ts), or
// one index file from `simhash index build --sketches` (against-index.ts). A reference that cannot be used (missing, damaged,
// of another pipeline) ends the run with one line and exit code 2 before any new document is read.
import { existsSync } from 'node:fs';
import { Option } from 'commander';
import { readReferenceDocuments } from '../dedupe/against-documents.js';
import type { DedupeOptions } from '../dedupe/pipeline.js';
import type { ReferenceSet } from '../grouping/reference-set.js';
import { referenceVerification } from '../grouping/reference-set.js';
import { STDIN } from '../io/index.js';
import { UsageError, type CliContext } from './context.js';
import { reportSkipped } from './document-run.js';
import { isIndexFile, readReferenceIndex } from './against-index.js';

export function againstOption(): Option {
  return new Option('--against <ref...>', 'documents kept before: a new document near one of them (verified) is dropped for it, and the clusters file names it; files, directories or patterns of documents, or one index file from `simhash index build --sketches`');
}

/** Glob characters: a pattern may match nothing without being a typo of a path. */
const PATTERN = /[*?[\]{}]/;

export async function loadReference(refs: readonly string[], options: DedupeOptions, version: string, context: CliContext): Promise<ReferenceSet> {
  for (const ref of refs) {
    if (ref === STDIN) throw new UsageError('--against -: standard input holds the new documents; name the reference by its files');
    if (!PATTERN.test(ref) && !existsSync(ref)) throw new UsageError(`--against ${ref}: no such file or directory`);
  }
  const indexes = refs.filter(isIndexFile);
  if (indexes.length > 0 && refs.length > 1) throw new UsageError(`--against takes one index file alone, or documents; got ${refs.length} references with the index ${indexes[0]}`);
  const reference = indexes.length > 0
    ? readReferenceIndex(indexes[0])
    : await readReferenceDocuments(refs, options, { skipped: (source, reason) => reportSkipped(context, source, reason) });
  if ('pipelineVersion' in reference && reference.pipelineVersion !== version) {
    throw new UsageError(`the reference holds fingerprints of pipeline "${reference.pipelineVersion}", but this dedupe makes "${version}": they are not comparable (use the --shingle, --tokens and --term-weights it was made with)`);
  }
  if (reference.fingerprints.length === 0) throw new UsageError(`--against ${refs.join(' ')}: the reference holds no document`);
  const how = referenceVerification(reference, options.verify ?? 'off');
  if (how !== 'exact' && how !== 'sketch' && how !== 'off') throw new UsageError(`--against ${refs.join(' ')}: ${how}`);
  return reference;
}
