// `simhash dedupe`: which of these documents are copies of each other? Exact copies first (equal normalised text),
// then near-duplicates by SimHash distance; groups, too-short documents and a summary on stdout.
import type { Command } from 'commander';
import type { GroupingMode } from '../dedupe/group.js';
import { runDedupe, type DedupeOptions } from '../dedupe/pipeline.js';
import { createProgress } from '../dedupe/progress.js';
import { formatJson, formatJsonl, formatText, type OutputFormat } from '../dedupe/report.js';
import type { CliContext } from './context.js';
import { distanceOption, documentOptions, minTokensOption, threadsOption } from './dedupe-options.js';
import { STDIN } from '../io/sources.js';
import { Option } from 'commander';
import { engineOption, shingleOption } from './options.js';

interface DedupeFlags extends Omit<DedupeOptions, 'maxDistance' | 'mail' | 'jsonl' | 'hidden'> {
  distance: number;
  format: OutputFormat;
  quiet?: boolean;
  mail?: boolean;
  jsonl?: boolean;
  hidden?: boolean;
}

export function registerDedupeCommand(program: Command, context: CliContext): void {
  const command = program
    .command('dedupe')
    .description('find exact and near-duplicate documents among files, directories (recursive) and JSONL records')
    .argument('[INPUT...]', 'files, directories, JSONL files (*.jsonl), or "-" for stdin (the default)')
    .addOption(distanceOption())
    .addOption(shingleOption())
    .addOption(minTokensOption());
  for (const option of documentOptions()) command.addOption(option);
  command
    .addOption(new Option('--format <format>', 'output: text for people, json (one object) or jsonl (one record per line) for programs').choices(['text', 'json', 'jsonl']).default('text'))
    .addOption(new Option('--grouping <mode>', 'leader: every member within k of its group\'s first; connected: chains of near-duplicates form one group').choices(['leader', 'connected']).default('leader'))
    .addOption(engineOption())
    .addOption(threadsOption())
    .option('-q, --quiet', 'no progress bar (there is none when stderr is not a terminal anyway)')
    .action(async (inputs: string[], flags: DedupeFlags, self: Command) => {
      const options: DedupeOptions = {
        maxDistance: flags.distance,
        shingle: flags.shingle,
        minTokens: flags.minTokens,
        html: flags.html,
        mail: flags.mail === true,
        jsonl: flags.jsonl === true,
        invalidUtf8: flags.invalidUtf8,
        include: flags.include ?? [],
        exclude: flags.exclude ?? [],
        hidden: flags.hidden === true,
        engine: flags.engine,
        threads: flags.threads,
        autoThreads: self.getOptionValueSource('threads') === 'default',
        grouping: flags.grouping as GroupingMode,
      };
      const progress = createProgress(context.stderr, flags.quiet === true);
      let result;
      try {
        result = await runDedupe(inputs.length > 0 ? inputs : [STDIN], context.stdin, options, {
          started: (total) => progress.start(total),
          progress: (bytes, documents) => progress.update(bytes, documents),
          skipped: (source, reason) => {
            progress.clearLine();
            context.inputFailed(`${source}: ${reason}, skipped`);
          },
        });
      } finally {
        progress.stop();
      }
      const format = flags.format === 'json' ? formatJson : flags.format === 'jsonl' ? formatJsonl : formatText;
      await context.write(format(result, options));
    });
}
