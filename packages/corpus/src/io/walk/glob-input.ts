// A quoted pattern on the command line (`'docs/**/*.txt'`) that names no existing path is expanded here, as a shell
// would, but the same on every platform and shell: files and directories matching it, in name order; a matched
// directory is walked whole. Hidden entries match only with --hidden, as `*` in a shell skips them.
import { join } from 'node:path';
import picomatch from 'picomatch';
import { walkDirectory, sortedEntries, fileEntry, type Filters, type WalkEntry } from './walk-directory.js';

export function isGlobPattern(input: string): boolean {
  return picomatch.scan(input).isGlob;
}

export async function* expandGlob(pattern: string, filters: Filters, hidden: boolean): AsyncGenerator<WalkEntry> {
  const { base, glob } = picomatch.scan(pattern);
  const matches = picomatch(glob, { dot: hidden });
  // Without "**" a match is never deeper than the pattern's own depth: the walk stops there.
  const maxDepth = glob.includes('**') ? Infinity : glob.split('/').length;
  let found = false;
  for await (const entry of walkMatches(base === '' ? '.' : base, base, '', 1, { filters, matches, maxDepth })) {
    found = true;
    yield entry;
  }
  if (!found) yield { kind: 'error', path: pattern, error: new Error('no such file or directory, and no file matches it as a pattern') };
}

interface GlobWalk {
  readonly filters: Filters;
  readonly matches: (rel: string) => boolean;
  readonly maxDepth: number;
}

/** `shownDir`: how paths below `dir` are named ("" for a pattern without a directory, so no "./" prefix appears). */
async function* walkMatches(dir: string, shownDir: string, rel: string, depth: number, walk: GlobWalk): AsyncGenerator<WalkEntry> {
  const entries = sortedEntries(dir);
  if (!Array.isArray(entries)) {
    // The pattern's own base directory missing is the "no match" case, reported once by the caller.
    if (rel !== '') yield entries;
    return;
  }
  for (const entry of entries) {
    const name = entry.name;
    if (!walk.filters.visible(name)) continue;
    const relPath = rel === '' ? name : `${rel}/${name}`;
    const path = shownDir === '' ? relPath : join(shownDir, relPath);
    if (walk.filters.exclude(relPath)) continue;
    if (walk.matches(relPath)) {
      if (entry.isDirectory()) yield* walkDirectory(path, relPath, walk.filters);
      else if ((entry.isFile() || entry.isSymbolicLink()) && walk.filters.include(relPath)) {
        const file = fileEntry(path);
        if (file !== undefined) yield file;
      }
    } else if (entry.isDirectory() && depth < walk.maxDepth) {
      yield* walkMatches(join(dir, name), shownDir, relPath, depth + 1, walk);
    }
  }
}
