// The verification tier's reading (grouping/verify.ts says what it computes): after the first pass, the documents the
// sketches could not rule out are read again and shingled; they keep their sets, 4 bytes a distinct shingle, until
// the groups are made. A record of a JSONL file the workers read by range is read back by its place in the file (its
// offset and length), alone, and shingled on the first pass's workers (analysis/record-sets-task.ts); any other
// wanted document comes from reading the inputs once more on this thread (second-pass.ts: same documents, same
// order; stdin from its spooled copy). Either way the record must still be the one the first pass read (same id,
// same length), or the run fails rather than compare another text.
import type { Tokenization } from 'simhash-wasm';
import type { BoilerplateSample } from '../analysis/boilerplate-sample.js';
import type { DocumentTable } from '../analysis/document-table.js';
import { extractTextWhenReady } from '../html/extractor.js';
import { htmlExtractor } from '../io/index.js';
import type { RecordSetsInput, RecordSetsResult } from '../analysis/record-sets-task.js';
import { OutputError } from '../io/write/index.js';
import { shingleHasher, shingleHashes, type Verification, type VerifySettings } from '../grouping/verify.js';
import { leavingOut } from '../analysis/shingle-sets.js';
import { rereadDocuments, type Reread } from '../analysis/second-pass.js';

export interface VerifyPassSettings extends VerifySettings {
  readonly shingle: number;
  readonly tokens?: Tokenization;
}

const LABEL = 'the verification of near pairs';

/**
 * A Verification whose sets come from the inputs of the first pass, read again. `recordSets`: the first pass's
 * threads, to read and shingle the records of JSONL files read by range (its workers, still there after it).
 */
export function rereadVerification(pass: Omit<Reread, 'documents'>, sample: BoilerplateSample, settings: VerifyPassSettings, recordSets: (records: RecordSetsInput) => Promise<RecordSetsResult>): Verification {
  return {
    settings: { mode: settings.mode, threshold: settings.threshold },
    sample,
    async *sets(want, documents, without) {
      const unlocated = yield* locatedSets(documents, want, pass, recordSets, without);
      if (!unlocated) return;
      const hasher = shingleHasher(settings);
      const extractor = htmlExtractor(pass.options.html);
      const leftOut = leavingOut(without);
      const rest = (doc: number) => want(doc) && documents.location(doc) === undefined;
      for await (const { doc, document } of rereadDocuments({ ...pass, documents }, LABEL, rest)) {
        const set = shingleHashes(hasher, document.html ? await extractTextWhenReady(document.text, extractor) : document.text);
        yield { doc, set: leftOut(set) };
      }
    },
  };
}

/** Wanted records a task reads back: enough that its messages cost little next to its work, few enough to spread. */
const RECORDS_PER_TASK = 512;

/**
 * The sets of the wanted documents of JSONL files read by range, each record read back alone by its offset: in
 * stretches of one file's records, all handed out at once (the pool queues them) and taken back in order. Returns
 * whether some wanted document has no such place (it is read again from its input).
 */
async function* locatedSets(documents: DocumentTable, want: (doc: number) => boolean, pass: Omit<Reread, 'documents'>, recordSets: (records: RecordSetsInput) => Promise<RecordSetsResult>, without: ReadonlySet<number> | undefined): AsyncGenerator<{ doc: number; set: Uint32Array }, boolean> {
  const tasks: { docs: number[]; result: Promise<RecordSetsResult> }[] = [];
  // The shingles to leave out go with every task: the workers leave them out (at 1M documents the main thread spent
  // 0.4 s doing it).
  const leftOut = without === undefined || without.size === 0 ? undefined : Uint32Array.from(without);
  let docs: number[] = [];
  let path = '';
  const send = () => {
    if (docs.length === 0) return;
    const locations = docs.map((doc) => documents.location(doc)!);
    const result = recordSets({
      path,
      offsets: Float64Array.from(locations, (l) => l.offset),
      lengths: Uint32Array.from(locations, (l) => l.length),
      ids: docs.map((doc) => documents.at(doc).id),
      textField: pass.options.textField,
      idField: pass.options.idField,
      html: pass.options.html,
      ...(leftOut === undefined ? {} : { without: leftOut }),
    });
    result.catch(() => {}); // awaited below in order; one that fails after an earlier failure is not unhandled
    tasks.push({ docs, result });
    docs = [];
  };
  let unlocated = false;
  for (let doc = 0; doc < documents.length; doc++) {
    if (!want(doc)) continue;
    const location = documents.location(doc);
    if (location === undefined) {
      unlocated = true;
      continue;
    }
    if (location.path !== path || docs.length === RECORDS_PER_TASK) {
      send();
      path = location.path;
    }
    docs.push(doc);
  }
  send();
  for (const task of tasks) {
    const { changed, ends, shingles } = await task.result;
    if (changed >= 0) {
      throw new OutputError(`cannot write ${LABEL}: ${documents.at(task.docs[changed]).source} changed while dedupe read it (it was read twice: once to group, once to verify)`, LABEL);
    }
    for (let i = 0; i < task.docs.length; i++) yield { doc: task.docs[i], set: shingles.subarray(i === 0 ? 0 : ends[i - 1], ends[i]) };
  }
  return unlocated;
}
