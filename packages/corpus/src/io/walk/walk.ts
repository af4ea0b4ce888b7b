// Expands the command line's inputs into the files to read: files as given, directories walked recursively in
// name order, patterns that name no path expanded (glob-input.ts), stdin passed through; filtered by include/exclude
// globs, hidden entries skipped unless asked for.
import { statSync } from 'node:fs';
import picomatch from 'picomatch';
import { expandGlob, isGlobPattern } from './glob-input.js';
import { STDIN } from './sources.js';
import { walkDirectory, type Filters, type WalkEntry } from './walk-directory.js';

export type { WalkEntry } from './walk-directory.js';

export interface WalkOptions {
  /** Globs a file found in a directory must match (any of them); none means every file. */
  include?: readonly string[];
  /** Globs that skip a file or a whole directory found in a directory. */
  exclude?: readonly string[];
  /** Also walk into entries whose name starts with "." (default: skip them, as .git would flood the run). */
  hidden?: boolean;
}

/**
 * Globs match the path relative to the directory given on the command line, with "/" separators; a glob without
 * a "/" matches the base name at any depth (`*.txt`, `node_modules`). Files named on the command line are read
 * whatever the globs say. Symbolic links to files are followed; links to directories are not (no cycles).
 */
export async function* walkInputs(inputs: readonly string[], options: WalkOptions = {}): AsyncGenerator<WalkEntry> {
  const filters: Filters = {
    include: options.include?.length ? matcher(options.include) : () => true,
    exclude: options.exclude?.length ? matcher(options.exclude) : () => false,
    visible: (name) => options.hidden === true || !name.startsWith('.'),
  };
  for (const input of inputs) {
    if (input === STDIN) {
      yield { kind: 'stdin' };
      continue;
    }
    let info;
    try {
      info = statSync(input);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && isGlobPattern(input)) yield* expandGlob(input, filters, options.hidden === true);
      else yield { kind: 'error', path: input, error };
      continue;
    }
    if (info.isDirectory()) yield* walkDirectory(input, '', filters);
    else yield { kind: 'file', path: input, size: info.size };
  }
}

/**
 * Globs without "/" test the base name, the others the whole relative path. (picomatch's own `basename` option
 * also tests patterns that do have a "/" against the base name, so that `sub/**` would match nothing.)
 */
function matcher(globs: readonly string[]): (path: string) => boolean {
  const options = { dot: true };
  const byName = globs.filter((g) => !g.includes('/'));
  const byPath = globs.filter((g) => g.includes('/'));
  const name = byName.length > 0 ? picomatch(byName, options) : () => false;
  const path = byPath.length > 0 ? picomatch(byPath, options) : () => false;
  return (rel) => name(rel.slice(rel.lastIndexOf('/') + 1)) || path(rel);
}
