// `simhash dedupe`: which of these documents are copies of each other? Exact copies first (equal normalised text),
// then near-duplicates by SimHash distance; groups, too-short documents and a summary on stdout.
import { Option, type Command } from 'commander';
import type { GroupingMode } from '../dedupe/group.js';
import { runDedupe, type DedupeOptions } from '../dedupe/pipeline.js';
import { createProgress } from './progress.js';
import { formatJson, formatJsonl, formatSummary, formatText, type OutputFormat } from '../dedupe/report.js';
import { STDIN } from '../io/index.js';
import type { CliContext } from './context.js';
import { distanceOption, minTokensOption } from './dedupe-options.js';
import { outputOptions, withRereadableStdin, writeDedupeOutputs, type OutputFlags } from './dedupe-outputs.js';
import { analysisOptions, progressHooks, type RunFlags } from './document-run.js';
import { inputOptions, readOptions } from './input-options.js';
import { NoDocumentsError } from './no-documents.js';
import { runWarnings } from '../dedupe/run-warnings.js';
import { shingleOption, termWeightsOption, tokensOption } from './options.js';

interface DedupeFlags extends RunFlags, OutputFlags {
  distance: number;
  minTokens: number;
  format: OutputFormat;
  grouping: GroupingMode;
}

export function registerDedupeCommand(program: Command, context: CliContext): void {
  const command = program
    .command('dedupe')
    .description('find exact and near-duplicate documents among files, directories (recursive) and JSONL records')
    .argument('[INPUT...]', 'files, directories, patterns such as \'docs/**/*.txt\', JSONL files, or "-" for stdin (the default)')
    .addOption(distanceOption())
    .addOption(shingleOption())
    .addOption(tokensOption())
    .addOption(termWeightsOption())
    .addOption(minTokensOption());
  for (const option of inputOptions()) command.addOption(option);
  command
    .addOption(new Option('--format <format>', 'output: text (every group) or summary (counts and the largest groups) for people, json (one object) or jsonl (one record per line) for programs').choices(['text', 'summary', 'json', 'jsonl']).default('text'))
    .addOption(new Option('--grouping <mode>', 'leader: every member within k of its group\'s first; connected: chains of near-duplicates form one group').choices(['leader', 'connected']).default('leader'));
  for (const option of outputOptions()) command.addOption(option);
  for (const option of analysisOptions()) command.addOption(option);
  command.action(async (inputs: string[], flags: DedupeFlags, self: Command) => {
    const options: DedupeOptions = {
      ...readOptions(flags),
      maxDistance: flags.distance,
      shingle: flags.shingle,
      tokens: flags.tokens,
      termWeights: flags.termWeights,
      minTokens: flags.minTokens,
      engine: flags.engine,
      threads: flags.threads,
      autoThreads: self.getOptionValueSource('threads') === 'default',
      grouping: flags.grouping,
    };
    const named = inputs.length > 0 ? inputs : [STDIN];
    await withRereadableStdin(flags, named, context.stdin, async (stdin) => {
      const progress = createProgress(context.stderr, flags.quiet === true);
      let result;
      try {
        result = await runDedupe(named, stdin(), options, progressHooks(progress, context));
      } finally {
        progress.stop();
      }
      if (result.documents.length === 0) throw new NoDocumentsError();
      const summary = await writeDedupeOutputs(result, options, flags, stdin, context);
      const format = { text: formatText, summary: formatSummary, json: formatJson, jsonl: formatJsonl }[flags.format];
      await context.write(format(result, options));
      if (summary !== undefined) context.warn(summary);
      for (const warning of runWarnings(result, result.documents.length, options.maxDistance)) context.warn(`warning: ${warning}`);
    });
  });
}
