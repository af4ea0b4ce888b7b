// Builds simhash-wasm-corpus's dist/: the library entries (dedupe(), the HTML extraction) as ESM (.js) and
// CommonJS (.cjs), the `simhash` command (dist/cli.js) and the analysis's worker script (dist/analysis-worker.js,
// found beside the code by simhash-wasm's findWorkerScript). Its dependencies and the sibling packages stay
// imports. Declarations: `npm run build:types`.
import json from '@rollup/plugin-json';
import { cleanDist, commonJs, compile, executable, externals } from '../../scripts/rollup-parts.mjs';

cleanDist(import.meta.url);
const external = externals(import.meta.url);
const library = { index: 'src/dedupe/index.ts', html: 'src/html/index.ts' };

export default [
  {
    input: { ...library, cli: 'src/cli/main.ts', 'analysis-worker': 'src/analysis/worker.ts' },
    external,
    plugins: [json({ preferConst: true }), compile(), executable('dist/cli.js')],
    output: {
      dir: 'dist',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      banner: (chunk) => (chunk.name === 'cli' ? '#!/usr/bin/env node' : ''),
    },
  },
  commonJs(library, external),
];
