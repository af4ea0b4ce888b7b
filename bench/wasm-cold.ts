// Cold start of the WASM engine, each sample in a fresh Node process (V8 keeps no compiled module
// between processes, so a loop in one process would time a warm cache):
//   npx tsx bench/wasm-cold.ts [processes] [sync|async]
//   npx tsx bench/wasm-cold.ts [launches] chromium      (needs `npm run build`: the browser bundles)
// Times initSync() (or await init()): decoding the inlined hex, compiling, instantiating and the memory layout; then
// the first fingerprint, which also fills the module's lookup tables (assembly/fill.ts: it has no start function,
// they wait for the first text). Then, from
// as many other processes, the phases one by one: decoding (natively, as initSync does here, and with the portable
// decoder that platforms without Uint8Array.fromHex or Buffer run), new WebAssembly.Module, new WebAssembly.Instance.
// Modules are imported before the clock starts: tsx's transpiling is not the package's cost.
// chromium: initSync() on a page's main thread, in a fresh Chromium per sample (its renderer keeps compiled modules,
// keyed by their bytes), with the lite bundle and the full one in turn.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { median } from './support/median.js';

const [, , first, second] = process.argv;

async function child(how: string): Promise<Record<string, number>> {
  if (how === 'phases') {
    const { hexToBytes, hexToBytesPortable } = await import('../packages/simhash-wasm/src/wasm/hex.js');
    const { WASM_HEX } = await import('../packages/simhash-wasm/src/wasm/wasm-bytes.js');
    const t0 = performance.now();
    const bytes = hexToBytes(WASM_HEX);
    const t1 = performance.now();
    const module = new WebAssembly.Module(bytes);
    const t2 = performance.now();
    new WebAssembly.Instance(module);
    const t3 = performance.now();
    hexToBytesPortable(WASM_HEX); // after the rest: its own cold run, on the same string
    const t4 = performance.now();
    return { decode: t1 - t0, compile: t2 - t1, instantiate: t3 - t2, portableDecode: t4 - t3 };
  }
  const entry = await import('../packages/simhash-wasm/src/index.js');
  const t0 = performance.now();
  if (how === 'async') await entry.init();
  else entry.initSync();
  const t1 = performance.now();
  entry.createSimHash().fingerprint('The quick brown fox jumps over the lazy dog');
  const t2 = performance.now();
  return { init: t1 - t0, first: t2 - t1 };
}

/** One sample per bundle, each in its own browser: initSync() and the first fingerprint, timed in the page. */
async function chromiumSamples(launches: number): Promise<void> {
  const { launchChromium, serve } = await import('../test/support/browser-harness.js');
  const page = (bundle: string) => ({
    html: `<!doctype html><script type="module">
import * as api from '/dist/browser/${bundle}';
const t0 = performance.now();
api.initSync();
const t1 = performance.now();
api.createSimHash().fingerprint('The quick brown fox jumps over the lazy dog');
const t2 = performance.now();
document.title = JSON.stringify({ init: t1 - t0, first: t2 - t1, fromHex: typeof Uint8Array.fromHex === 'function' });
</script>`,
  });
  const bundles = ['simhash-wasm.lite.js', 'simhash-wasm.js'];
  const server = await serve(Object.fromEntries(bundles.map((bundle) => [`/${bundle}.html`, page(bundle)])));
  const samples = new Map(bundles.map((bundle) => [bundle, { init: [] as number[], first: [] as number[] }]));
  let fromHex = false;
  try {
    for (let i = 0; i < launches; i++) {
      for (const bundle of bundles) {
        const browser = await launchChromium();
        try {
          const tab = await browser.context.newPage();
          await tab.goto(`${server.origin}/${bundle}.html`);
          await tab.waitForFunction(() => document.title.startsWith('{'));
          const got = JSON.parse(await tab.title()) as { init: number; first: number; fromHex: boolean };
          samples.get(bundle)!.init.push(got.init);
          samples.get(bundle)!.first.push(got.first);
          fromHex = got.fromHex;
        } finally {
          await browser.close();
        }
      }
    }
  } finally {
    await server.close();
  }
  console.log(`Chromium, ${launches} launches per bundle (Uint8Array.fromHex: ${fromHex ? 'yes' : 'no'}; times in the page, 0.1 ms steps or coarser):`);
  for (const [bundle, { init, first: firstCall }] of samples) {
    console.log(`  ${bundle}: initSync() median ${ms(median(init))}, min ${ms(Math.min(...init))}; first fingerprint median ${ms(median(firstCall))}`);
  }
}

const ms = (x: number) => `${x.toFixed(2)} ms`;

if (first === '--child') {
  console.log(JSON.stringify(await child(second)));
} else if (second === 'chromium') {
  await chromiumSamples(Number(first ?? 10));
} else {
  const processes = Number(first ?? 20);
  const how = second === 'async' ? 'async' : 'sync';
  const samples: Record<string, number[]> = {};
  const run = (mode: string) => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', mode], { encoding: 'utf8' });
    for (const [name, ms] of Object.entries(JSON.parse(out.trim().split('\n').pop()!) as Record<string, number>)) (samples[name] ??= []).push(ms);
  };
  for (let i = 0; i < processes; i++) {
    run(how); // interleaved, so both see the same load
    run('phases');
  }
  const line = (label: string, xs: number[]) => console.log(`${label}: median ${ms(median(xs))}, min ${ms(Math.min(...xs))}`);
  line(`${how === 'async' ? 'await init()' : 'initSync()'} over ${processes} processes`, samples.init);
  line('first fingerprint after it', samples.first);
  console.log(`phases, from ${processes} other processes:`);
  line('  decode the hex (Uint8Array.fromHex or Buffer)', samples.decode);
  line('  new WebAssembly.Module', samples.compile);
  line('  new WebAssembly.Instance (no start function)', samples.instantiate);
  line('  decode the hex, portable decoder', samples.portableDecode);
}
