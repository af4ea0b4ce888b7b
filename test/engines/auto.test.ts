// createSimHash({ engine }): 'auto' takes the WASM engine where it loads and the pure engine where
// WebAssembly is missing or refused (as under a CSP without 'wasm-unsafe-eval'), and says which.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { golden as goldenFile } from '../support/golden.js';

type Entry = typeof import('../../packages/simhash-wasm/src/index.js');
const fresh = async (): Promise<Entry> => {
  vi.resetModules();
  return import('../../packages/simhash-wasm/src/index.js');
};

const golden = goldenFile.slice(0, 400);

function expectGolden(entry: Pick<Entry, 'createSimHash'>, engine: 'auto' | 'pure') {
  for (const w of [1, 3]) {
    const sh = entry.createSimHash({ engine, shingle: w });
    expect(golden.map((line) => sh.fingerprintHex(line.text))).toEqual(golden.map((line) => line.tf[w - 1]));
  }
}

/** What a browser does to a page whose CSP lacks 'wasm-unsafe-eval': compiling throws. */
function refusingWebAssembly(which: 'sync' | 'both' = 'both'): typeof WebAssembly {
  const { CompileError } = WebAssembly;
  const refuse = () => new CompileError("WebAssembly.Module(): Refused to compile or instantiate WebAssembly module because 'wasm-unsafe-eval' is not an allowed source");
  const overrides: PropertyDescriptorMap = { Module: { value: function Module() { throw refuse(); } } };
  if (which === 'both') overrides.instantiate = { value: () => Promise.reject(refuse()) };
  return Object.create(WebAssembly, overrides);
}

afterEach(() => { vi.unstubAllGlobals(); });

describe("engine: 'auto' in simhash-wasm", () => {
  it('takes the WASM engine, loading it synchronously when init() was not called', async () => {
    const entry = await fresh();
    const sh = entry.createSimHash({ engine: 'auto' });
    expect(sh.engine).toBe('wasm');
    // the load happened: the default engine no longer needs init()
    expect(entry.createSimHash().engine).toBe('wasm');
    expectGolden(entry, 'auto');
  });

  it.each([
    ['missing', undefined],
    ['refused by a CSP', refusingWebAssembly()],
  ])('falls back to the pure engine when WebAssembly is %s, with golden fingerprints', async (_case, replacement) => {
    vi.stubGlobal('WebAssembly', replacement);
    const entry = await fresh();
    const sh = entry.createSimHash({ engine: 'auto' });
    expect(sh.engine).toBe('pure');
    expectGolden(entry, 'auto');
    // the default stays strict: it still asks for init(), and init() reports the real failure
    expect(() => entry.createSimHash()).toThrow(/init\(\)/);
    await expect(entry.init()).rejects.toThrow(replacement ? /Refused/ : /WebAssembly is not available/);
    expect(entry.createSimHash({ engine: 'auto', shingle: 2 }).engine).toBe('pure');
  });

  it('an init() that succeeds later is taken by the next auto hasher', async () => {
    vi.stubGlobal('WebAssembly', refusingWebAssembly('sync'));
    const entry = await fresh();
    expect(entry.createSimHash({ engine: 'auto' }).engine).toBe('pure');
    await entry.init(); // the async path still works in this stub, as it can on a real platform
    expect(entry.createSimHash({ engine: 'auto' }).engine).toBe('wasm');
  });
});

describe('the engine option', () => {
  it("'pure' needs no init() in simhash-wasm, and the default needs it", async () => {
    const entry = await fresh();
    expect(entry.createSimHash({ engine: 'pure' }).engine).toBe('pure');
    expect(() => entry.createSimHash({ engine: 'wasm' })).toThrow(TypeError);
    expectGolden(entry, 'pure');
  });

  it('simhash-wasm/pure gives the pure engine for auto and refuses wasm', async () => {
    const pure = await import('../../packages/simhash-wasm/src/pure/index.js');
    expect(pure.createSimHash({ engine: 'auto' }).engine).toBe('pure');
    expect(() => pure.createSimHash({ engine: 'wasm' })).toThrow(/simhash-wasm\/pure/);
    expect(pure.createSimHash().engine).toBe('pure');
  });

  it('a bad value is a TypeError naming options.engine, and the entry stays usable', async () => {
    const entry = await fresh();
    for (const bad of ['WASM', 'js', 1, null]) {
      expect(() => entry.createSimHash({ engine: bad as never })).toThrow(/options\.engine must be 'wasm', 'pure' or 'auto'/);
    }
    expect(() => entry.createSimHash(7 as never)).toThrow(TypeError);
    expect(entry.createSimHash({ engine: 'auto' }).engine).toBe('wasm');
  });
});
