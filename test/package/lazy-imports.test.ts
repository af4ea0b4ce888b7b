// What the command and its workers load at start (the static imports of the built dist/cli.js and
// dist/analysis-worker.js, followed through their chunks): not Readability and linkedom, 80 ms of imports per
// thread that only a page read by its main content needs (html/extractor.ts loads them then), nor the readers that
// load on their first input (postal-mime, warcio, hyparquet), nor ioredis (40 ms, loaded on the first connection).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageDir } from '../support/paths.js';

/** The packages a built file imports statically, through the chunks it imports. */
function staticPackages(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  const code = readFileSync(file, 'utf8');
  for (const [, specifier] of code.matchAll(/^import\s+(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    if (specifier.startsWith('.')) for (const name of staticPackages(join(dirname(file), specifier), seen)) packages.add(name);
    else packages.add(specifier);
  }
  return packages;
}

describe('start-up imports of the built command', () => {
  for (const entry of ['cli.js', 'analysis-worker.js']) {
    it(`dist/${entry} loads no reader or extractor that waits for its first input`, () => {
      const packages = staticPackages(join(packageDir.corpus, 'dist', entry));
      expect(packages.has('simhash-wasm/internal/pool') || packages.has('simhash-wasm')).toBe(true); // the walk found the imports
      for (const lazy of ['linkedom', '@mozilla/readability', 'postal-mime', 'warcio', 'hyparquet']) expect([...packages]).not.toContain(lazy);
    });
  }
  it('simhash-wasm-redis, which the command imports, loads ioredis only when it first connects', () => {
    const packages = staticPackages(join(packageDir.redis, 'dist', 'index.js'));
    expect(packages.has('cluster-key-slot')).toBe(true); // the walk found the imports
    expect([...packages]).not.toContain('ioredis');
  });

  it('the html entry still loads Readability and linkedom itself (its htmlMainText is synchronous)', () => {
    expect([...staticPackages(join(packageDir.corpus, 'dist', 'html.js'))]).toEqual(expect.arrayContaining(['linkedom', '@mozilla/readability']));
  });
});
