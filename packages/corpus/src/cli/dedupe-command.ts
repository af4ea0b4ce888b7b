// `simhash dedupe`: which of these documents are copies of each other? Exact copies first (equal normalised text),
// then near-duplicate candidates by SimHash distance, each verified by its shingles unless --verify off
// (grouping/verify.ts); groups, too-short documents and a summary on stdout.
import { Option, type Command } from 'commander';
import type { GroupingMode } from '../grouping/group.js';
import { runDedupe, type DedupeOptions, type DedupeResult } from '../dedupe/pipeline.js';
import type { Readable } from 'node:stream';
import { collectShards, parseShard, runShard } from './dedupe-shard.js';
import { redisOptions, type RedisFlags } from './redis-options.js';
import { createProgress } from './progress.js';
import { formatJson, formatJsonl, formatSummary, formatText, type OutputFormat } from './dedupe-formats.js';
import { writePieces } from './pretty-json.js';
import { STDIN, walkInputs } from '../io/index.js';
import { UsageError, type CliContext } from './context.js';
import { distanceOption, keepOptions, keepRule, minTokensOption, verifyOption, verifyThresholdOption, type KeepFlags } from './dedupe-options.js';
import type { VerifyMode } from '../grouping/verify.js';
import { againstOption, openReference } from './against-option.js';
import { checkCorpusOutput, outputOptions, withRereadableStdin, writeDedupeOutputs, type OutputFlags } from './dedupe-outputs.js';
import { analysisOptions, pipelineVersion, progressHooks, type RunFlags } from './document-run.js';
import { inputOptions, readOptions } from './input-options.js';
import { NoDocumentsError } from './no-documents.js';
import { runWarnings } from '../grouping/warnings.js';
import { integerParser, outputFileOption, shingleOption, termWeightsOption, tokensOption } from './options.js';

interface DedupeFlags extends RunFlags, OutputFlags, RedisFlags, KeepFlags {
  distance: number;
  minTokens: number;
  format: OutputFormat;
  grouping: GroupingMode;
  verify: VerifyMode;
  verifyThreshold: number;
  shard?: string;
  shardOut?: string;
  shardWait: number;
  collect?: boolean;
  against?: string[] | true;
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
    .addOption(new Option('--grouping <mode>', 'leader: every member within k of its group\'s leader and verified against it (with verification, those verified against the most others lead); connected: chains of near-duplicates (verified pairs) form one group').choices(['leader', 'connected']).default('leader'))
    .addOption(verifyOption())
    .addOption(verifyThresholdOption())
    .addOption(againstOption());
  for (const option of keepOptions()) command.addOption(option);
  for (const option of outputOptions()) command.addOption(option);
  for (const option of analysisOptions()) command.addOption(option);
  for (const option of redisOptions()) command.addOption(option);
  command
    .option('--shard <i/n>', 'one shard of a run spread over machines: read every n-th input file (the i-th of each n), find near pairs on the shared index --redis --name, write them to --shard-out')
    .addOption(outputFileOption('--shard-out <file>', 'where --shard writes its share of the run (JSON Lines), for --collect'))
    .addOption(new Option('--shard-wait <seconds>', 'how long a shard waits for the others to finish adding').default(3600).argParser(integerParser('--shard-wait', 1, 86_400)))
    .option('--collect', "the inputs are the shard files of one run: group them as one machine would, then report and write --output/--clusters as usual");
  command.action(async (inputs: string[], flags: DedupeFlags, self: Command) => {
    let options: DedupeOptions = {
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
      verify: flags.verify,
      verifyThreshold: flags.verifyThreshold,
      // No -k with verification: the candidate distance is chosen for the corpus (docs/cli.md, "Verification").
      autoDistance: self.getOptionValueSource('distance') === 'default' && flags.verify !== 'off',
      keep: keepRule(flags),
    };
    if (flags.against !== undefined) {
      if (flags.collect || flags.shard !== undefined) throw new UsageError('--against runs on one machine: not with --shard or --collect');
      // Opened (and refused if unusable) before any new document is read.
      const opened = await openReference(flags.against, flags, options, await pipelineVersion(flags), context);
      try {
        await runAgainst(inputs, { ...options, reference: opened.reference }, flags, context);
      } finally {
        await opened.close();
      }
      return;
    }
    if (flags.collect || flags.shard !== undefined || flags.redis !== undefined || flags.name !== undefined) {
      // A distributed run's inputs are spread over machines: no one process can read the candidates' texts again.
      if (self.getOptionValueSource('verify') === 'cli' && flags.verify !== 'off') throw new UsageError('--verify needs every input on this machine; a run with --shard or --collect groups by SimHash distance alone (--verify off)');
      options = { ...options, verify: 'off', autoDistance: false };
    }
    if (flags.collect) {
      if (flags.shard !== undefined || flags.redis !== undefined) throw new UsageError('--collect reads shard files; --shard and --redis are for the shards');
      // The shards read the field a rule by field needs, so the rule is theirs: their files say it.
      if (self.getOptionValueSource('keep') === 'cli' || flags.keepMax !== undefined || flags.keepMin !== undefined) throw new UsageError('--keep, --keep-max and --keep-min are given to the shards (--shard); --collect keeps as their files say');
      const collected = collectShards(inputs);
      await checkCorpusOutput(flags, collected.result.inputs, collected.options);
      await report(collected.result, collected.options, flags, () => context.stdin, context);
      return;
    }
    if (flags.shard !== undefined || flags.redis !== undefined || flags.name !== undefined) {
      if (flags.shard === undefined) throw new UsageError('dedupe with --redis runs as one of several shards: add --shard i/n and --shard-out FILE, then --collect');
      if (flags.output !== undefined || flags.clusters !== undefined) throw new UsageError('--output and --clusters are written by the --collect step, not by a shard');
      await runShard(inputs, options, { ...flags, shard: parseShard(flags.shard) }, context);
      return;
    }
    await runOnThisMachine(inputs, options, flags, context);
  });
}

