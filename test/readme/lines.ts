// The command lines the documentation shows (README.md, CONTRIBUTING.md and every page under docs/), read out of
// their code blocks (fenced and indented) so the docs cannot drift from the code: `simhash` commands (written
// `npx simhash …` or `node [path/]packages/corpus/dist/cli.js …`), `cd` lines, `$ `-prompted lines with the output
// shown under them, `simhash …` usage synopses, `npm …` lines, `npx <dev tool> …` lines and repository scripts.
// What each kind means is decided here; running or checking them is the test's.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repo } from '../support/paths.js';

export const README = join(repo, 'README.md');

/** The pages whose commands are checked, relative to the repository's top directory: README first. */
export function docFiles(): string[] {
  const pages = existsSync(join(repo, 'docs'))
    ? readdirSync(join(repo, 'docs')).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`)
    : [];
  return ['README.md', 'CONTRIBUTING.md', ...pages].filter((file) => existsSync(join(repo, file)));
}

export type Kind =
  | 'cli' // npx simhash … / node [path/]packages/corpus/dist/cli.js …: run it
  | 'cd' // cd DIR: later lines of the block run there
  | 'synopsis' // a usage line with placeholders ([options], FILE..., N): its options must be in --help
  | 'npm' // npm ci / npm test / npm start / npm run … / npm i PACKAGE: not run (npm test runs this test; .ci/run
  //          runs npm ci, npm test and npm start; bench and build take minutes), but the scripts and packages they
  //          name must exist
  | 'tool' // npx <dev tool> … (tsx, vitest, tsc): not run (a script that takes minutes, or this very test run), but
  //          the tool must be installed by the clone's devDependencies and every repository file it names must exist
  | 'script' // a repository script run by its path (examples/redis-cluster/start-local-cluster.sh): not run (it
  //            starts servers; test/redis runs it), but it must exist and be executable
  | 'not-runnable'; // `simhash …` without npx, `npx` of a package the clone does not install, or the old
  //                   `node dist/cli.js`: in a clone there is no `simhash` on PATH, npx would fetch another package
  //                   from the registry, and the root has no dist/

export interface CommandLine {
  /** The page, relative to the repository's top directory (README.md, docs/cli.md, …). */
  file: string;
  /** 1-based line number in that page. */
  line: number;
  /** The index of its code block, in page order. */
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

/** Fenced blocks (```…```) and indented blocks (4 spaces, after a blank line), with their line numbers. */
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

/** The command line program as the docs write it in a clone: `npx simhash` or the built file run by node. */
export const CLI = /^(?:npx\s+simhash|node\s+(?:\S*\/)?packages\/corpus\/dist\/cli\.js)(?=\s|$)/;
/** The program as the layout before the packages had it. */
const OLD_CLI = /^node\s+(?:\S*\/)?dist\/cli\.js(?:\s|$)/;
/** The dev tools a clone installs (devDependencies) that the docs may show through npx. */
export const TOOLS = ['tsx', 'vitest', 'tsc', 'depcruise'] as const;
const TOOL = new RegExp(`^npx\\s+(?:${TOOLS.join('|')})(?:\\s|$)`);
/** A repository script run by its path. */
const SCRIPT = /^(?:\.\/)?(?:examples|scripts)\/\S+\.(?:sh|mjs)(?:\s|$)/;

function kindOf(command: string): Kind | undefined {
  if (CLI.test(command)) return hasPlaceholders(command) ? 'synopsis' : 'cli';
  if (OLD_CLI.test(command)) return 'not-runnable';
  if (/^cd(\s|$)/.test(command)) return 'cd';
  if (/^simhash(\s|$)/.test(command)) return hasPlaceholders(command) ? 'synopsis' : 'not-runnable';
  if (TOOL.test(command)) return 'tool';
  if (/^npx(\s|$)/.test(command)) return 'not-runnable';
  if (/^npm(\s|$)/.test(command)) return 'npm';
  if (SCRIPT.test(command)) return 'script';
  return undefined; // code of another kind (JavaScript, JSON, output)
}

export function readmeCommands(file = 'README.md', markdown = readFileSync(join(repo, file), 'utf8')): CommandLine[] {
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
      current = { file, line, block: index, kind, command, comment, ...(prompted ? { shown: [] } : {}) };
      found.push(current);
    }
  });
  return found;
}

/** Every page's commands, page by page (docFiles order). */
export function docCommands(): CommandLine[] {
  return docFiles().flatMap((file) => readmeCommands(file));
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
