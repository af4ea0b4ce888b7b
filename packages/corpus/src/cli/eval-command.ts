// `simhash eval --pairs FILE` and `simhash eval --corpus INPUT...`: precision and recall of every threshold k from 0
// to 32 on labelled pairs, and optionally an SVG plot of them. With --corpus, also the threshold at the corpus's own
// scale (pairs within k, how many chance gives, a judged sample) and the k it recommends: labelled pairs alone are
// balanced (as many copies as not), a corpus is not. And dedupe's own settings for the corpus: the candidate
// distance it chooses with no -k and its verification, with the precision and recall they are expected to give.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { describeReadError, lines, openSource, readFileDocument } from '../io/index.js';
import { evaluatePairs, naturalDistances, type PairEvaluation, type PairTexts } from '../evaluation/labelled-pairs.js';
import { renderPlot } from '../evaluation/plot.js';
import { formatEvaluationJson, formatEvaluationText } from './eval-formats.js';
import { evaluateCorpus, TooFewTextsError, type CorpusEvaluation } from '../evaluation/corpus-evaluation.js';
import type { CorpusScale } from '../evaluation/corpus-scale.js';
import type { VerifiedDedupe } from '../evaluation/verified-dedupe.js';
import { DEFAULT_TARGET_PRECISION } from '../evaluation/corpus-scale.js';
import { readAnalysedCorpus } from '../evaluation/analysed-corpus.js';
import { createAnalyzer } from '../analysis/analyzer.js';
import { withRereadableStdin } from './dedupe-outputs.js';
import { reportSkipped } from './document-run.js';
import { inputOptions, readOptions, type InputFlags } from './input-options.js';
import { NoDocumentsError } from './no-documents.js';
import type { CliContext } from './context.js';
import { UsageError } from './context.js';
import { minTokensOption, verifyThresholdOption } from './dedupe-options.js';
import { DEFAULT_VERIFY_MODE, SIMILARITY_MODES, type SimilarityMode } from '../grouping/verify.js';
import type { EngineName, TermWeights, Tokenization } from 'simhash-wasm';
import { writeFileAtomic } from '../io/write/atomic-write.js';
import { engineOption, outputFileOption, shingleOption, termWeightsOption, threadsOption, tokensOption } from './options.js';

interface EvalFlags extends InputFlags {
  pairs?: string;
  corpus?: string[];
  target: number;
  plot?: string;
  title?: string;
  natural?: string;
  format: 'text' | 'json';
  paths?: boolean;
  shingle: number;
  tokens: Tokenization;
  termWeights: TermWeights;
  minTokens: number;
  engine: EngineName;
  threads: number;
  verify: SimilarityMode;
  verifyThreshold: number;
}

export function registerEvalCommand(program: Command, context: CliContext): void {
  const command = program
    .command('eval')
    .description('precision and recall of every distance threshold 0..32 on labelled pairs, and a plot; with --corpus, the pairs the corpus has within each k, how many of them are chance, and the k to use')
    .option('--pairs <file>', 'JSONL of { "a", "b", "duplicate": true|false, "kind"? }: a and b are texts, or { "path": FILE } (relative to the pairs file); with --corpus, made from the corpus when absent')
    .option('--corpus <INPUT...>', 'measure at this corpus\'s scale: files, directories, JSONL, read as `simhash dedupe` reads them (its input options apply)')
    .option('--target <precision>', 'with --corpus: the expected precision the recommended k must reach', targetParser, DEFAULT_TARGET_PRECISION)
    .option('--paths', 'a and b given as strings are file paths, not texts')
    .addOption(outputFileOption('--plot <file.svg>', 'write the precision/recall/F1 plot as SVG (replaced atomically: a crash leaves the old plot or the new one)'))
    .option('--title <text>', 'title of the plot')
    .option('--natural <dedupe.json>', 'also plot the distances of the near-duplicates a `simhash dedupe --format json` run found')
    .addOption(new Option('--verify <mode>', 'with --corpus: the verification dedupe\'s chosen k is evaluated with: jaccard-or-contained, jaccard or containment').choices(SIMILARITY_MODES).default(DEFAULT_VERIFY_MODE))
    .addOption(verifyThresholdOption())
    .addOption(new Option('--format <format>', 'text or json').choices(['text', 'json']).default('text'))
    .addOption(shingleOption())
    .addOption(tokensOption())
    .addOption(termWeightsOption())
    .addOption(minTokensOption('pairs with a side of fewer tokens are left out (their distances are noise)'))
    .addOption(engineOption())
    .addOption(threadsOption());
  // --html (the same choices) applies to the labelled pairs' texts and to the corpus.
  for (const option of inputOptions()) command.addOption(option);
  command.action(async (flags: EvalFlags) => {
    if (flags.pairs === undefined && flags.corpus === undefined) throw new UsageError('give --pairs FILE, --corpus INPUT..., or both');
    // --natural before the pairs: a wrong file is a usage error, found before the long part starts.
    const natural = flags.natural === undefined ? undefined : await naturalDistancesIn(flags.natural);
    const pairs = flags.pairs === undefined ? undefined : await readPairs(flags.pairs, flags.paths === true, context);
    if (pairs !== undefined && pairs.length === 0) throw new UsageError(`${flags.pairs}: no usable labelled pairs`);
    const run: PairEvaluation & { scale?: CorpusScale; verified?: VerifiedDedupe } = flags.corpus === undefined ? await evaluatePairs(pairs!, flags) : await corpusRun(flags.corpus, pairs, flags, context);
    const { evaluation, tooShort, version } = run;
    if (evaluation.pairs === 0) throw new UsageError(`${flags.pairs ?? 'the pairs made from the corpus'}: every pair has a side below --min-tokens ${flags.minTokens}`);
    const { scale } = run;
    if (flags.plot !== undefined) {
      const subtitle = `${evaluation.pairs} labelled pairs (${evaluation.duplicates} duplicates)${scale === undefined ? '' : `, ${scale.documents} documents`}, shingle ${flags.shingle}, ${version}`;
      await writeFileAtomic(flags.plot, renderPlot(evaluation, { title: flags.title ?? `SimHash threshold: ${flags.pairs ?? flags.corpus!.join(' ')}`, subtitle, natural, scale }));
    }
    const { verified } = run;
    await context.write(flags.format === 'json' ? formatEvaluationJson(evaluation, tooShort, version, scale, verified) : formatEvaluationText(evaluation, tooShort, scale, verified));
  });
}

