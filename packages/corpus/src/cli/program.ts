// The `simhash` program: its verbs, its exit codes, and every message routed through the given streams.
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { version } from '../../package.json';
import { PIPELINE_VERSION } from 'simhash-wasm';
import { COMMANDS } from './commands.js';
import { OutputError } from '../io/write/output-error.js';
import { createContext, ExitCode, UsageError, type CliIo, type RunContext } from './context.js';
import { NoDocumentsError } from './no-documents.js';
import { RedisFailure } from './redis-options.js';

/** Runs one command line (without the `node simhash` part) and returns its exit code; never calls process.exit. */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const context = createContext(io);
  const program = new Command('simhash')
    .description('Charikar SimHash fingerprints of text, and near-duplicate search over them')
    .version(`${version} (${PIPELINE_VERSION})`, '-V, --version')
    .showHelpAfterError('(run "simhash help" for the commands and their options)')
    // Set before the verbs are added: commander copies these settings into each subcommand.
    .exitOverride()
    .configureOutput({ writeOut: (s) => context.print(s), writeErr: (s) => context.stderr.write(s) });
  program.addHelpText('after', [
    '',
    'Exit codes:',
    `  ${ExitCode.ok}  everything was read and processed`,
    `  ${ExitCode.someInputsFailed}  some inputs could not be read or parsed, records had no number for --keep-max/--keep-min, or names were not in the index (index remove); each is reported on stderr, the rest were processed`,
    `  ${ExitCode.usage}  bad command line; nothing was processed`,
    `  ${ExitCode.internal}  internal error (please report it)`,
    `  ${ExitCode.outputFailed}  an output could not be written (disk full, permission, I/O error, the index locked by another writer); files keep their old content`,
    `  ${ExitCode.noDocuments}  the inputs held no document at all`,
    `  ${ExitCode.redis}  the shared index on Redis could not be used (unreachable, timed out, a node lost its data)`,
  ].join('\n'));
  for (const register of COMMANDS) register(program, context);
  try {
    await program.parseAsync([...args], { from: 'user' });
  } catch (error) {
    // The count of skip messages held back comes before the error that ended the run, which stays the last line.
    context.finish();
    return reportError(error, context);
  }
  context.finish();
  if (context.outputFailed) return ExitCode.outputFailed;
  return context.failures > 0 ? ExitCode.someInputsFailed : ExitCode.ok;
}

/** Says what ended the run (unless commander already did) and gives its exit code. */
function reportError(error: unknown, context: RunContext): number {
  // An option value a command checked itself: commander has not printed this one.
  if (error instanceof InvalidArgumentError) {
    context.warn(error.message);
    return ExitCode.usage;
  }
  // Commander has already printed its message (help, version, or what was wrong).
  if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
  if (error instanceof UsageError) {
    context.warn(error.message);
    return ExitCode.usage;
  }
  if (error instanceof NoDocumentsError) {
    context.warn(error.message);
    return ExitCode.noDocuments;
  }
  if (error instanceof OutputError) {
    context.warn(error.message);
    return ExitCode.outputFailed;
  }
  if (error instanceof RedisFailure) {
    context.warn(error.message);
    return ExitCode.redis;
  }
  context.warn(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return ExitCode.internal;
}
