// Run once per test run (vitest globalSetup): is there a redis-server for the Redis tests? Prints the one skip line
// when there is none, fails the run when SIMHASH_REQUIRE_REDIS=1 asks for one, and tells the test files by inject().
import type { TestProject } from 'vitest/node';
import { redisAvailable, REDIS_MISSING } from './redis-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    haveRedis: boolean;
  }
}

export default function setup(project: TestProject): void {
  const available = redisAvailable();
  if (!available) console.warn(REDIS_MISSING);
  project.provide('haveRedis', available);
}
