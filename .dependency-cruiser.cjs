// The layers of the three packages (ARCHITECTURE.md), checked by `npm run lint:deps` before the tests run. Imports
// point down:
//
//   simhash-wasm:        pool -> entries -> pure | wasm | block-index -> core; for the siblings, internal -> core, wasm,
//                        block-index and internalPool -> pool
//   simhash-wasm-redis:  redis -> simhash-wasm's entries and internal
//   simhash-wasm-corpus: cli -> dedupe -> report-page | distributed | evaluation -> grouping -> analysis -> io
//                        -> html -> simhash-wasm's entries and internal; cli -> redis
//
// Each layer below lists what it may import; anything else is an error, type-only imports included. A sibling
// package reaches simhash-wasm only through its published entries (by name; in the repository the names resolve to
// the sources through tsconfig.json's paths), never a file inside it. block-index sits beside the engines, under
// the entries that re-export it: it imports core alone (the index knows nothing of engines).

const LIB = '^packages/simhash-wasm/src/';
const CORPUS = '^packages/corpus/src/';
const LAYERS = {
  core: `${LIB}core/`,
  // The pure engine's folder also holds its entry (src/pure/index.ts), which belongs to the entries layer.
  pure: `${LIB}pure/(?!index[.]ts$)`,
  wasm: `${LIB}wasm/`,
  blockIndex: `${LIB}block-index/`,
  // The public entries (simhash-wasm, simhash-wasm/pure, simhash-wasm/lite) and the engine choice behind createSimHash({ engine }).
  entries: `${LIB}(index|lite)[.]ts$|${LIB}pure/index[.]ts$`,
  pool: `${LIB}pool/`,
  // simhash-wasm/internal: what the sibling packages share with the library (checks, defaults, layouts); browser-safe.
  internal: `${LIB}internal/index[.]ts$`,
  // simhash-wasm/internal/pool: the pool's task machinery, for the siblings' own worker tasks (Node).
  internalPool: `${LIB}internal/pool[.]ts$`,
  // simhash-wasm-redis: the index on Redis; Node only, used by the command line.
  redis: '^packages/redis/src/',
  html: `${CORPUS}html/`,
  io: `${CORPUS}io/`,
  analysis: `${CORPUS}analysis/`,
  grouping: `${CORPUS}grouping/`,
  evaluation: `${CORPUS}evaluation/`,
  distributed: `${CORPUS}distributed/`,
  reportPage: `${CORPUS}report-page/`,
  dedupe: `${CORPUS}dedupe/`,
  cli: `${CORPUS}cli/`,
};

/** simhash-wasm as its sibling packages see it. */
const LIBRARY = ['entries', 'internal'];

/** Each layer and the layers it may import (besides itself). */
const MAY_IMPORT = {
  core: [],
  pure: ['core'],
  wasm: ['core'],
  blockIndex: ['core'],
  entries: ['core', 'pure', 'wasm', 'blockIndex'],
  pool: ['core', 'pure', 'wasm', 'entries', 'blockIndex'],
  internal: ['core', 'wasm', 'blockIndex'],
  internalPool: ['core', 'pure', 'wasm', 'entries', 'blockIndex', 'pool'],
  redis: [...LIBRARY],
  html: [...LIBRARY],
  io: [...LIBRARY, 'html'],
  analysis: [...LIBRARY, 'internalPool', 'html', 'io'],
  grouping: [...LIBRARY, 'analysis'],
  evaluation: [...LIBRARY, 'html', 'io', 'analysis', 'grouping'],
  distributed: [...LIBRARY, 'analysis', 'grouping'],
  reportPage: [...LIBRARY, 'grouping'],
  dedupe: [...LIBRARY, 'html', 'io', 'analysis', 'grouping', 'evaluation', 'reportPage'],
  cli: [...LIBRARY, 'internalPool', 'html', 'io', 'analysis', 'grouping', 'evaluation', 'distributed', 'reportPage', 'dedupe', 'redis'],
};

const layerRule = (layer) => ({
  name: `layer-${layer}`,
  comment: `${layer} may import only ${[layer, ...MAY_IMPORT[layer]].join(', ')} (ARCHITECTURE.md, "Layers")`,
  severity: 'error',
  from: { path: LAYERS[layer] },
  to: { path: '^packages/[^/]+/src/', pathNot: [layer, ...MAY_IMPORT[layer]].map((name) => LAYERS[name]) },
});

/** The layers that go into the browser bundle and the library entries: no Node built-ins there. */
const BROWSER_SAFE = ['core', 'pure', 'wasm', 'blockIndex', 'entries', 'internal', 'html'].map((name) => LAYERS[name]);

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no import cycles anywhere in the packages: each folder can be read (and tested) from the bottom up',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/' },
      to: { circular: true },
    },
    ...Object.keys(LAYERS).map(layerRule),
    {
      name: 'library-imports-no-package',
      comment: 'simhash-wasm has no runtime dependencies: its sources import Node built-ins at most, never an npm package',
      severity: 'error',
      from: { path: LIB },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown', 'unknown', 'undetermined'] },
    },
    {
      name: 'browser-safe-layers-use-no-node',
      comment: 'core, the engines, the index, the entries, simhash-wasm/internal and the HTML extraction run in browsers: no Node built-in modules',
      severity: 'error',
      from: { path: BROWSER_SAFE },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'cli-packages-in-cli',
      comment: 'argument parsing and the progress bar are the command line\'s alone',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/', pathNot: LAYERS.cli },
      to: { path: 'node_modules/(commander|cli-progress)/' },
    },
    {
      name: 'html-parser-in-html',
      comment: 'HTML is parsed in one place (packages/corpus/src/html), so no other layer depends on the parser, the DOM or Readability',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/', pathNot: LAYERS.html },
      to: { path: 'node_modules/(htmlparser2|linkedom|@mozilla/readability)/' },
    },
    {
      name: 'input-readers-in-io',
      comment: 'every input format is read in one place (packages/corpus/src/io): mail, Parquet, WARC, CSV, zstd have one reader each',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/', pathNot: LAYERS.io },
      to: { path: 'node_modules/(postal-mime|hyparquet|hyparquet-compressors|hyparquet-writer|warcio|csv-parse|fzstd|@bokuweb/zstd-wasm)/' },
    },
    {
      name: 'diff-library-in-report',
      comment: 'the word diff of the report page comes from one place (packages/corpus/src/report-page/word-diff.ts)',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/', pathNot: LAYERS.reportPage },
      to: { path: 'node_modules/diff/' },
    },
    {
      name: 'redis-client-in-redis',
      comment: 'the Redis client lives in packages/redis alone, so no other entry (and no browser bundle) pulls in sockets',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/', pathNot: LAYERS.redis },
      to: { path: 'node_modules/(ioredis|cluster-key-slot)/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'every import resolves: an import the checker cannot follow would be an import no rule checks',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a layer that names another's type depends on it as much as one calling it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
