// Size budget of the lite browser bundle (dist/browser/simhash-wasm.lite.js, from src/lite.ts), minified and gzipped
// (level 9): the WASM module inlined as hex and the fingerprinting API, no pure engine, no index. Also: it is
// self-contained, exports the fingerprinting API and nothing else, and computes golden fingerprints.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import * as pure from '../../packages/simhash-wasm/src/pure/index.js';
import { golden } from '../support/golden.js';

/** The budget, in gzipped bytes. 17.7 KB on 2026-12-04: the WASM module 11.0 KB of it, gzipped alone. */
const BUDGET = 20 * 1024;

const url = new URL('../../packages/simhash-wasm/dist/browser/simhash-wasm.lite.js', import.meta.url);
const read = (name: string) => readFileSync(new URL(`../../packages/simhash-wasm/dist/browser/${name}`, import.meta.url), 'utf8');
const gzipped = (text: string) => gzipSync(text, { level: 9 }).length;
const wasmHex = (code: string) => /(['"`])(0061736d(?:[0-9a-f]{2})+)\1/.exec(code)?.[2] ?? '';
/** The pure engine's first Unicode table entries (src/pure/unicode-tables.ts PROPS), as the minifier writes them. */
const PURE_TABLE = /\b1024,1363,1368,1425\b/;

describe('dist/browser/simhash-wasm.lite.js', () => {
  const code = read('simhash-wasm.lite.js');
  type Lite = typeof import('../../packages/simhash-wasm/src/lite.js');
  let lite: Lite;
  beforeAll(async () => {
    lite = (await import(url.href)) as Lite;
  });

  it(`fits the budget of ${BUDGET / 1024} KB gzipped`, () => {
    const hex = wasmHex(code);
    const breakdown = `${(gzipped(code) / 1024).toFixed(1)} KB gzipped (${(code.length / 1024).toFixed(1)} KB minified; ` +
      `WASM ${hex.length / 2} bytes, ${(gzipped(hex) / 1024).toFixed(1)} KB of it gzipped alone)`;
    expect(gzipped(code), breakdown).toBeLessThanOrEqual(BUDGET);
  });

  it('carries the WASM inline: no .wasm file, no fetch, no import.meta, no require', () => {
    const hex = wasmHex(code);
    expect(hex.length).toBeGreaterThan(10_000);
    expect(WebAssembly.validate(Buffer.from(hex, 'hex'))).toBe(true);
    expect(code).not.toMatch(/\.wasm\b|\bfetch\(|import\.meta|require\(/);
  });

  it("carries no pure engine (the full bundle's Unicode tables are not in it) and no index", () => {
    expect(read('simhash-wasm.js')).toMatch(PURE_TABLE); // the marker is what the full bundle has
    expect(code).not.toMatch(PURE_TABLE);
    expect(Object.keys(lite).sort()).toEqual([
      'MAX_SHINGLE', 'PIPELINE_VERSION', 'createIdfWeights', 'createSimHash', 'featureHash', 'fromHex', 'hamming', 'init', 'initSync', 'similarity', 'toHex',
    ]);
  });

  it("computes golden fingerprints, feature hashes and function weights as the pure engine; 'pure' is a TypeError naming the full bundle", async () => {
    expect(() => lite.createSimHash()).toThrow(/init\(\)/);
    await lite.init();
    const sh = lite.createSimHash({ shingle: 2 });
    expect(sh.engine).toBe('wasm');
    const lines = golden.slice(0, 300);
    expect(lines.map((line) => sh.fingerprintHex(line.text))).toEqual(lines.map((line) => line.tf[1]));
    expect(lite.createSimHash({ engine: 'auto' }).engine).toBe('wasm');
    expect(lite.featureHash('quick brown fox')).toBe(pure.featureHash('quick brown fox'));
    const weighted = { shingle: 1, weights: (h: bigint) => Number(h % 5n) - 2 };
    expect(lite.createSimHash(weighted).fingerprint(lines[0].text)).toBe(pure.createSimHash(weighted).fingerprint(lines[0].text));
    expect(() => lite.createSimHash({ engine: 'pure' })).toThrow(TypeError);
    expect(() => lite.createSimHash({ engine: 'pure' })).toThrow(/simhash-wasm\.js/);
  });
});
