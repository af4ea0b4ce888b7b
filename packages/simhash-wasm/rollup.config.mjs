// Builds simhash-wasm's dist/: the entries as ESM (.js) and CommonJS (.cjs) for Node and bundlers, the pool's
// worker script (dist/pool-worker.js, found beside the code by src/pool/worker-url.ts), and for pages without a
// bundler one file each, minified and self-contained: dist/browser/simhash-wasm.js (ES module) and
// dist/browser/simhash-wasm.umd.js (UMD, global SimHashWasm); dist/browser/simhash-wasm.lite.js (ES module,
// src/lite.ts): the WebAssembly engine and the fingerprinting API only. Also the demo page, into build/demo/ (a
// classic script, so index.html opens from disk too). The WASM bytes reach every bundle inlined, through
// src/wasm/wasm-bytes.ts (written by `npm run build:wasm`). Declarations: `npm run build:types`.
import { readFileSync } from 'node:fs';
import { cleanDist, commonJs, compile, externals, minify } from '../../scripts/rollup-parts.mjs';

cleanDist(import.meta.url);
const external = externals(import.meta.url);
const library = { index: 'src/index.ts', pure: 'src/pure/index.ts', lite: 'src/lite.ts', pool: 'src/pool/index.ts', internal: 'src/internal/index.ts', 'internal-pool': 'src/internal/pool.ts' };

/** Copies static files into the output as they are. */
const copy = (files) => ({
  name: 'copy',
  generateBundle() {
    for (const file of files) this.emitFile({ type: 'asset', fileName: file.split('/').pop(), source: readFileSync(file) });
  },
});

export default [
  {
    input: { ...library, 'pool-worker': 'src/pool/worker.ts' },
    external,
    plugins: [compile()],
    output: { dir: 'dist', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
  },
  commonJs(library, external),
  {
    // The whole `simhash-wasm` entry (both engines, for engine: 'auto'; the index) in one file per format.
    input: 'src/index.ts',
    plugins: [compile('dist/browser')],
    output: [
      { file: 'dist/browser/simhash-wasm.js', format: 'es', plugins: [minify()] },
      { file: 'dist/browser/simhash-wasm.umd.js', format: 'umd', name: 'SimHashWasm', exports: 'named', plugins: [minify()] },
    ],
  },
  {
    // No pure engine, no index: the fingerprinting API on the WebAssembly engine, under 20 KB gzipped.
    input: 'src/lite.ts',
    plugins: [compile('dist/browser')],
    output: { file: 'dist/browser/simhash-wasm.lite.js', format: 'es', plugins: [minify()] },
  },
  {
    input: 'demo/main.ts',
    plugins: [compile('build/demo'), copy(['demo/index.html', 'demo/style.css'])],
    output: { file: 'build/demo/demo.js', format: 'iife' },
  },
];
