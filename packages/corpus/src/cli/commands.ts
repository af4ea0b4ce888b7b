// Every verb of `simhash`. Each lives in its own file (src/cli/<verb>-command.ts) and exports one RegisterCommand;
// a new verb is one import and one entry below.
import type { Command } from 'commander';
import type { CliContext } from './context.js';
import { registerDedupeCommand } from './dedupe-command.js';
import { registerEvalCommand } from './eval-command.js';
import { registerFingerprintCommand } from './fingerprint-command.js';
import { registerIndexCommand } from './index-command.js';
import { registerMakePairsCommand } from './make-pairs-command.js';

/**
 * Adds a verb (or a group of them, such as `index build` / `index query`) to the program. Its action
 * reports bad inputs with `context.inputFailed`, writes results with `context.write`, and throws
 * UsageError for a command line that makes no sense; the program turns those into exit codes.
 */
export type RegisterCommand = (program: Command, context: CliContext) => void;

/** In the order `simhash --help` lists them. */
export const COMMANDS: readonly RegisterCommand[] = [registerFingerprintCommand, registerIndexCommand, registerDedupeCommand, registerMakePairsCommand, registerEvalCommand];
