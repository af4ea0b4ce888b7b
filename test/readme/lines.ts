// The command lines README.md shows, read out of its code blocks (fenced and indented) so the README cannot drift
// from the code: `node …dist/cli.js …` commands, `cd` lines, `$ `-prompted lines with the output shown under them,
// `simhash …` usage synopses, and `npm …` lines. What each kind means is decided here; running them is the test's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repo } from '../support/paths.js';

export const README = join(repo, 'README.md');

export type Kind =
  | 'cli' // node [path/]dist/cli.js …: run it
  | 'cd' // cd DIR: later lines of the block run there
  | 'synopsis' // a usage line with placeholders ([options], FILE..., N): its options must be in --help
  | 'npm' // npm ci / npm test / npm run …: not run here (npm test runs this test; .ci/run runs them)
  | 'not-runnable'; // `simhash …` or `npx simhash …` as a command: a clone has no `simhash` on PATH

export interface CommandLine {
  /** 1-based line number in README.md. */
  line: number;
  /** The index of its code block, in README order. */
  block: number;
  kind: Kind;
  /** The command as a shell would get it: prompt and trailing comment removed. */
  command: string;
  /** The trailing `# …` comment, without the `#`. */
  comment: string;
  /** For a `$ `-prompted line: the lines shown under it, up to the next prompt or the block's end. */
  shown?: string[];
}

interface Block { lines: { text: string; line: number }[] }

/** Fenced blocks (```…```) and indented blocks (4 spaces, after a blank line), with their README line numbers. */
function codeBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*```/.test(lines[i])) {
      const block: Block = { lines: [] };
      for (i++; i < lines.length && !/^\s*```/.test(lines[i]); i++) block.lines.push({ text: lines[i], line: i + 1 });
      blocks.push(block);
    } else if (lines[i].startsWith('    ') && lines[i].trim() !== '' && (i === 0 || lines[i - 1].trim() === '')) {
      const block: Block = { lines: [] };
      for (; i < lines.length && lines[i].startsWith('    '); i++) block.lines.push({ text: lines[i].slice(4), line: i + 1 });
      blocks.push(block);
      i--;
    }
  }
  return blocks;
}

/** Splits `cmd   # comment` at the first `#` that starts a word outside quotes. */
export function splitComment(text: string): { command: string; comment: string } {
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"') {
      quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]))) {
      return { command: text.slice(0, i).trim(), comment: text.slice(i + 1).trim() };
    }
  }
  return { command: text.trim(), comment: '' };
}

/** Square brackets, an ellipsis or an UPPERCASE word (FILE, INPUT, N) outside quotes: a usage synopsis. */
export function hasPlaceholders(command: string): boolean {
  const unquoted = command.replace(/'[^']*'|"[^"]*"/g, "''");
  return /\[|\.\.\.|…/.test(unquoted) || unquoted.split(/\s+/).some((word) => /^[A-Z][A-Z0-9_]*$/.test(word));
}

const CLI = /^node\s+(?:\S*\/)?dist\/cli\.js(?:\s|$)/;

function kindOf(command: string): Kind | undefined {
  if (CLI.test(command)) return hasPlaceholders(command) ? 'synopsis' : 'cli';
  if (/^cd(\s|$)/.test(command)) return 'cd';
  if (/^simhash(\s|$)/.test(command)) return hasPlaceholders(command) ? 'synopsis' : 'not-runnable';
  if (/^npx(\s|$)/.test(command)) return 'not-runnable';
  if (/^npm(\s|$)/.test(command)) return 'npm';
  return undefined; // code of another kind (JavaScript, JSON, output)
}

export function readmeCommands(markdown = readFileSync(README, 'utf8')): CommandLine[] {
  const found: CommandLine[] = [];
  codeBlocks(markdown).forEach((block, index) => {
    const prompted = block.lines.some(({ text }) => text.startsWith('$ '));
    let current: CommandLine | undefined;
    for (const { text, line } of block.lines) {
      if (prompted && !text.startsWith('$ ')) {
        current?.shown?.push(text); // output shown under the last prompt
        continue;
      }
      const { command, comment } = splitComment(prompted ? text.slice(2) : text);
      const kind = kindOf(command);
      current = undefined;
      if (!kind) continue;
      current = { line, block: index, kind, command, comment, ...(prompted ? { shown: [] } : {}) };
      found.push(current);
    }
  });
  return found;
}

/** The exit code a line's comment states ("exits 2", "exit code 1"); 0 otherwise. */
export function expectedExitCode(comment: string): number {
  const match = /\bexit(?:s| code| status)(?: with)?(?: code)? (\d+)/i.exec(comment);
  return match ? Number(match[1]) : 0;
}

/** `simhash index build [--x] …` -> the verbs (`index build`) and every option the line shows. */
export function synopsisParts(command: string): { verbs: string[]; options: string[] } {
  const words = command.replace(CLI, 'simhash ').split(/\s+/).slice(1);
  const verbs: string[] = [];
  for (const word of words) {
    if (!/^[a-z][a-z-]*$/.test(word)) break;
    verbs.push(word);
  }
  const options = [...command.matchAll(/(?:^|[\s[|])(--?[A-Za-z][\w-]*)/g)].map((m) => m[1]);
  return { verbs, options: [...new Set(options)] };
}