/** --against: the run on this machine, with a word on the pairs its reference could not verify. */
async function runAgainst(inputs: string[], options: DedupeOptions, flags: DedupeFlags, context: CliContext): Promise<void> {
  const result = await runOnThisMachine(inputs, options, flags, context);
  const unverifiable = result.reference?.stats.unverifiable ?? 0;
  if (unverifiable > 0) context.warn(`warning: ${unverifiable} candidate pairs with reference documents stored without a sketch could not be verified, so those new documents were not dropped for them (build the reference with index build --sketches)`);
}

/** The run with every input on this machine, reported. */
async function runOnThisMachine(inputs: string[], options: DedupeOptions, flags: DedupeFlags, context: CliContext): Promise<DedupeResult> {
  const named = inputs.length > 0 ? inputs : [STDIN];
  await checkCorpusOutput(flags, walkInputs(named, options), options);
  return withRereadableStdin({ ...flags, reread: options.verify !== 'off' }, named, context.stdin, async (stdin) => {
    const progress = createProgress(context.stderr, flags.quiet === true);
    let result;
    try {
      result = await runDedupe(named, stdin, options, progressHooks(progress, context));
    } finally {
      progress.stop();
    }
    if (result.documents.length === 0) throw new NoDocumentsError();
    await report(result, { ...options, maxDistance: result.maxDistance }, flags, stdin, context);
    return result;
  });
}

/** The files asked for, the report on stdout, then the summary and warnings on stderr. */
async function report(result: DedupeResult, options: DedupeOptions, flags: DedupeFlags, stdin: () => Readable, context: CliContext): Promise<void> {
  const summary = await writeDedupeOutputs(result, options, flags, stdin, context);
  const format = { text: formatText, summary: formatSummary, json: formatJson, jsonl: formatJsonl }[flags.format];
  const report = format(result, options);
  // JSON and JSONL come a piece at a time (pretty-json.ts): never the whole report as one string.
  if (typeof report === 'string') await context.write(report);
  else await writePieces(report, (text) => context.write(text));
  if (summary !== undefined) context.warn(summary);
  for (const warning of runWarnings(result, result.documents.length, options.maxDistance)) context.warn(`warning: ${warning}`);
}
