// What a path to write names once symbolic links are followed: the link stays a link, its target is written.
import { lstatSync, readlinkSync, realpathSync, statSync, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';

export type WriteTarget =
  /** An existing regular file (after links): replaced atomically, its mode and owner kept. */
  | { readonly kind: 'file'; readonly path: string; readonly stats: Stats }
  /** Nothing there yet, or a dangling link (then path is the file the link names): created atomically. */
  | { readonly kind: 'new'; readonly path: string }
  /** /dev/null, a FIFO, a terminal: written in place, as a shell redirection would; renaming over them is wrong. */
  | { readonly kind: 'device'; readonly path: string }
  | { readonly kind: 'directory'; readonly path: string };

/** Throws the system error (EACCES, ENOTDIR, ELOOP...) when the path cannot even be looked at. */
export function writeTarget(path: string): WriteTarget {
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'new', path: danglingTarget(path) };
    throw error;
  }
  if (stats.isDirectory()) return { kind: 'directory', path };
  if (!stats.isFile()) return { kind: 'device', path };
  return { kind: 'file', path: realpathSync(path), stats };
}

const MAX_LINKS = 40; // Linux's limit too

/** Where a missing path would be created: a dangling symbolic link (or a chain of them) is followed to the name it holds. */
function danglingTarget(path: string): string {
  let current = resolve(path);
  for (let hops = 0; hops < MAX_LINKS; hops++) {
    try {
      if (!lstatSync(current).isSymbolicLink()) return current;
      current = resolve(dirname(current), readlinkSync(current));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return current;
      throw error;
    }
  }
  throw Object.assign(new Error(`too many symbolic links: ${path}`), { code: 'ELOOP' });
}
