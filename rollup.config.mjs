// Builds dist/: the library entries as ESM (.js) and CommonJS (.cjs) for Node and bundlers, the `simhash`
// command (dist/cli.js), the worker threads' scripts (dist/pool-worker.js for simhash-wasm/pool, dist/dedupe-worker.js
// for the command's analysis; found beside the code by src/pool/worker-url.ts), and for pages without a bundler one file each, minified and self-contained:
// dist/browser/simhash-wasm.js (ES module) and dist/browser/simhash-wasm.umd.js (UMD, global SimHashWasm); and
// dist/browser/simhash-wasm.lite.js (ES module, src/lite.ts): the WebAssembly engine and the fingerprinting API only.
// Also the demo page, into build/demo/ (a classic script, so index.html opens from disk too).
// The WASM bytes reach every bundle inlined, through src/wasm/wasm-bytes.ts (written by `npm run build:wasm`).
// Declarations come from `tsc -p tsconfig.types.json` (npm run build:types).
import { chmod } from 'node:fs/promises';
import { readFileSync, rmSync } from 'node:fs';
import json from '@rollup/plugin-json';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

// A fresh dist/ each build, so no file of a removed module lingers in the package.
rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = [...Object.keys(pkg.dependencies ?? {}), /^node:/];
const library = { index: 'src/index.ts', pure: 'src/pure/index.ts', html: 'src/html/index.ts', pool: 'src/pool/index.ts', dedupe: 'src/dedupe/index.ts', redis: 'src/redis/index.ts' };

const compile = (outDir = 'dist', tsconfig = './tsconfig.build.json') =>
  typescript({
    tsconfig,
    // rootDir pinned: the CLI imports package.json, and the plugin finds its outputs only if tsc's root agrees.
    // noCheck: types are checked once, by build:types (tsc -p tsconfig.types.json), not again per bundle.
    compilerOptions: { rootDir: '.', outDir, noCheck: true },
  });

const minify = () => terser({ ecma: 2020, format: { comments: false } });

/** Copies static files into the output as they are. */
const copy = (files) => ({
  name: 'copy',
  generateBundle() {
    for (const file of files) this.emitFile({ type: 'asset', fileName: file.split('/').pop(), source: readFileSync(file) });
  },
});

/** npm makes `bin` files executable on install; this does it for `node_modules/.bin`-less local runs too. */
const executable = (file) => ({
  name: 'executable',
  async writeBundle() {
    await chmod(file, 0o755);
  },
});

export default [
  {
    input: { ...library, cli: 'src/cli/main.ts', 'pool-worker': 'src/pool/worker.ts', 'dedupe-worker': 'src/dedupe/worker.ts' },
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
  {
    input: library,
    external,
    plugins: [compile()],
    output: {
      dir: 'dist',
      format: 'cjs',
      exports: 'named',
      entryFileNames: '[name].cjs',
      chunkFileNames: 'chunks/[name]-[hash].cjs',
    },
  },
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
    plugins: [compile('build/demo', './tsconfig.demo.json'), copy(['demo/index.html', 'demo/style.css'])],
    output: { file: 'build/demo/demo.js', format: 'iife' },
  },
];
