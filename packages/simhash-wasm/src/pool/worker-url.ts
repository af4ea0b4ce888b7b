// Where a worker script is. Each layer that serves tasks has its own script (src/pool/worker.ts built as
// dist/pool-worker.js; packages/corpus/src/analysis/worker.ts as its dist/analysis-worker.js), found from the module that starts the pool:
// rollup may inline that module into an entry (dist/*.js) or put it in a shared chunk (dist/chunks/*.js), and tests
// run it from source (src/**/*.ts), so the script is looked for in each place.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What `new Worker(...)` gets: a built script's URL, or (from source) code that loads TypeScript first. */
export type WorkerScript = { readonly url: URL } | { readonly code: string };

/** Where a worker script is, as the module at `here` (its import.meta.url) names it: built, and in source. */
export interface WorkerScriptName {
  /** The built script's file name in dist/, e.g. 'pool-worker.js'. */
  readonly built: string;
  /** The source script, relative to `here`, e.g. './worker.ts'. */
  readonly source: string;
}

export function findWorkerScript(here: string, name: WorkerScriptName): WorkerScript {
  if (here.endsWith('.ts')) return { code: fromSource(here, new URL(name.source, here).href) };
  for (const candidate of [`./${name.built}`, `../${name.built}`]) {
    const url = new URL(candidate, here);
    if (existsSync(fileURLToPath(url))) return { url };
  }
  throw new Error(`simhash-wasm: the pool's worker script (${name.built}) is missing beside ${fileURLToPath(here)}`);
}

/**
 * Running from source (tests, tsx): the worker registers tsx's loader itself, because under Node 20 a worker
 * inherits neither the parent's loader hooks nor an `--import` given in its execArgv.
 */
function fromSource(here: string, worker: string): string {
  const tsx = join(dirname(createRequire(here).resolve('tsx/package.json')), 'dist', 'esm', 'api', 'index.mjs');
  return `(async () => {
  const { register } = await import(${JSON.stringify(pathToFileURL(tsx).href)});
  register();
  await import(${JSON.stringify(worker)});
})().catch((error) => { process.nextTick(() => { throw error; }); });`;
}
