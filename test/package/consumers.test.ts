// The packed packages as users take them. simhash-wasm alone, installed from its tarball into a scratch project:
// nothing else installed with it, imported from Node ESM and CommonJS, type-checked and compiled by tsc under
// moduleResolution nodenext and bundler, bundled by Vite and by esbuild; every one of them computes the golden
// fingerprints, checked here line by line. Then the corpus tools installed beside it, their command run on files.
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { golden, goldenMisses, type Golden } from '../support/golden.js';
import { fixturePath, repo } from '../support/paths.js';
import { installedPackages, packAll, removeDir, run, scratchProject, type Packed } from './scratch.js';

let packed: Packed | undefined;
let dir = '';

beforeAll(async () => {
  packed = await packAll();
  dir = await scratchProject([packed.tarballs['simhash-wasm']]);
  cpSync(fixturePath('consumer'), dir, { recursive: true });
  const texts = golden.map((line) => line.text);
  writeFileSync(join(dir, 'texts.json'), JSON.stringify(texts));
  writeFileSync(join(dir, 'texts.ts'), `export const texts: readonly string[] = ${JSON.stringify(texts)};\n`);
}, 240_000);

afterAll(() => {
  removeDir(dir);
  removeDir(packed?.dir);
});

/** Runs a built consumer with Node and checks all it printed: both entries and 'auto', every golden line. */
async function expectGolden(script: string): Promise<void> {
  const out = JSON.parse(await run(process.execPath, [script], dir)) as Record<'wasm' | 'pure' | 'auto', Golden>;
  expect([out.wasm.engine, out.pure.engine, out.auto.engine]).toEqual(['wasm', 'pure', 'wasm']);
  expect([...goldenMisses(out.wasm, 'wasm'), ...goldenMisses(out.pure, 'pure'), ...goldenMisses(out.auto, 'auto')]).toEqual([]);
}

const tsc = (project: string) => run(process.execPath, [join(repo, 'node_modules/typescript/bin/tsc'), '-p', project], dir);

function tsconfig(name: string, compilerOptions: Record<string, unknown>, files: string[]): string {
  const file = `tsconfig.${name}.json`;
  writeFileSync(join(dir, file), JSON.stringify({
    compilerOptions: {
      target: 'ES2022', lib: ['ES2022', 'DOM'], strict: true, types: [], skipLibCheck: false,
      resolveJsonModule: true, outDir: `out-${name}`, ...compilerOptions,
    },
    files,
  }, null, 2));
  return file;
}

/** README.md's short example: the text it fingerprints first, and the hex it shows for it. */
function readmeExample(): { text: string; hex: string } {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const text = /const a = \w+\.fingerprint\('([^']+)'\)/.exec(readme)?.[1];
  const hex = /toHex\(a\);\s*\/\/ '([0-9a-f]{16})'/.exec(readme)?.[1];
  if (text === undefined || hex === undefined) throw new Error("README.md's example: no `const a = sh.fingerprint('...')` with a `toHex(a); // '...'` line");
  return { text, hex };
}

