// Builds simhash-wasm-redis's dist/: its one entry as ESM (.js) and CommonJS (.cjs). ioredis, cluster-key-slot
// and simhash-wasm stay imports. Declarations: `npm run build:types`.
import { cleanDist, commonJs, compile, externals } from '../../scripts/rollup-parts.mjs';

cleanDist(import.meta.url);
const external = externals(import.meta.url);
const entries = { index: 'src/index.ts' };

export default [
  {
    input: entries,
    external,
    plugins: [compile()],
    output: { dir: 'dist', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
  },
  commonJs(entries, external),
];
