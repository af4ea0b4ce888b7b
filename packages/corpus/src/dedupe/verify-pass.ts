// The verification tier's reading (grouping/verify.ts says what it computes): after the first pass, the documents the
// sketches could not rule out are read again and shingled; they keep their sets, 4 bytes a distinct shingle, until
// the groups are made. A record of a JSONL file the workers read by range is read back by its place in the file (its
// offset and length), alone, and shingled on the first pass's workers (analysis/record-sets-task.ts); any other
// wanted document comes from reading the inputs once more on this thread (second-pass.ts: same documents, same
// order; stdin from its spooled copy), and its text goes to the same workers to be extracted and shingled. Either
// way the record must still be the one the first pass read (same id, same length), or the run fails rather than
// compare another text.
import type { BoilerplateSample } from '../analysis/boilerplate-sample.js';
import type { DocumentTable } from '../analysis/document-table.js';
import type { HtmlMode, InputDocument } from '../io/index.js';
import type { RecordSetsInput, RecordSetsResult } from '../analysis/record-sets-task.js';
import { OutputError } from '../io/write/index.js';
import type { Verification, VerifySettings } from '../grouping/verify.js';
import { rereadDocuments, type Reread } from '../analysis/second-pass.js';

const LABEL = 'the verification of near pairs';

/**
 * A Verification whose sets come from the inputs of the first pass, read again. `recordSets`: the first pass's
 * threads (its workers, still there after it, or this thread), to read and shingle the records of JSONL files read by
 * range and to shingle the texts this thread reads back; their hasher's shingles are the sets'.
 */
export function rereadVerification(pass: Omit<Reread, 'documents'>, sample: BoilerplateSample, settings: VerifySettings, recordSets: (records: RecordSetsInput) => Promise<RecordSetsResult>): Verification {
  return {
    settings: { mode: settings.mode, threshold: settings.threshold },
    sample,
    async *sets(want, documents, without) {
      // The shingles to leave out go with every task: the workers leave them out (at 1M documents the main thread spent
      // 0.4 s doing it).
      const leftOut = without === undefined || without.size === 0 ? undefined : Uint32Array.from(without);
      const unlocated = yield* locatedSets(documents, want, pass, recordSets, leftOut);
      if (!unlocated) return;
      const rest = (doc: number) => want(doc) && documents.location(doc) === undefined;
      yield* rereadSets(rereadDocuments({ ...pass, documents }, LABEL, rest), pass.options.html, recordSets, leftOut);
    },
  };
}

/** Texts read back that a task takes: enough that its message costs little next to extracting and shingling them. */
const TEXTS_PER_TASK = 64;
const TEXT_CHARS_PER_TASK = 1 << 20;
/** Tasks out at once: the pool's two a worker and more while this thread reads on, its texts' memory bounded. */
const TEXT_TASKS_OUT = 8;

/**
 * The sets of documents this thread read back (`reread`), in order: their texts handed out a stretch at a time, so
 * that the workers extract and shingle while this thread reads on.
 */
async function* rereadSets(reread: AsyncIterable<{ doc: number; document: InputDocument }>, html: HtmlMode, recordSets: (records: RecordSetsInput) => Promise<RecordSetsResult>, without: Uint32Array | undefined): AsyncGenerator<{ doc: number; set: Uint32Array }> {
  const out: { docs: number[]; result: Promise<RecordSetsResult> }[] = [];
  let docs: number[] = [], texts: string[] = [], pages: number[] = [], chars = 0;
  const send = () => {
    const result = recordSets({ texts, pages: Uint8Array.from(pages), html, ...(without === undefined ? {} : { without }) });
    result.catch(() => {}); // awaited below in order; one that fails after an earlier failure is not unhandled
    out.push({ docs, result });
    [docs, texts, pages, chars] = [[], [], [], 0];
  };
  for await (const { doc, document } of reread) {
    docs.push(doc);
    texts.push(document.text);
    pages.push(document.html ? 1 : 0);
    chars += document.text.length;
    if (docs.length === TEXTS_PER_TASK || chars >= TEXT_CHARS_PER_TASK) send();
    while (out.length >= TEXT_TASKS_OUT) yield* setsOf(out.shift()!);
  }
  if (docs.length > 0) send();
  while (out.length > 0) yield* setsOf(out.shift()!);
}

async function* setsOf({ docs, result }: { docs: number[]; result: Promise<RecordSetsResult> }): AsyncGenerator<{ doc: number; set: Uint32Array }> {
  const { ends, shingles } = await result;
  for (let i = 0; i < docs.length; i++) yield { doc: docs[i], set: shingles.subarray(i === 0 ? 0 : ends[i - 1], ends[i]) };
}

/** Wanted records a task reads back: enough that its messages cost little next to its work, few enough to spread. */
const RECORDS_PER_TASK = 512;

/**
 * The sets of the wanted documents of JSONL files read by range, each record read back alone by its offset: in
 * stretches of one file's records, all handed out at once (the pool queues them) and taken back in order. Returns
 * whether some wanted document has no such place (it is read again from its input).
 */
async function* locatedSets(documents: DocumentTable, want: (doc: number) => boolean, pass: Omit<Reread, 'documents'>, recordSets: (records: RecordSetsInput) => Promise<RecordSetsResult>, leftOut: Uint32Array | undefined): AsyncGenerator<{ doc: number; set: Uint32Array }, boolean> {
  const tasks: { docs: number[]; result: Promise<RecordSetsResult> }[] = [];
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
    const { changed } = await task.result;
    if (changed >= 0) {
      throw new OutputError(`cannot write ${LABEL}: ${documents.at(task.docs[changed]).source} changed while dedupe read it (it was read twice: once to group, once to verify)`, LABEL);
    }
    yield* setsOf(task);
  }
  return unlocated;
}
