// The files `simhash dedupe` writes besides its report: the kept corpus (--output) and one row per document
// (--clusters), both replaced atomically, and the one line on stderr that says what was kept and where it went.
import { InvalidArgumentError, Option } from 'commander';
import type { Readable } from 'node:stream';
import { readFileSync } from 'node:fs';
import { clusterRows, keepCounts, placeDocuments, type Placement } from '../grouping/cluster-rows.js';
import { DEFAULT_SAMPLE_GROUPS } from '../report-page/sample-size.js';
import type { ReportEvaluation } from '../report-page/render-report.js';
import { rereadDocuments } from '../analysis/second-pass.js';
import { extractTextWhenReady } from '../html/extractor.js';
import { describeReadError, htmlExtractor } from '../io/index.js';
import { integerParser } from './options.js';
import { clustersFileChunks } from '../dedupe/clusters-file.js';
import { writeKeptCorpus } from '../dedupe/kept-corpus.js';
import type { DedupeOptions, DedupeResult } from '../dedupe/pipeline.js';
import { documentName, STDIN } from '../io/index.js';
import { spoolToFile } from '../io/walk/spool.js';
import { writeFileAtomic } from '../io/write/atomic-write.js';
import { CLUSTERS_EXTENSIONS, clustersOutputKind, CORPUS_EXTENSIONS, corpusOutputKind } from '../io/write/output-kind.js';
import { UsageError, type CliContext } from './context.js';
import { parquetOutputSchema } from '../io/write/parquet-output-schema.js';
import type { WalkEntry } from '../io/index.js';
import { parseOutputPath } from './options.js';
import { createProgress } from './progress.js';

export interface OutputFlags {
  output?: string;
  clusters?: string;
  report?: string;
  reportTexts?: number;
  /** Read and checked when the command line is parsed, before any input is read. */
  reportEvaluation?: ReportEvaluation;
  quiet?: boolean;
}

export function outputOptions(): Option[] {
  return [
    new Option('-o, --output <file>', `write the kept corpus: every document in no group and each group's representative (--keep), in input order, as read (JSONL records byte for byte; files as {"id","text"}; table rows as JSON objects, or as Parquet rows with the inputs' schema when every input is Parquet); ${CORPUS_EXTENSIONS}`)
      .argParser(checked('--output', CORPUS_EXTENSIONS, (path) => (corpusOutputKind(path) === undefined ? 'unknown' : undefined))),
    new Option('--clusters <file>', `write one row per document: id, cluster, representative, distance, tier, kept, similarity; ${CLUSTERS_EXTENSIONS}`)
      .argParser(checked('--clusters', CLUSTERS_EXTENSIONS, (path) => (clustersOutputKind(path) === undefined ? 'unknown' : undefined))),
    new Option('--report <file.html>', 'write a self-contained HTML page of the run: summary, distance histogram, every group (largest first, with filters and search), word diffs for the largest groups')
      .argParser(checked('--report', '.html', (path) => (/\.html?$/i.test(path) ? undefined : 'unknown'))),
    new Option('--report-texts <groups>', 'how many of the largest groups get texts and diffs in --report (0: none)').default(DEFAULT_SAMPLE_GROUPS).argParser(integerParser('--report-texts', 0, 1_000_000)),
    new Option('--report-evaluation <eval.json>', "the JSON of `simhash eval --corpus --format json` for this corpus: --report marks its recommended k and the precision it expects at -k").argParser(readEvaluation),
  ];
}

/**
 * The check of every output file (outputFileOption's: a writable directory, not a directory itself), then the
 * extension, when the command line is parsed. `problem` says 'unknown' for an extension it does not know.
 */
function checked(flag: string, extensions: string, problem: (path: string) => string | undefined): (value: string) => string {
  return (value) => {
    const path = parseOutputPath(value);
    const found = problem(path);
    if (found === 'unknown') throw new InvalidArgumentError(`${flag} must name a ${extensions} file.`);
    if (found !== undefined) throw new InvalidArgumentError(`${flag}: ${found}.`);
    return path;
  };
}

/**
 * A Parquet --output needs Parquet inputs of one schema whose columns are written back exactly: asked before the
 * run (their footers alone are read), so a run that could not write it is refused at once (exit code 2).
 */
export async function checkCorpusOutput(flags: OutputFlags, entries: Iterable<WalkEntry> | AsyncIterable<WalkEntry>, options: { readonly jsonl?: boolean }): Promise<void> {
  if (flags.output === undefined || corpusOutputKind(flags.output)?.format !== 'parquet') return;
  const found = await parquetOutputSchema(entries, options);
  if ('problem' in found) throw new UsageError(`--output ${flags.output}: ${found.problem}`);
}

/**
 * Runs the dedupe with stdin spooled to a private temporary file when the kept corpus, the report or the
 * verification (`reread`) must read it twice; the file is removed at the end. `run` gets the stdin to read.
 */
