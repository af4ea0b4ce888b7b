// Documents analysed on the pool while reading goes on, handed back in input order whatever order the workers finish
// in. Six kinds of input arrive, in input order: events this thread read (documents, skipped inputs, progress), whose
// texts it sends to the pool in batches; plain JSONL files, which it only cuts into byte ranges for the workers
// to read and analyse themselves (range-task.ts), so the main thread never parses a record; blocks of whole lines of
// other JSONL streams (compressed, stdin), which it decompressed and the workers parse, by the same task; Parquet
// files, whose row groups it cuts into spans of rows for the workers to decode and analyse (parquet-reads.ts,
// parquet-task.ts); plain WARC/WET files, whose records it finds by their headers alone and cuts into spans for the
// workers to parse, decode and analyse (io/formats/warc-spans.ts, warc-task.ts), reading on here as a stream where
// the scan stops; and files that are one document each, whose paths it hands out in batches for the workers to
// read, decode and analyse (file-task.ts).
//
// Results are put in order in two steps. Sequencing takes each input in turn once it is read (a range's worker has
// answered): it numbers lines, reports skipped inputs, counts the corpus's repeated lines and cuts batches, in input
// order, so all of it depends on the input alone. Handing out then yields the analysed batches in the same order.
import { recordFields, type DocumentEvent, type DocumentOptions, type HtmlExtractor, type ReadUnit, type WholeFile } from '../io/index.js';
import { DIGEST_BYTES, type Analysis, type AnalyzedBatch, type AnalyzeInput, type AnalyzeOptions, type DocumentInfo } from './analyze-document.js';
import type { Analyzer } from './analyzer.js';
import type { RepeatedLines } from '../html/repeated-lines.js';
import { sampledAt, sampleKey, type BoilerplateSample } from './boilerplate-sample.js';
import type { RangeTaskResult } from './range-task.js';
import { lineSource, rangeDocument, type RangeColumns, type RangeFile } from './document-table.js';
import type { FileTaskResult } from './file-task.js';
import { parquetReads, type ParquetRead } from './parquet-reads.js';
import { unreadGroup, type RowGroup } from '../io/formats/parquet-file.js';
import type { RowSpan } from '../io/formats/parquet-spans.js';
import type { WarcSpan } from '../io/formats/warc-spans.js';
import { warcReads, warcRest } from './warc-reads.js';

export interface AnalysisHooks {
  /** The inputs are walked: this many bytes of files to read (undefined when stdin is among them). */
  started?(totalBytes: number | undefined): void;
  skipped(source: string, reason: string): void;
  /** A document read and used, with a problem in its record (io/input-document.ts, 'flagged'). */
  flagged?(source: string, reason: string): void;
  /** Input bytes read so far, and documents analysed so far. */
  progress?(bytesRead: number, documentsDone: number): void;
}

export interface InOrderSettings {
  /** Fingerprints alone: the batches' token counts and digests stay empty. */
  readonly fingerprintsOnly: boolean;
  /** Fed with the sampled texts' sets as batches go out (in input order), and asked for its level as work goes to the pool. */
  readonly sample?: BoilerplateSample;
  /** The sketches' bins, when not SKETCH_BINS. */
  readonly sketchBins?: number;
  /** How the pages among the documents are turned into text. */
  readonly extractor: HtmlExtractor;
  /** How JSONL records, whole files and WARC records are read (for the files the workers read); needed when there are whole files or WARC files. */
  readonly reading?: DocumentOptions;
  /** The size of the byte ranges a JSONL file is cut into (tests make it tiny); default RANGE_BYTES. */
  readonly rangeBytes?: number;
}

/**
 * A batch of the documents of a range: also as columns (document-table.ts), which is how the grouping holds them.
 * Its `documents` are made from the columns when first asked for (by commands that print or index as they go).
 */
export interface RangeBatch extends AnalyzedBatch {
  readonly columns: RangeColumns;
}

/**
 * A batch of documents this thread read goes to a worker once it holds this many characters or documents. The cut
 * matters beyond speed for HTML by its main content: each page is analysed with the repeated lines of every page up
 * to its batch's end, so ranges read by workers count towards the same cuts, by their documents' lengths.
 */
