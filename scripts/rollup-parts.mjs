// What the three packages' rollup configs share: TypeScript compiled without a second type check, the minifier
// of the browser bundles, and the outputs every package has (its entries as ES modules and as CommonJS).
// Each package's own rollup.config.mjs says which entries and bundles it has.
import { chmod } from 'node:fs/promises';
import { readFileSync, rmSync } from 'node:fs';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

/** A fresh dist/ each build, so no file of a removed module lingers in the package. */
export function cleanDist(packageUrl) {
  rmSync(new URL('./dist', packageUrl), { recursive: true, force: true });
}

/** The package's dependencies (and the sibling packages) stay imports: only the package's own code is bundled. */
export function externals(packageUrl) {
  const pkg = JSON.parse(readFileSync(new URL('./package.json', packageUrl), 'utf8'));
  return [...Object.keys(pkg.dependencies ?? {}), /^simhash-wasm(-redis|-corpus)?\//, /^node:/];
}

export const compile = (outDir = 'dist') =>
  typescript({
    tsconfig: './tsconfig.json',
    // rootDir pinned: the CLI imports package.json, and the plugin finds its outputs only if tsc's root agrees.
    // noCheck: types are checked once, by the root's `npm run typecheck`, not again per bundle.
    compilerOptions: { rootDir: '.', outDir, noCheck: true, declaration: false, noEmit: false },
  });

export const minify = () => terser({ ecma: 2020, format: { comments: false } });

/** npm makes `bin` files executable on install; this does it for `node_modules/.bin`-less local runs too. */
export const executable = (file) => ({
  name: 'executable',
  async writeBundle() {
    await chmod(file, 0o755);
  },
});

/** The package's entries as CommonJS, beside the ES modules, for require(). */
export const commonJs = (input, external) => ({
  input,
  external,
  plugins: [compile()],
  output: { dir: 'dist', format: 'cjs', exports: 'named', entryFileNames: '[name].cjs', chunkFileNames: 'chunks/[name]-[hash].cjs' },
});
