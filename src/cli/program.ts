// The `simhash` program: its verbs, its exit codes, and every message routed through the given streams.
import { Command, CommanderError } from 'commander';
import { version } from '../../package.json';
import { PIPELINE_VERSION } from '../core/options.js';
import { COMMANDS } from './commands.js';
import { createContext, ExitCode, UsageError, type CliIo } from './context.js';

/** Runs one command line (without the `node simhash` part) and returns its exit code; never calls process.exit. */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const context = createContext(io);
  const program = new Command('simhash')
    .description('Charikar SimHash fingerprints of text, and near-duplicate search over them')
    .version(`${version} (${PIPELINE_VERSION})`, '-V, --version')
    .showHelpAfterError('(run "simhash help" for the commands and their options)')
    // Set before the verbs are added: commander copies these settings into each subcommand.
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) });
  program.addHelpText('after', [
    '',
    'Exit codes:',
    `  ${ExitCode.ok}  everything was read and processed`,
    `  ${ExitCode.someInputsFailed}  some inputs could not be read or parsed (each is reported on stderr); the rest were processed`,
    `  ${ExitCode.usage}  bad command line; nothing was processed`,
    `  ${ExitCode.internal}  internal error (please report it)`,
  ].join('\n'));
  for (const register of COMMANDS) register(program, context);
  try {
    await program.parseAsync([...args], { from: 'user' });
  } catch (error) {
    // Commander has already printed its message (help, version, or what was wrong).
    if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    if (error instanceof UsageError) {
      io.stderr.write(`simhash: ${error.message}\n`);
      return ExitCode.usage;
    }
    io.stderr.write(`simhash: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return ExitCode.internal;
  }
  return context.failures > 0 ? ExitCode.someInputsFailed : ExitCode.ok;
}
