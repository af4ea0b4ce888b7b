// Where things are, from the repository's top directory, so that a test's own place in test/ does not matter.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's top directory (with a trailing separator). */
export const repo = fileURLToPath(new URL('../..', import.meta.url));

/** A path under test/fixtures/. */
export function fixturePath(...parts: string[]): string {
  return join(repo, 'test/fixtures', ...parts);
}
