// The built `simhash dedupe` (dist/cli.js with dist/pool-worker.js) as a real process: the pool's worker script is
// found beside the bundle, and two threads give the groups one thread gives.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCli, runProcess } from '../support/cli.js';
import { fixtureTree } from '../support/dedupe-fixture.js';

let tree: { dir: string; remove: () => void };
beforeAll(() => {
  tree = fixtureTree();
});
afterAll(() => tree.remove());

describe('dist/cli.js dedupe', () => {
  it('runs on the worker pool and agrees with one thread; exit code 1 for the skipped inputs', () => {
    expect(existsSync(builtCli), `${builtCli} is missing: run "npm run build"`).toBe(true);
    const run = (threads: string) => runProcess(['dedupe', '--format', 'json', '-k', '12', '--exclude', 'node_modules', '--threads', threads, tree.dir]);
    const one = run('1'), two = run('2');
    expect(two.code, two.stderr).toBe(1);
    expect(two.stderr.trim().split('\n')).toHaveLength(4);
    const groups = (r: { stdout: string }) => (JSON.parse(r.stdout) as { groups: unknown }).groups;
    expect(groups(two)).toEqual(groups(one));
    expect((groups(two) as unknown[]).length).toBe(2);
  });

  it('prints no progress bar when stderr is a pipe', () => {
    const result = runProcess(['dedupe', '--include', '01-*', tree.dir]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });
});