export async function withRereadableStdin<T>(flags: OutputFlags & { reread?: boolean }, inputs: readonly string[], stdin: Readable, run: (open: () => Readable) => Promise<T>): Promise<T> {
  if ((flags.output === undefined && flags.report === undefined && flags.reread !== true) || !inputs.includes(STDIN)) return run(() => stdin);
  const spool = await spoolToFile(stdin);
  try {
    return await run(spool.open);
  } finally {
    await spool.remove();
  }
}

/** Writes what the flags ask for; returns the summary line for stderr, or undefined when no file was asked for. */
export async function writeDedupeOutputs(result: DedupeResult, options: DedupeOptions, flags: OutputFlags, stdin: () => Readable, context: CliContext): Promise<string | undefined> {
  if (flags.output === undefined && flags.clusters === undefined && flags.report === undefined) return undefined;
  const placement = placeDocuments(result, result.documents.length);
  if (flags.report !== undefined) await writeReport(flags.report, result, options, placement, flags, stdin);
  if (flags.clusters !== undefined) {
    const rows = clusterRows(placement, (doc) => documentName(result.documents.at(doc)));
    await writeFileAtomic(flags.clusters, clustersFileChunks(rows, clustersOutputKind(flags.clusters)!, result.reference !== undefined), { label: `the clusters file ${flags.clusters}` });
  }
  if (flags.output !== undefined) {
    const progress = createProgress(context.stderr, flags.quiet === true, 'dedupe --output');
    const files = result.inputs.every((entry) => entry.kind !== 'stdin');
    progress.start(files ? result.inputs.reduce((sum, e) => sum + (e.kind === 'file' ? e.size : 0), 0) : undefined);
    try {
      await writeKeptCorpus(flags.output, corpusOutputKind(flags.output)!, {
        entries: result.inputs,
        stdin,
        options,
        documents: result.documents,
        placement,
        progress: (bytes, documents) => progress.update(bytes, documents),
      });
    } finally {
      progress.stop();
    }
  }
  const c = keepCounts(result, result.documents.length);
  const where = [flags.output === undefined ? '' : `kept corpus in ${flags.output}`, flags.clusters === undefined ? '' : `clusters in ${flags.clusters}`, flags.report === undefined ? '' : `report in ${flags.report}`].filter((s) => s !== '').join(', ');
  const forReference = result.reference === undefined ? '' : `, ${c.droppedReference} for the reference`;
  return `${c.documents} documents: ${c.kept} kept, ${c.dropped} dropped (${c.droppedExact} exact, ${c.droppedNear} near${forReference}), ${c.tooShort} too short; ${where}`;
}

/** --report: the page, with the texts of the largest groups read again from the inputs. */
async function writeReport(path: string, result: DedupeResult, options: DedupeOptions, placement: Placement, flags: OutputFlags, stdin: () => Readable): Promise<void> {
  // Loaded for a report only: every run loaded the page's code and jsdiff's 19 modules (see progress.ts).
  const { renderReport, sampledDocuments } = await import('../report-page/render-report.js');
  const rows = [...clusterRows(placement, (doc) => documentName(result.documents.at(doc)))];
  const sampleGroups = flags.reportTexts ?? DEFAULT_SAMPLE_GROUPS;
  const texts = new Map<number, string>();
  if (sampleGroups > 0) {
    const wanted = sampledDocuments(rows, { sampleGroups });
    const pass = { entries: result.inputs, stdin, options, documents: result.documents };
    const extractor = htmlExtractor(options.html);
    for await (const { doc, document } of rereadDocuments(pass, `the report ${path}`, (d) => wanted.has(d))) {
      texts.set(doc, document.html ? await extractTextWhenReady(document.text, extractor) : document.text);
    }
  }
  const html = renderReport({ rows, summary: keepCounts(result, result.documents.length), pipelineVersion: result.pipelineVersion }, {
    maxDistance: options.maxDistance,
    texts: sampleGroups > 0 ? (doc) => texts.get(doc) : undefined,
    sampleGroups,
    evaluation: flags.reportEvaluation,
    settings: { maxDistance: options.maxDistance, shingle: options.shingle, tokens: options.tokens ?? 'words', minTokens: options.minTokens, grouping: options.grouping, html: options.html, mail: options.mail },
    seconds: result.seconds,
  });
  await writeFileAtomic(path, html, { label: `the report ${path}` });
}

/** The JSON `simhash eval --corpus --format json` prints: its recommendation and per-k rows. */
function readEvaluation(path: string): ReportEvaluation {
  let json: { recommended?: ReportEvaluation['recommended']; corpus?: { rows?: ReportEvaluation['rows'] } };
  try {
    json = JSON.parse(readFileSync(path, 'utf8')) as typeof json;
  } catch (error) {
    throw new InvalidArgumentError(`${path}: ${error instanceof SyntaxError ? 'not JSON' : describeReadError(error)}.`);
  }
  if (json.recommended === undefined || !Array.isArray(json.corpus?.rows)) {
    throw new InvalidArgumentError(`${path} is not the output of \`simhash eval --corpus --format json\` (no recommended k).`);
  }
  return { recommended: json.recommended, rows: json.corpus.rows };
}