const BATCH_BYTES = 256 * 1024;
const BATCH_DOCUMENTS = 512;
/**
 * A megabyte: hundreds of records a task, and ranges enough to keep every worker busy to the end of a file. Larger
 * ranges cost more CPU time, not less (4 MB: about 12% more on 150-450-word records, the texts outliving the young
 * generation).
 */
export const RANGE_BYTES = 1 << 20;
/**
 * Whole files go to a worker this many at a time, or fewer that hold RANGE_BYTES: a task's round trip is paid by
 * a few dozen files, and the tasks stay small enough to share out evenly to the end.
 */
const FILES_PER_TASK = 64;
/**
 * Spans of Parquet rows hold about this many decoded bytes: a span reads whole pages (a megabyte each, as writers
 * commonly cut them), so a few pages a task keep the pages read twice, where two spans meet, a small share.
 */
const SPAN_RANGES = 4;

/** Documents read in this thread, to be analysed together once their batch is cut. */
interface Segment {
  readonly documents: DocumentInfo[];
  inputs: AnalyzeInput[];
  analysis?: Promise<Analysis>;
  settled: boolean;
}

/**
 * A JSONL file being read by range (or a Parquet file by span: its lines are rows): its line count so far, and
 * whether a read failed (the rest is then skipped).
 */
interface FileLines extends RangeFile {
  lines: number;
  failed: boolean;
  /** A plain file read by range: its documents can be read back alone by their offsets (not so a stream's blocks). */
  readonly byOffset: boolean;
}

type Read =
  | { readonly events: readonly DocumentEvent[] }
  /** A JSONL range or block, or a WARC span (`from`: its start, where the file is read on from should it come back unframed). */
  | { readonly file: FileLines; readonly result: Promise<RangeTaskResult>; settled: boolean; readonly from?: number }
  | { readonly batch: readonly WholeFile[]; readonly files: Promise<FileTaskResult>; settled: boolean }
  /** A container found by its first bytes among whole files: its reader's events, taken a batch at a time. */
  | { readonly container: AsyncIterator<DocumentEvent[]> }
  /** A file whose reads are made while there is room: a Parquet file's row groups, a WARC file's spans of records. */
  | { readonly more: AsyncIterator<Read> }
  | { readonly file: FileLines; readonly group: RowGroup; readonly spans: Promise<RangeTaskResult[]>; settled: boolean };

type Output = { readonly segment: Segment } | { readonly batch: RangeBatch | AnalyzedBatch };

