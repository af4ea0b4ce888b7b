// Loading the WASM engine: nothing works before init, initSync and init both work and are idempotent.
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Entry = typeof import('../../packages/simhash-wasm/src/index.js');
const fresh = async (): Promise<Entry> => {
  vi.resetModules();
  return import('../../packages/simhash-wasm/src/index.js');
};

describe('WASM loading', () => {
  let entry: Entry;
  beforeEach(async () => { entry = await fresh(); });

  it('throws a TypeError naming init() and initSync() when used before either', () => {
    expect(() => entry.createSimHash()).toThrow(TypeError);
    expect(() => entry.createSimHash()).toThrow(/await init\(\)|initSync\(\)/);
    expect(() => entry.featureHash('a b')).toThrow(TypeError);
    expect(() => entry.createIdfWeights(['a b'])).toThrow(TypeError);
    // helpers that need no engine work anyway
    expect(entry.hamming(1n, 3n)).toBe(1);
  });

  it('initSync() loads synchronously, and again is a no-op', () => {
    entry.initSync();
    const fp = entry.createSimHash({ shingle: 1 }).fingerprint('hello world');
    entry.initSync();
    expect(entry.createSimHash({ shingle: 1 }).fingerprint('hello world')).toBe(fp);
    expect(fp).not.toBe(0n);
  });

  it('init() resolves once for concurrent callers and after initSync()', async () => {
    const a = entry.init();
    const b = entry.init();
    await Promise.all([a, b]);
    const fp = entry.createSimHash().fingerprint('one two three four');
    entry.initSync();
    await entry.init();
    expect(entry.createSimHash().fingerprint('one two three four')).toBe(fp);
  });

  it('the same fingerprints whichever way it was loaded', async () => {
    await entry.init();
    const viaInit = entry.createSimHash().fingerprint('The quick brown fox jumps');
    const other = await fresh();
    other.initSync();
    expect(other.createSimHash().fingerprint('The quick brown fox jumps')).toBe(viaInit);
  });
});