describe('simhash-wasm installed from its packed tarball, alone', () => {
  // 1.5 MB until 2026-12-05, when the corpus kernels came in (simhash-wasm/internal: the corpus's digest, sketch and
  // JSONL record scanner, 5.8 KB of WebAssembly, inlined as hex in its ESM and CommonJS files: 23 KB in all). 1.55 MB
  // until later that day (1,561,883 bytes), when an index's tables came to be sorted in the scan module (1.2 KB of
  // WebAssembly, its two builds inlined as hex in the ESM and CommonJS files and the browser bundles) and a block of
  // JSONL lines to be scanned in one call (0.45 KB in the corpus kernels). 1.6 MB until that afternoon, when the
  // feature kernels came to run the engine's pass themselves (assembly/features/: the engine's sources compiled into
  // the kernels' module, 39 KB of WebAssembly, its hex in the ESM and CommonJS internal files: 156 KB; 1,737,275
  // bytes in all), so that a corpus worker's features are made where its digest reads them: a JSONL range 1.04× as
  // fast (bench/range-direct.ts). Browser bundles and the main entry carry none of it.
  it('installs exactly one package, at most 1.8 MB unpacked', async () => {
    expect(await installedPackages(dir)).toEqual(['simhash-wasm']);
    expect(packed!.unpackedSize['simhash-wasm']).toBeLessThanOrEqual(1.8e6);
  });

  it('ships dist only: entries, browser bundles, ESM and CJS declarations; no sources, no .wasm file, no command', () => {
    const root = join(dir, 'node_modules/simhash-wasm');
    const files = readdirSync(root, { recursive: true }).map(String);
    for (const file of ['package.json', 'dist/index.js', 'dist/index.cjs', 'dist/pure.js', 'dist/pure.cjs', 'dist/lite.js', 'dist/lite.cjs',
      'dist/browser/simhash-wasm.js', 'dist/browser/simhash-wasm.umd.js', 'dist/browser/simhash-wasm.lite.js', 'dist/types/index.d.ts', 'dist/types/index.d.cts']) {
      expect(files).toContain(file);
    }
    expect(files.filter((file) => /^(src|test|assembly|bench|demo)\//.test(file) || file.endsWith('.wasm') || file === 'dist/cli.js')).toEqual([]);
  });

  it("README.md's example, from ESM and from CommonJS, gives README.md's value", async () => {
    const { text, hex } = readmeExample();
    const body = (load: string) => `${load}\nawait init();\nconsole.log(toHex(createSimHash().fingerprint(${JSON.stringify(text)})));\n`;
    writeFileSync(join(dir, 'readme-example.mjs'), body("import { init, createSimHash, toHex } from 'simhash-wasm';"));
    writeFileSync(join(dir, 'readme-example.cjs'), `(async () => {\n${body("const { init, createSimHash, toHex } = require('simhash-wasm');")}})();\n`);
    expect((await run(process.execPath, ['readme-example.mjs'], dir)).trim()).toBe(hex);
    expect((await run(process.execPath, ['readme-example.cjs'], dir)).trim()).toBe(hex);
  });

  it('simhash-wasm/lite resolves from ESM and CommonJS and fingerprints as the full entry does', async () => {
    const { text, hex } = readmeExample();
    writeFileSync(join(dir, 'lite.mjs'), `import { init, createSimHash, toHex } from 'simhash-wasm/lite';\nawait init();\nconsole.log(toHex(createSimHash().fingerprint(${JSON.stringify(text)})));\n`);
    writeFileSync(join(dir, 'lite.cjs'), `const lite = require('simhash-wasm/lite');\nlite.initSync();\nconsole.log(lite.toHex(lite.createSimHash().fingerprint(${JSON.stringify(text)})));\n`);
    expect((await run(process.execPath, ['lite.mjs'], dir)).trim()).toBe(hex);
    expect((await run(process.execPath, ['lite.cjs'], dir)).trim()).toBe(hex);
  });

  it('Node ESM: import from simhash-wasm and simhash-wasm/pure', async () => {
    await expectGolden('esm.mjs');
  });

  it("Node CommonJS: require() both entries, initSync(), and engine: 'auto' before any init", async () => {
    await expectGolden('cjs.cjs');
  });

  it('tsc, moduleResolution nodenext: an ESM and a CommonJS consumer type-check; their output runs', async () => {
    await tsc(tsconfig('nodenext', { module: 'NodeNext', moduleResolution: 'NodeNext' }, ['app.ts', 'app-cjs.cts', 'texts.ts']));
    await expectGolden('out-nodenext/app.js');
    await expectGolden('out-nodenext/app-cjs.cjs');
  });

  it('tsc, moduleResolution bundler: the consumer type-checks; its output runs', async () => {
    await tsc(tsconfig('bundler', { module: 'ESNext', moduleResolution: 'Bundler' }, ['app.ts', 'texts.ts']));
    await expectGolden('out-bundler/app.js');
  });

  it('tsc rejects a misuse, so the checks above can fail', async () => {
    writeFileSync(join(dir, 'misuse.ts'), "import { createSimHash } from 'simhash-wasm';\ncreateSimHash({ engine: 'gpu' });\n");
    await expect(tsc(tsconfig('misuse', { module: 'NodeNext', moduleResolution: 'NodeNext', noEmit: true }, ['misuse.ts']))).rejects.toThrow(/TS2322.*EngineChoice/);
  });

  it('Vite bundles the consumer into one file with the WASM inlined; the bundle runs', async () => {
    const { build } = await import('vite');
    await build({
      root: dir, configFile: false, logLevel: 'silent',
      build: { outDir: 'out-vite', emptyOutDir: true, minify: true, lib: { entry: join(dir, 'app.ts'), formats: ['es'], fileName: 'app' } },
    });
    expect(readdirSync(join(dir, 'out-vite'))).toEqual(['app.js']);
    await expectGolden('out-vite/app.js');
  });

  it('esbuild bundles the consumer for the browser platform (no Node built-ins); the bundle runs', async () => {
    const esbuild = await import('esbuild');
    const result = await esbuild.build({
      absWorkingDir: dir, entryPoints: ['app.ts'], outfile: 'out-esbuild/app.js',
      bundle: true, format: 'esm', platform: 'browser', target: 'es2022', minify: true, logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    expect(readdirSync(join(dir, 'out-esbuild'))).toEqual(['app.js']);
    const bundle = readFileSync(join(dir, 'out-esbuild/app.js'), 'utf8');
    expect(bundle).not.toMatch(/import\.meta|\.wasm["']/);
    await expectGolden('out-esbuild/app.js');
  });
});

describe('simhash-wasm-corpus installed beside simhash-wasm', () => {
  let corpusDir = '';
  beforeAll(async () => {
    corpusDir = await scratchProject([packed!.tarballs['simhash-wasm'], packed!.tarballs['simhash-wasm-redis'], packed!.tarballs['simhash-wasm-corpus']]);
  }, 240_000);
  afterAll(() => removeDir(corpusDir));

  it('`npx simhash dedupe DIR` on a directory of files groups the copy with its original', async () => {
    const docs = join(corpusDir, 'docs');
    mkdirSync(docs);
    const story = 'the committee met on tuesday to discuss the budget for the new library and agreed to open it in the spring with longer hours on weekends';
    writeFileSync(join(docs, 'a.txt'), story);
    writeFileSync(join(docs, 'b.txt'), `${story}.`);
    writeFileSync(join(docs, 'c.txt'), 'an entirely different note about the weather at sea, the wind from the west and the rain that kept the boats in harbour all week');
    const out = JSON.parse(await run('npx', ['--no-install', 'simhash', 'dedupe', '--format', 'json', 'docs'], corpusDir)) as { groups: { members: { source: string }[] }[] };
    expect(out.groups.map((group) => group.members.map((member) => member.source))).toEqual([['docs/a.txt', 'docs/b.txt']]);
  });

  it('its library entries and the Redis index load by name, from ESM and CommonJS', async () => {
    writeFileSync(join(corpusDir, 'entries.mjs'), "import { dedupe } from 'simhash-wasm-corpus';\nimport { htmlToText } from 'simhash-wasm-corpus/html';\nimport { RedisSimHashIndex } from 'simhash-wasm-redis';\nconsole.log([typeof dedupe, typeof htmlToText, typeof RedisSimHashIndex].join(' '));\n");
    writeFileSync(join(corpusDir, 'entries.cjs'), "const { dedupe } = require('simhash-wasm-corpus');\nconst { htmlToText } = require('simhash-wasm-corpus/html');\nconst { RedisSimHashIndex } = require('simhash-wasm-redis');\nconsole.log([typeof dedupe, typeof htmlToText, typeof RedisSimHashIndex].join(' '));\n");
    expect((await run(process.execPath, ['entries.mjs'], corpusDir)).trim()).toBe('function function function');
    expect((await run(process.execPath, ['entries.cjs'], corpusDir)).trim()).toBe('function function function');
  });
});
