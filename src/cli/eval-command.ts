// `simhash eval --pairs FILE`: precision and recall of every threshold k from 0 to 32 on labelled pairs, the k
// that maximises F1, and optionally an SVG plot of them.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { describeReadError, lines, openSource, readFileDocument, type HtmlMode } from '../io/index.js';
import { evaluatePairs, naturalDistances, type PairTexts } from '../dedupe/eval-pairs.js';
import { renderPlot } from '../dedupe/eval-plot.js';
import { formatEvaluationJson, formatEvaluationText } from '../dedupe/eval-report.js';
import type { CliContext } from './context.js';
import { UsageError } from './context.js';
import { minTokensOption } from './dedupe-options.js';
import type { EngineName, TermWeights, Tokenization } from '../core/types.js';
import { writeFileAtomic } from '../io/write/atomic-write.js';
import { engineOption, outputFileOption, shingleOption, termWeightsOption, threadsOption, tokensOption } from './options.js';

interface EvalFlags {
  pairs: string;
  plot?: string;
  title?: string;
  natural?: string;
  format: 'text' | 'json';
  paths?: boolean;
  shingle: number;
  tokens: Tokenization;
  termWeights: TermWeights;
  minTokens: number;
  html: HtmlMode;
  engine: EngineName;
  threads: number;
}

export function registerEvalCommand(program: Command, context: CliContext): void {
  program
    .command('eval')
    .description('precision and recall of every distance threshold 0..32 on labelled pairs, the k with the best F1, and a plot')
    .requiredOption('--pairs <file>', 'JSONL of { "a", "b", "duplicate": true|false, "kind"? }: a and b are texts, or { "path": FILE } (relative to the pairs file)')
    .option('--paths', 'a and b given as strings are file paths, not texts')
    .addOption(outputFileOption('--plot <file.svg>', 'write the precision/recall/F1 plot as SVG (replaced atomically: a crash leaves the old plot or the new one)'))
    .option('--title <text>', 'title of the plot')
    .option('--natural <dedupe.json>', 'also plot the distances of the near-duplicates a `simhash dedupe --format json` run found')
    .addOption(new Option('--format <format>', 'text or json').choices(['text', 'json']).default('text'))
    .addOption(shingleOption())
    .addOption(tokensOption())
    .addOption(termWeightsOption())
    .addOption(minTokensOption('pairs with a side of fewer tokens are left out (their distances are noise)'))
    .addOption(new Option('--html <mode>', 'extract the visible text of HTML texts first').choices(['auto', 'on', 'off']).default('auto'))
    .addOption(engineOption())
    .addOption(threadsOption())
    .action(async (flags: EvalFlags) => {
      // --natural before the pairs: a wrong file is a usage error, found before the long part starts.
      const natural = flags.natural === undefined ? undefined : await naturalDistancesIn(flags.natural);
      const pairs = await readPairs(flags.pairs, flags.paths === true, context);
      if (pairs.length === 0) throw new UsageError(`${flags.pairs}: no usable labelled pairs`);
      const { evaluation, tooShort, version } = await evaluatePairs(pairs, flags);
      if (evaluation.pairs === 0) throw new UsageError(`${flags.pairs}: every pair has a side below --min-tokens ${flags.minTokens}`);
      if (flags.plot !== undefined) {
        const subtitle = `${evaluation.pairs} labelled pairs (${evaluation.duplicates} duplicates), shingle ${flags.shingle}, ${version}`;
        await writeFileAtomic(flags.plot, renderPlot(evaluation, { title: flags.title ?? `SimHash threshold: ${flags.pairs}`, subtitle, natural }));
      }
      await context.write(flags.format === 'json' ? formatEvaluationJson(evaluation, tooShort, version) : formatEvaluationText(evaluation, tooShort));
    });
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

/** Distances of the near members of a dedupe JSON result's groups to their group's first member. */
async function naturalDistancesIn(file: string): Promise<number[]> {
  let value: { format?: string; groups?: { members: { tier: string; distance: number }[] }[] };
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--natural ${file}: ${describeReadError(error)}`);
  }
  if (value?.format !== 'simhash-dedupe/1' || !Array.isArray(value.groups)) throw new UsageError(`--natural ${file}: not the output of simhash dedupe --format json`);
  return naturalDistances(value.groups);
}
