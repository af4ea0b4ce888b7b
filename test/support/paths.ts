// Where things are, from the repository's top directory, so that a test's own place in test/ does not matter.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's top directory (with a trailing separator). */
export const repo = fileURLToPath(new URL('../..', import.meta.url));

/** A path under test/fixtures/. */
export function fixturePath(...parts: string[]): string {
  return join(repo, 'test/fixtures', ...parts);
}

/** Each package's folder (with a trailing separator): the library, the Redis index, the corpus tools. */
export const packageDir = {
  library: join(repo, 'packages/simhash-wasm/'),
  redis: join(repo, 'packages/redis/'),
  corpus: join(repo, 'packages/corpus/'),
} as const;
