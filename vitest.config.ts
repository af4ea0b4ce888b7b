import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Whether redis-server is there for test/redis (one skip line per run when it is not).
    globalSetup: ['test/support/redis-global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
