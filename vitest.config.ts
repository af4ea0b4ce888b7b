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

export default defineConfig({
  resolve: { alias },
  test: {
    include: ['test/**/*.test.ts'],
    // Whether redis-server is there for test/redis (one skip line per run when it is not).
    globalSetup: ['test/support/redis-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
