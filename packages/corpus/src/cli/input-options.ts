// How every command that reads documents is told to read them: one option list (fingerprint, index build/query,
// dedupe, make-pairs), so a flag means the same everywhere, and the step from its flags to the io layer's options.
import { InvalidArgumentError, Option } from 'commander';
import { fieldPathProblem, type DocumentOptions, type HtmlMode, type InvalidUtf8Mode, type WalkOptions } from '../io/index.js';
import { collect } from './options.js';

export interface InputFlags {
  html: HtmlMode;
  mail?: boolean;
  jsonl?: boolean;
  textField?: string;
  idField?: string;
  invalidUtf8: InvalidUtf8Mode;
  include?: string[];
  exclude?: string[];
  hidden?: boolean;
}

export function inputOptions(): Option[] {
  return [
    new Option('--html <mode>', 'HTML inputs: auto = files named *.htm(l) or whose start looks like HTML, by their main content (Readability), falling back to their visible text without the lines many pages share where the main content is implausibly short or shared by many pages; main = every input so; auto-text = the same inputs as auto, by all their visible text (faster; the default before); text = every input so (on: its old name); off = none').choices(['auto', 'auto-text', 'main', 'text', 'on', 'off']).default('auto'),
    new Option('--mail', 'inputs are e-mail messages (RFC 822): compare the text their reader sees (MIME decoded: the text/plain part, else the HTML part; charsets; attachments left out)'),
    new Option('--jsonl', 'read every input as JSONL, one record { "id", "text" } per line (without it: files named *.jsonl or *.ndjson, also compressed, and stdin starting with "{")'),
    new Option('--no-jsonl', 'read no input as JSONL, whatever its name or first byte'),
    new Option('--text-field <path>', 'where a JSONL record\'s text is: a field name, or a dotted path such as body.text (default: text)').argParser(fieldPath('--text-field')),
    new Option('--id-field <path>', 'where a JSONL record\'s id is, a field or a dotted path such as meta.url (default: id); a record without one is named <file>:<line>').argParser(fieldPath('--id-field')),
    new Option('--invalid-utf8 <mode>', 'a file that is not valid UTF-8: skip it (reported) or replace its bad bytes with U+FFFD').choices(['skip', 'replace']).default('skip'),
    new Option('--include <glob>', 'in directories, read only files matching this glob (repeatable; a glob without "/" matches the base name)').argParser(collect),
    new Option('--exclude <glob>', 'in directories, skip files and directories matching this glob (repeatable)').argParser(collect),
    new Option('--hidden', 'also read files and directories whose name starts with "."'),
  ];
}

export function readOptions(flags: InputFlags): DocumentOptions & WalkOptions {
  return {
    html: flags.html,
    mail: flags.mail === true,
    ...(flags.jsonl === undefined ? {} : { jsonl: flags.jsonl }),
    ...(flags.textField === undefined ? {} : { textField: flags.textField }),
    ...(flags.idField === undefined ? {} : { idField: flags.idField }),
    invalidUtf8: flags.invalidUtf8,
    include: flags.include ?? [],
    exclude: flags.exclude ?? [],
    hidden: flags.hidden === true,
  };
}

/** A value of --text-field, --id-field and the like: a field name or a dotted path. */
export function fieldPath(option: string): (value: string) => string {
  return (value) => {
    const problem = fieldPathProblem(value);
    if (problem !== undefined) throw new InvalidArgumentError(`${option} must be a field name or a dotted path, but ${problem}.`);
    return value;
  };
}
