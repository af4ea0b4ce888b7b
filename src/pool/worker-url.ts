// Where the worker script is. Rollup may inline this module into an entry (dist/*.js) or put it in a shared chunk
// (dist/chunks/*.js), and tests run it from source (src/pool/*.ts), so the script is looked for in each place.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What `new Worker(...)` gets: a built script's URL, or (from source) code that loads TypeScript first. */
export type WorkerScript = { readonly url: URL } | { readonly code: string };

export function findWorkerScript(): WorkerScript {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return { code: fromSource(here) };
  for (const candidate of ['./pool-worker.js', '../pool-worker.js']) {
    const url = new URL(candidate, here);
    if (existsSync(fileURLToPath(url))) return { url };
  }
  throw new Error(`simhash-wasm: the pool's worker script (pool-worker.js) is missing beside ${fileURLToPath(here)}`);
}

/**
 * Running from source (tests, tsx): the worker registers tsx's loader itself, because under Node 20 a worker
 * inherits neither the parent's loader hooks nor an `--import` given in its execArgv.
 */
function fromSource(here: string): string {
  const tsx = join(dirname(createRequire(here).resolve('tsx/package.json')), 'dist', 'esm', 'api', 'index.mjs');
  const worker = new URL('./worker.ts', here).href;
  return `(async () => {
  const { register } = await import(${JSON.stringify(pathToFileURL(tsx).href)});
  register();
  await import(${JSON.stringify(worker)});
})().catch((error) => { process.nextTick(() => { throw error; }); });`;
}
