// The packed package as users take it: installed from its tarball into a scratch project, then imported from
// Node ESM and CommonJS, type-checked and compiled by tsc under moduleResolution nodenext and bundler, bundled
// by Vite and by esbuild. Every one of them computes the golden fingerprints, checked here line by line.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { golden, goldenMisses, type Golden } from '../support/golden.js';
import { fixturePath, repo } from '../support/paths.js';
import { pack, removeDir, run, scratchProject } from './scratch.js';

let packDir: string | undefined;
let dir = '';

beforeAll(async () => {
  const packed = await pack();
  packDir = packed.dir;
  dir = await scratchProject(packed.tarball);
  cpSync(fixturePath('consumer'), dir, { recursive: true });
  const texts = golden.map((line) => line.text);
  writeFileSync(join(dir, 'texts.json'), JSON.stringify(texts));
  writeFileSync(join(dir, 'texts.ts'), `export const texts: readonly string[] = ${JSON.stringify(texts)};\n`);
}, 240_000);

afterAll(() => {
  removeDir(dir);
  removeDir(packDir);
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

describe('installed from the packed tarball', () => {
  it('ships dist only: entries, browser bundles, ESM and CJS declarations; no sources, no .wasm file', () => {
    const root = join(dir, 'node_modules/simhash-wasm');
    const files = readdirSync(root, { recursive: true }).map(String);
    for (const file of ['package.json', 'dist/index.js', 'dist/index.cjs', 'dist/pure.js', 'dist/pure.cjs', 'dist/cli.js',
      'dist/browser/simhash-wasm.js', 'dist/browser/simhash-wasm.umd.js', 'dist/types/index.d.ts', 'dist/types/index.d.cts']) {
      expect(files).toContain(file);
    }
    expect(files.filter((file) => /^(src|test|assembly|bench|demo)\//.test(file) || file.endsWith('.wasm'))).toEqual([]);
  });

  it('Node ESM: import from simhash-wasm and simhash-wasm/pure', async () => {
    await expectGolden('esm.mjs');
  });

  it("Node CommonJS: require() both entries, initSync(), and engine: 'auto' before any init", async () => {
    await expectGolden('cjs.cjs');
  });

  it('the simhash command is installed and runs', async () => {
    const out = await run(process.execPath, [join(dir, 'node_modules/.bin/simhash'), '--help'], dir);
    expect(out).toMatch(/fingerprint/);
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
