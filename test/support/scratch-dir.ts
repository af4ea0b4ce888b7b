// A scratch directory of given files for one test file, with a fresh empty subdirectory per test.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ScratchDir {
  readonly dir: string;
  path(name: string): string;
  /** A new empty directory inside, one per test, so a stray temporary file is seen by the test that left it. */
  fresh(): string;
  remove(): void;
}

/** A scratch directory with the given files; remove() deletes it. */
export function scratchDir(files: Record<string, string | Uint8Array>): ScratchDir {
  const dir = mkdtempSync(join(tmpdir(), 'simhash-cli-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  let made = 0;
  return {
    dir,
    path: (name) => join(dir, name),
    fresh: () => {
      const sub = join(dir, `case-${++made}`);
      mkdirSync(sub);
      return sub;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