async function corpusRun(inputs: string[], pairs: PairTexts[] | undefined, flags: EvalFlags, context: CliContext): Promise<CorpusEvaluation> {
  // One pool for the corpus's first pass and the labelled pairs.
  const analyzer = await createAnalyzer(flags);
  try {
    const options = { ...readOptions(flags), shingle: flags.shingle, tokens: flags.tokens, termWeights: flags.termWeights, engine: flags.engine, threads: flags.threads };
    const skipped = (source: string, reason: string) => reportSkipped(context, source, reason);
    // The texts are read twice (analysed-corpus.ts): standard input from a spooled copy.
    const corpus = await withRereadableStdin({ reread: true }, inputs, context.stdin, (stdin) => readAnalysedCorpus(inputs, stdin, options, skipped, analyzer));
    if (corpus.documents.length === 0) throw new NoDocumentsError();
    return await evaluateCorpus(corpus, { ...flags, pairs, verify: { mode: flags.verify, threshold: flags.verifyThreshold } }, analyzer);
  } catch (error) {
    if (error instanceof TooFewTextsError) throw new UsageError(`--corpus: ${error.message} (see --min-tokens)`);
    throw error;
  } finally {
    await analyzer.close();
  }
}

function targetParser(value: string): number {
  const target = Number(value);
  if (!(target > 0 && target < 1)) throw new InvalidArgumentError('--target must be a number between 0 and 1, such as 0.9.');
  return target;
}

async function readPairs(file: string, stringsArePaths: boolean, context: CliContext): Promise<PairTexts[]> {
  const base = dirname(resolve(file));
  const pairs: PairTexts[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const { line, number } of lines(openSource(file, context.stdin).chunks())) {
      const where = `${file}:${number}`;
      let value: unknown;
      try {
        const json = decoder.decode(line);
        if (json.trim() === '') continue;
        value = JSON.parse(json);
      } catch (error) {
        context.inputFailed(`${where}: malformed JSONL line, skipped: ${error instanceof TypeError ? 'not valid UTF-8' : (error as Error).message}`);
        continue;
      }
      const record = value as { a?: unknown; b?: unknown; duplicate?: unknown; kind?: unknown };
      if (value === null || typeof value !== 'object' || typeof record.duplicate !== 'boolean') {
        context.inputFailed(`${where}: expected { "a", "b", "duplicate": true|false }, skipped`);
        continue;
      }
      const a = side(record.a, 'a', base, stringsArePaths, where, context);
      const b = side(record.b, 'b', base, stringsArePaths, where, context);
      if (a === null || b === null) continue;
      pairs.push({ a, b, duplicate: record.duplicate, ...(typeof record.kind === 'string' ? { kind: record.kind } : {}) });
    }
  } catch (error) {
    context.inputFailed(`${file}: ${describeReadError(error)}`);
  }
  return pairs;
}

function side(value: unknown, name: string, base: string, stringsArePaths: boolean, where: string, context: CliContext): string | null {
  const path = typeof value === 'string' && stringsArePaths ? value : typeof value === 'object' && value !== null && typeof (value as { path?: unknown }).path === 'string' ? (value as { path: string }).path : undefined;
  if (path === undefined) {
    if (typeof value === 'string') return value;
    context.inputFailed(`${where}: "${name}" must be a text or { "path": FILE }, skipped`);
    return null;
  }
  // Read as every command reads a file (compressed or not; binary and empty files refused), bad bytes replaced as
  // before: a labelled pair is worth keeping even if one side has a stray Latin-1 byte. HTML is extracted later.
  const { result } = readFileDocument(resolve(base, path), { html: 'off', mail: false, invalidUtf8: 'replace' });
  if ('reason' in result) {
    context.inputFailed(`${where}: "${name}": ${path}: ${result.reason}, skipped`);
    return null;
  }
  return result.text;
}

/** Distances of the near members of a dedupe JSON result's groups to their group's representative. */
async function naturalDistancesIn(file: string): Promise<number[]> {
  let value: { format?: string; groups?: { representative?: number; members: { tier: string; distance: number; copyOf?: number }[] }[] };
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--natural ${file}: ${describeReadError(error)}`);
  }
  if (value?.format !== 'simhash-dedupe/1' || !Array.isArray(value.groups)) throw new UsageError(`--natural ${file}: not the output of simhash dedupe --format json`);
  return naturalDistances(value.groups);
}
