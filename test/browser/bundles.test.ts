// The browser bundles in real Chromium: the ES module (dist/browser/simhash-wasm.js) and the UMD global
// (dist/browser/simhash-wasm.umd.js) compute every golden fingerprint with the WASM engine and the pure one,
// in a page and in a Web Worker; the lite ES module (dist/browser/simhash-wasm.lite.js) with the WASM engine.
// engine: 'auto' takes WASM where it runs and the pure engine under a CSP without 'wasm-unsafe-eval' or
// with no WebAssembly at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium, serve } from '../support/browser-harness.js';
import { golden, goldenMisses, type Golden } from '../support/golden.js';

const esmPage = '<!doctype html><script type="module" src="/fixtures/esm-page.js"></script>';
const umdPage = '<!doctype html><script src="/dist/browser/simhash-wasm.umd.js"></script><script type="module" src="/fixtures/umd-page.js"></script>';
const noWasm = '<script src="/fixtures/no-webassembly.js"></script>';
// What a strict site sends: scripts from its own origin only, and no 'wasm-unsafe-eval'.
const strictCsp = { 'content-security-policy': "default-src 'self'; script-src 'self'" };
// The same site allowing WebAssembly, as docs/browsers.md advises.
const wasmCsp = { 'content-security-policy': "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'" };

const pages = {
  '/esm.html': { html: esmPage },
  '/umd.html': { html: umdPage },
  '/esm-csp.html': { html: esmPage, headers: strictCsp },
  '/umd-csp.html': { html: umdPage, headers: strictCsp },
  '/esm-csp-wasm.html': { html: esmPage, headers: wasmCsp },
  '/umd-csp-wasm.html': { html: umdPage, headers: wasmCsp },
  '/esm-no-wasm.html': { html: noWasm + esmPage },
  '/umd-no-wasm.html': { html: noWasm + umdPage },
  '/lite.html': { html: '<!doctype html><script type="module" src="/fixtures/lite-page.js"></script>' },
  '/lite-csp.html': { html: '<!doctype html><script type="module" src="/fixtures/lite-page.js"></script>', headers: strictCsp },
  '/worker.html': { html: '<!doctype html><script type="module" src="/fixtures/worker-page.js"></script>' },
};

let context: BrowserContext;
let origin = '';
const closers: (() => Promise<void>)[] = [];
const texts = golden.map((line) => line.text);

beforeAll(async () => {
  const browser = await launchChromium();
  closers.push(browser.close);
  context = browser.context;
  const server = await serve(pages);
  closers.push(server.close);
  origin = server.origin;
}, 60_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

interface PageGolden extends Golden { bundle: string; initError: string | null }

/** Opens a test page, waits for it to say it is ready, runs `task` in it; page errors fail the test. */
async function onReadyPage<T>(path: string, task: (page: Page) => Promise<T>): Promise<T> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(origin + path);
    await page.waitForFunction(() => document.title.startsWith('ready'), undefined, { timeout: 20_000 });
    const result = await task(page);
    expect(errors).toEqual([]);
    return result;
  } finally {
    await page.close();
  }
}

/** Opens a test page and runs the golden computation in it. */
function goldenIn(path: string, engine: 'wasm' | 'pure' | 'auto', callInit = true): Promise<PageGolden> {
  type Run = (list: string[], name: string, callInit: boolean) => Promise<PageGolden>;
  return onReadyPage(path, (page) => page.evaluate(([list, name, init]) => (window as unknown as { runGolden: Run }).runGolden(list, name, init), [texts, engine, callInit] as const));
}

describe.each(['esm', 'umd'])('the %s bundle in Chromium', (bundle) => {
  it.each(['wasm', 'pure', 'auto'] as const)('engine %s: every golden fingerprint', async (engine) => {
    const got = await goldenIn(`/${bundle}.html`, engine);
    expect(got.bundle).toBe(bundle);
    expect(got.initError).toBe(null);
    expect(got.engine).toBe(engine === 'pure' ? 'pure' : 'wasm');
    expect(goldenMisses(got, `${bundle} ${engine}`)).toEqual([]);
  });

  it("engine auto with no init() call: the page's main thread compiles the WASM synchronously", async () => {
    const got = await goldenIn(`/${bundle}.html`, 'auto', false);
    expect(got.engine).toBe('wasm');
    expect(goldenMisses(got, `${bundle} auto without init`)).toEqual([]);
  });

  it("a CSP with 'wasm-unsafe-eval' runs the WASM engine", async () => {
    const got = await goldenIn(`/${bundle}-csp-wasm.html`, 'wasm');
    expect([got.initError, got.engine]).toEqual([null, 'wasm']);
    expect(goldenMisses(got, `${bundle} wasm under a CSP that allows it`)).toEqual([]);
  });

  it("a CSP without 'wasm-unsafe-eval': init() is refused, 'auto' takes the pure engine, fingerprints unchanged", async () => {
    const got = await goldenIn(`/${bundle}-csp.html`, 'auto');
    expect(got.initError).toMatch(/CompileError: .*Content Security/);
    expect(got.engine).toBe('pure');
    expect(goldenMisses(got, `${bundle} auto under CSP`)).toEqual([]);
  });

  it("no WebAssembly at all: 'auto' takes the pure engine", async () => {
    const got = await goldenIn(`/${bundle}-no-wasm.html`, 'auto');
    expect(got.initError).toMatch(/WebAssembly is not available/);
    expect(got.engine).toBe('pure');
    expect(goldenMisses(got, `${bundle} auto without WebAssembly`)).toEqual([]);
  });
});

describe('in a Web Worker', () => {
  it.each([
    ['module', 'esm in a module worker'],
    ['classic', 'umd in a classic worker'],
  ])('a %s worker: initSync() and every golden fingerprint', async (kind, bundle) => {
    const got = await goldenIn(`/worker.html?kind=${kind}`, 'wasm', false);
    expect([got.bundle, got.engine]).toEqual([bundle, 'wasm']);
    expect(goldenMisses(got, bundle)).toEqual([]);
  });
});

describe('the lite bundle in Chromium (the WASM engine only)', () => {
  it.each([
    ['wasm', true],
    ['auto', false],
  ] as const)('engine %s (init() called: %s): every golden fingerprint', async (engine, callInit) => {
    const got = await goldenIn('/lite.html', engine, callInit);
    expect([got.bundle, got.initError, got.engine]).toEqual(['lite', null, 'wasm']);
    expect(goldenMisses(got, `lite ${engine}`)).toEqual([]);
  });

  /** The errors the lite page's API throws, after its module loaded without a page error. */
  function refusals(path: string): Promise<Record<'init' | 'auto' | 'pure', string | null>> {
    type Refusals = () => Promise<Record<'init' | 'auto' | 'pure', string | null>>;
    return onReadyPage(path, (page) => page.evaluate(() => (window as unknown as { liteRefusals: Refusals }).liteRefusals()));
  }

  it("has no pure engine: engine 'pure' is a TypeError naming the full bundle", async () => {
    const got = await refusals('/lite.html');
    expect(got.init).toBe(null);
    expect(got.auto).toBe(null);
    expect(got.pure).toMatch(/^TypeError: .*'pure'.*simhash-wasm\.js/);
  });

  it("under a CSP without 'wasm-unsafe-eval': init() is refused and 'auto' says there is nothing to fall back to", async () => {
    const got = await refusals('/lite-csp.html');
    expect(got.init).toMatch(/CompileError: .*Content Security/);
    expect(got.auto).toMatch(/^TypeError: WebAssembly cannot run here.*no pure engine.*simhash-wasm\.js/);
  });
});
