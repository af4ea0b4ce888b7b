// Expands the command line's inputs into the files to read: files as given, directories walked recursively in
// name order (so output is stable), filtered by include/exclude globs, hidden entries skipped unless asked for.
import { lstat, readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import picomatch from 'picomatch';
import { STDIN } from '../cli/input.js';

export interface WalkOptions {
  /** Globs a file found in a directory must match (any of them); none means every file. */
  include?: readonly string[];
  /** Globs that skip a file or a whole directory found in a directory. */
  exclude?: readonly string[];
  /** Also walk into entries whose name starts with "." (default: skip them, as .git would flood the run). */
  hidden?: boolean;
}

export type WalkEntry =
  | { readonly kind: 'stdin' }
  | { readonly kind: 'file'; readonly path: string; readonly size: number }
  | { readonly kind: 'error'; readonly path: string; readonly error: unknown };

/**
 * Globs match the path relative to the directory given on the command line, with "/" separators; a glob without
 * a "/" matches the base name at any depth (`*.txt`, `node_modules`). Files named on the command line are read
 * whatever the globs say. Symbolic links to files are followed; links to directories are not (no cycles).
 */
export async function* walkInputs(inputs: readonly string[], options: WalkOptions = {}): AsyncGenerator<WalkEntry> {
  const glob = { dot: true, basename: true } as const;
  const include = options.include?.length ? picomatch([...options.include], glob) : () => true;
  const exclude = options.exclude?.length ? picomatch([...options.exclude], glob) : () => false;
  for (const input of inputs) {
    if (input === STDIN) {
      yield { kind: 'stdin' };
      continue;
    }
    let info;
    try {
      info = await stat(input);
    } catch (error) {
      yield { kind: 'error', path: input, error };
      continue;
    }
    if (!info.isDirectory()) {
      yield { kind: 'file', path: input, size: info.size };
      continue;
    }
    const visible = (name: string) => options.hidden === true || !name.startsWith('.');
    yield* walkDirectory(input, input, { include, exclude, visible });
  }
}

interface Filters {
  include(path: string): boolean;
  exclude(path: string): boolean;
  visible(name: string): boolean;
}

async function* walkDirectory(root: string, dir: string, filters: Filters): AsyncGenerator<WalkEntry> {
  let names: string[];
  try {
    names = (await readdir(dir)).sort();
  } catch (error) {
    yield { kind: 'error', path: dir, error };
    return;
  }
  for (const name of names) {
    if (!filters.visible(name)) continue;
    const path = join(dir, name);
    const rel = relative(root, path).split(sep).join('/');
    if (filters.exclude(rel)) continue;
    let info;
    try {
      info = await lstat(path);
      if (info.isSymbolicLink()) {
        info = await stat(path);
        if (info.isDirectory()) continue;
      }
    } catch (error) {
      yield { kind: 'error', path, error };
      continue;
    }
    if (info.isDirectory()) yield* walkDirectory(root, path, filters);
    else if (info.isFile() && filters.include(rel)) yield { kind: 'file', path, size: info.size };
  }
}
