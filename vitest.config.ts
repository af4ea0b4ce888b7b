import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// The packages import each other by name. In the tests those names mean the sources, by the same table tsc and tsx
// use (tsconfig.json "paths"), so a test never runs a stale dist/ of a sibling package.
const paths: Record<string, [string]> = JSON.parse(
  readFileSync(new URL('./tsconfig.json', import.meta.url), 'utf8').replace(/^\s*\/\/.*$/gm, ''),
).compilerOptions.paths;
const alias = Object.entries(paths).map(([name, [target]]) => ({
  find: new RegExp(`^${name.replace(/[/.]/g, '\\$&')}$`),
  replacement: new URL(target, import.meta.url).pathname,
}));

// The inner loop's tests (`npm run test:quick`): the engines, the index, the readers and the corpus job in this
// process, on sources. The rest needs builds, processes, servers or a browser: the command as a process, the packed
// packages, Chromium, Redis Cluster, the documentation's commands. `npm test` runs both projects.
const QUICK = ['core', 'pure', 'engines', 'wasm', 'index', 'io', 'html', 'dedupe', 'evaluation'].map((folder) => `test/${folder}/**/*.test.ts`);

export default defineConfig({
  resolve: { alias },
  test: {
    // Whether redis-server is there for test/redis (one skip line per run when it is not).
    globalSetup: ['test/support/redis-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // vitest's default is one worker less than the cores, so one on a 2-core machine; most slow files here wait on
    // processes, servers and disks rather than compute: on 2 cores, two workers halved the wall-clock time and a
    // third took `npm test` from 4 min 50 s to 4 min 10 s (CONTRIBUTING.md).
    maxWorkers: 3,
    projects: [
      { extends: true, test: { name: 'quick', include: QUICK } },
      { extends: true, test: { name: 'slow', include: ['test/**/*.test.ts'], exclude: QUICK } },
    ],
  },
});
