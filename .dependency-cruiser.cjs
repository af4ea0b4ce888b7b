// The layers of src/ (ARCHITECTURE.md), checked by `npm run lint:deps` before the tests run. Imports point down:
//
//   cli -> dedupe -> pool -> io -> html -> entries -> pure | wasm | block-index -> core
//   cli -> redis -> block-index -> core   (the index on Redis: Node only, knows no engine)
//
// Each layer below lists what it may import inside src/; anything else is an error, type-only imports included.
// block-index sits beside the engines, under the entries that re-export it: it imports core alone (the index knows
// nothing of engines).

const LAYERS = {
  core: '^src/core/',
  // The pure engine's folder also holds its entry (src/pure/index.ts), which belongs to the entries layer.
  pure: '^src/pure/(?!index[.]ts$)',
  wasm: '^src/wasm/',
  blockIndex: '^src/block-index/',
  // The public entries (simhash-wasm, simhash-wasm/pure, the lite browser bundle) and the engine choice behind createSimHash({ engine }).
  entries: '^src/(index|lite)[.]ts$|^src/pure/index[.]ts$',
  html: '^src/html/',
  io: '^src/io/',
  pool: '^src/pool/',
  dedupe: '^src/dedupe/',
  // simhash-wasm/redis: the index on Redis; Node only, beside the corpus job, used by the command line.
  redis: '^src/redis/',
  cli: '^src/cli/',
};

/** Each layer and the layers it may import (besides itself). */
const MAY_IMPORT = {
  core: [],
  pure: ['core'],
  wasm: ['core'],
  blockIndex: ['core'],
  entries: ['core', 'pure', 'wasm', 'blockIndex'],
  html: ['core', 'pure', 'wasm', 'entries'],
  io: ['core', 'pure', 'wasm', 'entries', 'blockIndex', 'html'],
  pool: ['core', 'pure', 'wasm', 'entries', 'blockIndex', 'html', 'io'],
  dedupe: ['core', 'pure', 'wasm', 'entries', 'blockIndex', 'html', 'io', 'pool'],
  redis: ['core', 'blockIndex'],
  cli: ['core', 'pure', 'wasm', 'entries', 'blockIndex', 'html', 'io', 'pool', 'dedupe', 'redis'],
};

const layerRule = (layer) => ({
  name: `layer-${layer}`,
  comment: `${layer} may import only ${[layer, ...MAY_IMPORT[layer]].join(', ')} (ARCHITECTURE.md, "Layers")`,
  severity: 'error',
  from: { path: LAYERS[layer] },
  to: { path: '^src/', pathNot: [layer, ...MAY_IMPORT[layer]].map((name) => LAYERS[name]) },
});

/** The layers that go into the browser bundle and the library entries: no Node built-ins there. */
const BROWSER_SAFE = ['core', 'pure', 'wasm', 'blockIndex', 'entries', 'html'].map((name) => LAYERS[name]);

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'no import cycles anywhere in src/: each folder can be read (and tested) from the bottom up',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    ...Object.keys(LAYERS).map(layerRule),
    {
      name: 'pool-worker-loads-no-html',
      comment: "the pool's own worker script and entry reach no HTML parser: only a layer's task that needs one (dedupe) brings it",
      severity: 'error',
      from: { path: '^src/pool/(worker|index)[.]ts$' },
      to: { path: ['^src/html/', 'node_modules/(htmlparser2|linkedom|@mozilla/readability)/'], reachable: true },
    },
    {
      name: 'browser-safe-layers-use-no-node',
      comment: 'core, the engines, the index, the entries and html run in browsers: no Node built-in modules',
      severity: 'error',
      from: { path: BROWSER_SAFE },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'cli-packages-in-cli',
      comment: 'argument parsing and the progress bar are the command line\'s alone',
      severity: 'error',
      from: { path: '^src/', pathNot: LAYERS.cli },
      to: { path: 'node_modules/(commander|cli-progress)/' },
    },
    {
      name: 'html-parser-in-html',
      comment: 'HTML is parsed in one place (src/html), so no other layer depends on the parser, the DOM or Readability',
      severity: 'error',
      from: { path: '^src/', pathNot: LAYERS.html },
      to: { path: 'node_modules/(htmlparser2|linkedom|@mozilla/readability)/' },
    },
    {
      name: 'input-readers-in-io',
      comment: 'every input format is read in one place (src/io): mail, Parquet, WARC, CSV, zstd have one reader each',
      severity: 'error',
      from: { path: '^src/', pathNot: LAYERS.io },
      to: { path: 'node_modules/(postal-mime|hyparquet|hyparquet-compressors|hyparquet-writer|warcio|csv-parse|fzstd|@bokuweb/zstd-wasm)/' },
    },
    {
      name: 'diff-library-in-report',
      comment: 'the word diff of the report page comes from one place (src/dedupe/report-html/word-diff.ts)',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/dedupe/report-html/' },
      to: { path: 'node_modules/diff/' },
    },
    {
      name: 'redis-client-in-redis',
      comment: 'the Redis client lives in src/redis alone, so no other entry (and no browser bundle) pulls in sockets',
      severity: 'error',
      from: { path: '^src/', pathNot: LAYERS.redis },
      to: { path: 'node_modules/(ioredis|cluster-key-slot)/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'every import resolves: an import the checker cannot follow would be an import no rule checks',
      severity: 'error',
      from: { path: '^src/' },
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
