// Size budget of the browser bundles, minified and gzipped (level 9), everything included: the WASM module
// (inlined as hex, with its Unicode tables), the pure engine with its own Unicode tables (the 'auto' fallback),
// the index, the API. Also: each bundle is self-contained and runs with nothing but what a browser has.
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { golden } from '../support/golden.js';

/**
 * The budget, in gzipped bytes, for each of dist/browser/simhash-wasm.js and simhash-wasm.umd.js. 46 KB until
 * 2026-12-04, when the index's scan kernel came in (the WebAssembly scan module, 292 bytes, and its loader, with the
 * TypeScript kernel: 46.7 KB in all): it makes exact queries at large k 10 to 30 times faster in browsers too.
 * 43.5 KB later that day, the WASM module's Unicode tables packed (test/package/lite-bundle-size.test.ts holds the
 * lite bundle, without the pure engine and the index, to 20 KB). 48 KB until 2026-12-04 evening (49,151 bytes, 1 under
 * it), when deserialize() came to read the index the command line's file with sketches wraps (issue 25): 250 bytes.
 * 48.5 KB until 2026-12-05 (49,749 bytes, 85 over it), when pairs()'s kernel on multi-index tables came to compare
 * two rows at a time (the scan module 969 -> 1,386 bytes) and to be called a stretch of buckets at a time: pairs()
 * within 11 over 1M fingerprints in 0.62 times its time, in browsers too. 48.75 KB until 2026-12-05 morning (50,803
 * bytes), when an index's tables came to be ordered in the scan module (assembly/scan/table-sort.ts, 1,221 bytes):
 * addMany() of 1M fingerprints 150 -> 105 ms, in browsers too.
 */
const BUDGET = 49.75 * 1024;

const bundles = ['simhash-wasm.js', 'simhash-wasm.umd.js'];
const read = (name: string) => readFileSync(new URL(`../../packages/simhash-wasm/dist/browser/${name}`, import.meta.url), 'utf8');
const gzipped = (text: string) => gzipSync(text, { level: 9 }).length;
/** The inlined module: the one long hex string literal, starting with the WASM magic number. */
const wasmHex = (code: string) => /(['"`])(0061736d(?:[0-9a-f]{2})+)\1/.exec(code)?.[2] ?? '';

describe.each(bundles)('dist/browser/%s', (name) => {
  const code = read(name);

  it(`fits the budget of ${BUDGET / 1024} KB gzipped`, () => {
    const hex = wasmHex(code);
    const breakdown = `${(gzipped(code) / 1024).toFixed(1)} KB gzipped (${(code.length / 1024).toFixed(1)} KB minified; ` +
      `WASM ${hex.length / 2} bytes, ${(gzipped(hex) / 1024).toFixed(1)} KB of it gzipped alone)`;
    expect(gzipped(code), breakdown).toBeLessThanOrEqual(BUDGET);
  });

  it('carries the WASM and the Unicode tables inline: no .wasm file, no fetch, no import.meta', () => {
    const hex = wasmHex(code);
    expect(hex.length).toBeGreaterThan(10_000);
    expect(WebAssembly.validate(Buffer.from(hex, 'hex'))).toBe(true);
    expect(code).not.toMatch(/\.wasm\b|\bfetch\(|import\.meta|require\(/);
  });

  it('holds none of the Node-only entries: no Redis client, no index on Redis', () => {
    expect(code).not.toMatch(/ioredis|RedisSimHashIndex|simhashAppendOnce/);
  });
});

it('the UMD bundle runs in a bare context (no Node globals) and computes golden fingerprints with both engines', () => {
  const sandbox: Record<string, unknown> = { TextEncoder, TextDecoder, WebAssembly };
  sandbox.self = sandbox;
  runInNewContext(read('simhash-wasm.umd.js'), sandbox);
  const api = sandbox.SimHashWasm as typeof import('../../packages/simhash-wasm/src/index.js');
  api.initSync();
  for (const engine of ['wasm', 'pure'] as const) {
    const sh = api.createSimHash({ engine, shingle: 2 });
    expect(sh.engine).toBe(engine);
    const lines = golden.slice(0, 300);
    expect(lines.map((line) => sh.fingerprintHex(line.text))).toEqual(lines.map((line) => line.tf[1]));
  }
});