export async function* analyzeInOrder(units: AsyncIterable<ReadUnit>, analyzer: Analyzer, hooks: AnalysisHooks, settings: InOrderSettings): AsyncGenerator<AnalyzedBatch> {
  const { fingerprintsOnly, extractor, sample, sketchBins } = settings;
  const options = (): AnalyzeOptions => ({ fingerprintsOnly, sampleLevel: sample?.level, ...(sketchBins === undefined ? {} : { sketchBins }) });
  const rangeBytes = settings.rangeBytes ?? RANGE_BYTES;
  // HTML by its main content: the corpus's lines are counted here, in reading order, as each page is sequenced, and
  // every batch is analysed with the repeated lines of the pages up to its end. Counted in this thread (the visible
  // text, about 100 MB/s against Readability's 10 on each worker) so the set a batch gets depends on the input
  // alone, never on which worker finished first: the same fingerprints for any --threads. Memory: the counter's
  // bounded table (html/repeated-lines.ts, LINE_TABLE_CAPACITY lines).
  // Loaded, with htmlToText (html/extractor.ts), only by a run that may read pages by their main content, while its
  // first reads go out: flow() waits for it before it sequences anything. (Awaited before the reads, it kept the
  // workers waiting 40 to 55 ms at the start of every run.)
  const repeatedLoad = extractor === 'main' ? import('../html/repeated-lines.js').then((loaded) => new loaded.RepeatedLines()) : undefined;
  repeatedLoad?.catch(() => {}); // a failed load fails the run where flow() waits for it, not as an unhandled rejection
  let repeated: RepeatedLines | undefined;
  const repeatedReady = async () => {
    if (repeatedLoad !== undefined) repeated ??= await repeatedLoad;
  };
  // Bounded memory: no more reads and batches waiting than the workers can hold; the oldest goes first.
  const limit = 2 * analyzer.threads + 2;
  const reads: Read[] = [];
  const out: Output[] = [];
  /** The segments of the batch being filled, and the last of them while documents may still join it. */
  let open: Segment[] = [];
  let tail: Segment | undefined;
  let batchChars = 0;
  let batchDocuments = 0;
  let bytesRead = 0;
  let done = 0;
  const report = () => hooks.progress?.(bytesRead, done);

  const cut = () => {
    const keys = repeated?.keys();
    for (const segment of open) {
      const count = segment.inputs.length;
      segment.analysis = analyzer.analyze(segment.inputs, { ...options(), repeatedLines: keys });
      segment.inputs = [];
      void segment.analysis.then(() => {
        segment.settled = true;
        done += count;
        report();
      }, () => {});
    }
    open = [];
    tail = undefined;
    batchChars = 0;
    batchDocuments = 0;
  };
  const count = (chars: number) => {
    batchChars += chars;
    batchDocuments++;
    if (batchChars >= BATCH_BYTES || batchDocuments >= BATCH_DOCUMENTS) cut();
  };
  const addDocument = (info: DocumentInfo, text: string, html: boolean) => {
    if (tail === undefined) {
      tail = { documents: [], inputs: [], settled: false };
      open.push(tail);
      out.push({ segment: tail });
    }
    tail.documents.push(info);
    tail.inputs.push({ text, html: html && extractor });
    if (html && repeated !== undefined) repeated.addPage(text);
    count(text.length);
  };

  const sequenceEvents = (events: readonly DocumentEvent[]) => {
    for (const event of events) {
      if (event.kind === 'progress') {
        bytesRead += event.bytes;
        report();
      } else if (event.kind === 'skipped') {
        hooks.skipped(event.source, event.reason);
      } else if (event.kind === 'flagged') {
        hooks.flagged?.(event.source, event.reason);
      } else {
        const { source, id, text, html, bytes, keepValue } = event.document;
        const info: DocumentInfo = id === undefined ? { source, bytes } : { source, id, bytes };
        addDocument(keepValue === undefined ? info : { ...info, keepValue }, text, html);
      }
    }
  };
  const sequenceRange = (file: FileLines, result: RangeTaskResult, from?: number) => {
    if (file.failed) return;
    if (result.unframed === true) {
      // warcio did not find the span's records where the scan did: the file is read on here from the span's start,
      // as a whole file is, and what the workers read of it after that is not used.
      file.failed = true;
      reads.unshift({ container: warcRest(file.path, reading(), from!) });
      return;
    }
    if (result.readError !== undefined) {
      file.failed = true;
      hooks.skipped(file.path, result.readError);
      return;
    }
    // Line numbers from 1, as a streamed read numbers them.
    const first = file.lines + 1;
    file.lines += result.lines;
    for (const { line, kind, reason, offset } of result.notes) {
      if (kind === 'skipped') hooks.skipped(lineSource(file, first + line, offset), reason);
      else hooks.flagged?.(lineSource(file, first + line, offset), reason);
    }
    const columns: RangeColumns = { file, byOffset: file.byOffset, firstLine: first, line: result.line, offset: result.offset, length: result.length, ids: result.ids, ...(result.keepValues === undefined ? {} : { keepValues: result.keepValues }) };
    const n = result.line.length;
    if (result.texts !== undefined) {
      for (let i = 0; i < n; i++) addDocument(rangeDocument(columns, i), result.texts.text[i], result.texts.html[i] === 1);
      return;
    }
    // A range of blank or skipped lines gives no batch: a batch holds documents (the grouping reads the first
    // batch's arrays to see what every batch carries).
    if (n === 0) return;
    tail = undefined;
    out.push({ batch: rangeBatch(columns, result.analysis!) });
    // No page among them (else `texts`): the batches' repeated lines are the same wherever the cut falls in here.
    for (let i = 0; i < n; i++) count(result.chars[i]);
  };
  /** A byte range of a plain JSONL file, or a block of a stream's whole lines (whose bytes were counted as read). */
  const readLines = (file: FileLines, lines: { readonly start: number; readonly end: number } | { readonly block: Uint8Array }): Read => {
    const { textField, idField, keepField, html = 'off' } = settings.reading ?? {};
    const where = 'block' in lines ? { start: 0, end: 0, block: lines.block } : lines;
    const result = analyzer.analyzeRange({ path: file.path, ...where, textField, idField, keepField, html, analysis: options() });
    const read = { file, result, settled: false };
    void result.then((r) => {
      read.settled = true;
      bytesRead += where.end - where.start;
      if (r.analysis !== undefined) done += r.line.length;
      report();
    }, () => {});
    return read;
  };

  /** A Parquet file: its row groups come as they are taken from it (flow), their spans read by the workers. */
  const readParquet = (path: string): Read => {
    const { textField, idField, keepField, html = 'off' } = settings.reading ?? {};
    const spanBytes = SPAN_RANGES * rangeBytes;
    const file: FileLines = { path, rows: true, lines: 0, failed: false, byOffset: false };
    // One thread runs a span as soon as it is sent, and waits on the disk inside it: sent together, the row groups
    // in flight would be decoded side by side, each held whole. There they go one after another, as streamed.
    let last: Promise<unknown> = Promise.resolve();
    const read = (span: RowSpan) => {
      const input = { path, span, textField, idField, keepField, html, analysis: options() };
      const result = analyzer.threads > 1 ? analyzer.analyzeRows(input) : last.then(() => analyzer.analyzeRows(input));
      last = result.catch(() => {});
      return result;
    };
    const groups = parquetReads(path, recordFields(textField, idField, keepField), read, spanBytes, analyzer.threads);
    return { more: (async function* () {
      for await (const next of groups) yield takeParquet(file, next);
    })() };
  };

  /** A plain WARC file (or one that turns out not to be: then read here whole): its spans of records read by the workers (warc-reads.ts). */
  const readWarc = (path: string): Read => {
    const file: FileLines = { path, records: true, lines: 0, failed: false, byOffset: false };
    const { html, invalidUtf8 } = reading();
    const read = (span: WarcSpan) => analyzer.analyzeWarc({ path, span, reading: { html, invalidUtf8 }, analysis: options() });
    // Spans of about RANGE_BYTES, as JSONL ranges: a hundred pages of 10 KB a task. Pages by their main content come
    // back as texts, cut here into batches sent out at once: spans of 4 MB sent 16 batches out at a time, and a
    // run's peak memory rose from 0.6 GB to 1.1 GB on a 324 MB crawl.
    const spans = warcReads(path, rangeBytes, reading(), read, () => file.failed);
    return { more: (async function* () {
      for await (const next of spans) yield 'span' in next ? takeWarcSpan(file, next.span, next.result) : { container: next.rest };
    })() };
  };
  const takeWarcSpan = (file: FileLines, span: WarcSpan, result: Promise<RangeTaskResult>): Read => {
    const read = { file, result, settled: false, from: span.start };
    void result.then((r) => {
      read.settled = true;
      // An unframed span's bytes are counted when the file is read on from it.
      if (r.unframed !== true) bytesRead += span.end - span.start;
      if (r.analysis !== undefined) done += r.line.length;
      report();
    }, () => {});
    return read;
  };
  const takeParquet = (file: FileLines, next: ParquetRead): Read => {
    if ('events' in next) return next;
    const read = { file, group: next.group, spans: next.spans, settled: false };
    void next.spans.then((results) => {
      read.settled = true;
      bytesRead += next.group.bytes;
      for (const r of results) if (r.analysis !== undefined) done += r.line.length;
      report();
    }, () => {});
    return read;
  };
  /** A row group's spans, in order; a group any span of which could not be read is reported once, as the streamed read does. */
  const sequenceGroup = (file: FileLines, group: RowGroup, results: readonly RangeTaskResult[]) => {
    const unread = results.find((result) => result.readError !== undefined);
    if (unread === undefined) {
      for (const result of results) sequenceRange(file, result);
      return;
    }
    file.lines += group.rowEnd - group.rowStart;
    sequenceEvents([unreadGroup(file.path, group, unread.readError!)]);
  };

  const reading = () => settings.reading ?? fail('whole files are read by the options of settings.reading, and none were given');
  const readFiles = (batch: readonly WholeFile[]): Read => {
    const { mail, html, invalidUtf8 } = reading();
    const bytes = batch.reduce((sum, file) => sum + file.size, 0);
    const files = analyzer.analyzeFiles({ paths: batch.map((file) => file.path), bytes, reading: { mail, html, invalidUtf8 }, analysis: options() });
    const read = { batch, files, settled: false };
    void files.then((r) => {
      read.settled = true;
      for (const file of r.files) bytesRead += 'read' in file ? file.read : 0;
      if (r.analysis !== undefined) done += r.analysis.fingerprints.length;
      report();
    }, () => {});
    return read;
  };
  const sequenceFiles = (batch: readonly WholeFile[], result: FileTaskResult) => {
    const documents: DocumentInfo[] = [];
    const chars: number[] = [];
    result.files.forEach((file, i) => {
      const { path } = batch[i];
      if ('container' in file) {
        // Its documents follow this batch's, and the files after it follow them, as a batch of their own.
        const container = file.container === 'parquet' ? readParquet(path) : readWarc(path);
        reads.unshift(container, ...(i + 1 < batch.length ? [readFiles(batch.slice(i + 1))] : []));
      } else if ('reason' in file) {
        hooks.skipped(path, file.reason);
      } else {
        documents.push({ source: path, bytes: file.bytes });
        chars.push(file.chars);
      }
    });
    if (result.texts !== undefined) {
      for (let i = 0; i < documents.length; i++) addDocument(documents[i], result.texts.text[i], result.texts.html[i] === 1);
      return;
    }
    if (documents.length === 0) return;
    tail = undefined;
    out.push({ batch: { documents, ...result.analysis! } });
    // No page among them by its main content (else `texts`): the cut falls where the documents would have cut it.
    for (const length of chars) count(length);
  };
  let pendingFiles: WholeFile[] = [];
  /** The line counts of the streams whose blocks are read (a JsonlBlock's `stream` is the same object for all its blocks). */
  const streams = new Map<object, FileLines>();
  let pendingBytes = 0;
  /** The whole files named so far go out as a task (and sequencing goes on). */
  async function* sendFiles(): AsyncGenerator<AnalyzedBatch> {
    if (pendingFiles.length === 0) return;
    reads.push(readFiles(pendingFiles));
    pendingFiles = [];
    pendingBytes = 0;
    yield* flow(false);
  }

  /** The next read of the file at reads[at] (a row group, a span), put ahead of it; the file goes once it has no more. */
  async function takeMore(at: number): Promise<void> {
    const read = reads[at] as Extract<Read, { more: unknown }>;
    const next = await read.more.next();
    if (next.done === true) reads.splice(at, 1);
    else reads.splice(at, 0, next.value);
  }

  /** The first batch waiting can be handed out without waiting. */
  const ready = () => out[0] !== undefined && ('batch' in out[0] || out[0].segment.settled);
  /** A batch waiting is cut (its analysis sent out), so it can be handed out once analysed. */
  const isCut = (output: Output | undefined) => output !== undefined && ('batch' in output || output.segment.analysis !== undefined);

  /** Sequences what is read and hands out what is analysed: everything (`all`), or what is ready or over the limit. */
  async function* flow(all: boolean): AsyncGenerator<AnalyzedBatch> {
    for (;;) {
      const full = reads.length + out.length > limit;
      // A Parquet or WARC file sends its row groups or spans out while there is room. Without room, and first, it
      // waits for batches to be handed out: taking one more read then, to wait for it alone, would read the rest of
      // the file one read at a time, on one worker.
      const waiting = reads.findIndex((r) => 'more' in r);
      if (!full && waiting >= 0) {
        await takeMore(waiting);
        continue;
      }
      const read = reads[0];
      // A read not yet done is waited for (all of them at the end, the oldest when full) only when no batch is ready
      // to hand out: a batch handed out makes room for the next read, so the workers have reads waiting meanwhile.
      if (read !== undefined && 'more' in read) {
        // Full: hand out below, unless the first batch is still being filled (then only more reads can finish it).
        if (!isCut(out[0])) {
          await takeMore(0);
          continue;
        }
      } else if (read !== undefined && 'container' in read) {
        // A container's events join batches as they come; when too many batches wait, the oldest go out first
        // (unless the first is still being filled: then only more events can finish it).
        const filling = out[0] !== undefined && 'segment' in out[0] && out[0].segment.analysis === undefined;
        if (out.length <= limit || filling) {
          const next = await read.container.next();
          await repeatedReady();
          if (next.done === true) reads.shift();
          else sequenceEvents(next.value);
          continue;
        }
      } else if (read !== undefined && ('events' in read || read.settled || ((all || full) && !ready()))) {
        await repeatedReady();
        reads.shift();
        if ('result' in read) sequenceRange(read.file, await read.result, read.from);
        else if ('spans' in read) sequenceGroup(read.file, read.group, await read.spans);
        else if ('files' in read) sequenceFiles(read.batch, await read.files);
        else sequenceEvents(read.events);
        continue;
      }
      // The last batch is cut once every read is in (a batch handed out before that leaves the open one to fill).
      if (all && reads.length === 0 && open.length > 0) cut();
      const first = out[0];
      // A segment whose batch is still being filled waits for the documents that follow it.
      if (first === undefined || ('segment' in first && first.segment.analysis === undefined)) return;
      if (!all && !full && 'segment' in first && !first.segment.settled) return;
      out.shift();
      const batch = 'batch' in first ? first.batch : { documents: first.segment.documents, ...(await first.segment.analysis!) };
      if (sample !== undefined) addToSample(sample, batch);
      yield batch;
    }
  }

  try {
    for await (const unit of units) {
      if (!Array.isArray(unit) && unit.kind === 'whole-file') {
        pendingFiles.push(unit);
        pendingBytes += unit.size;
        if (pendingFiles.length >= FILES_PER_TASK || pendingBytes >= rangeBytes) yield* sendFiles();
        continue;
      }
      yield* sendFiles();
      if (Array.isArray(unit)) {
        reads.push({ events: unit });
        yield* flow(false);
        continue;
      }
      if (unit.kind === 'parquet-file' || unit.kind === 'warc-file') {
        reads.push(unit.kind === 'parquet-file' ? readParquet(unit.path) : readWarc(unit.path));
        yield* flow(false);
        continue;
      }
      if (unit.kind === 'jsonl-block') {
        let file = streams.get(unit.stream);
        if (file === undefined) streams.set(unit.stream, (file = { path: unit.stream.path, lines: 0, failed: false, byOffset: false }));
        reads.push(readLines(file, { block: unit.bytes }));
        yield* flow(false);
        continue;
      }
      const file: FileLines = { path: unit.path, lines: 0, failed: false, byOffset: true };
      for (let start = 0; start < unit.size; start += rangeBytes) {
        reads.push(readLines(file, { start, end: Math.min(start + rangeBytes, unit.size) }));
        yield* flow(false);
      }
    }
    yield* sendFiles();
    yield* flow(true);
  } finally {
    // Stopped early (an error, the reader gone): let the rest settle so none rejects unobserved.
    await Promise.allSettled([
      ...reads.flatMap((r): Promise<unknown>[] => ('result' in r ? [r.result] : 'spans' in r ? [r.spans] : 'files' in r ? [r.files] : 'container' in r ? [r.container.return?.() ?? Promise.resolve()] : 'more' in r ? [r.more.return?.() ?? Promise.resolve()] : [])),
      ...out.flatMap((o) => ('segment' in o && o.segment.analysis !== undefined ? [o.segment.analysis] : [])),
    ]);
  }
}

function rangeBatch(columns: RangeColumns, analysis: Analysis): RangeBatch {
  let documents: DocumentInfo[] | undefined;
  return {
    ...analysis,
    columns,
    get documents() {
      return (documents ??= Array.from(columns.line, (_, i) => rangeDocument(columns, i)));
    },
  };
}

/** A batch's sampled sets into the sample (batches come in input order: the first copy of a text is the one kept). */
export function addToSample(sample: BoilerplateSample, batch: Analysis): void {
  const { docs, ends, shingles } = batch.sampled;
  for (let i = 0; i < docs.length; i++) {
    const at = docs[i] * DIGEST_BYTES;
    const key = sampleKey(batch.digests, at);
    // A worker samples at the level it was sent with; the sample may have risen since: no copy of a set it drops.
    if (!sampledAt(key, sample.level)) continue;
    sample.add(batch.digests.subarray(at, at + DIGEST_BYTES), key, shingles.subarray(i === 0 ? 0 : ends[i - 1], ends[i]));
  }
}

function fail(message: string): never {
  throw new Error(message);
}
