// Cold start of the WASM engine, each sample in a fresh Node process (V8 keeps no compiled module
// between processes, so a loop in one process would time a warm cache):
//   npx tsx bench/wasm-cold.ts [processes] [sync|async]
// Times initSync() (or await init()): decoding the inlined hex, compiling, instantiating (the module's start
// function unpacks and fills its Unicode tables) and the memory layout; then the first fingerprint. Then, from
// as many other processes, the phases one by one: decoding (natively, as initSync does here, and with the portable
// decoder that platforms without Uint8Array.fromHex or Buffer run), new WebAssembly.Module, new WebAssembly.Instance.
// Modules are imported before the clock starts: tsx's transpiling is not the package's cost.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const [, , first, second] = process.argv;

async function child(how: string): Promise<Record<string, number>> {
  if (how === 'phases') {
    const { hexToBytes, hexToBytesPortable } = await import('../src/wasm/hex.js');
    const { WASM_HEX } = await import('../src/wasm/wasm-bytes.js');
    const t0 = performance.now();
    const bytes = hexToBytes(WASM_HEX);
    const t1 = performance.now();
    const module = new WebAssembly.Module(bytes);
    const t2 = performance.now();
    new WebAssembly.Instance(module, { env: { weight: () => 1 } });
    const t3 = performance.now();
    hexToBytesPortable(WASM_HEX); // after the rest: its own cold run, on the same string
    const t4 = performance.now();
    return { decode: t1 - t0, compile: t2 - t1, instantiate: t3 - t2, portableDecode: t4 - t3 };
  }
  const entry = await import('../src/index.js');
  const t0 = performance.now();
  if (how === 'async') await entry.init();
  else entry.initSync();
  const t1 = performance.now();
  entry.createSimHash().fingerprint('The quick brown fox jumps over the lazy dog');
  const t2 = performance.now();
  return { init: t1 - t0, first: t2 - t1 };
}

if (first === '--child') {
  console.log(JSON.stringify(await child(second)));
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
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  const line = (label: string, xs: number[]) => console.log(`${label}: median ${ms(median(xs))}, min ${ms(Math.min(...xs))}`);
  line(`${how === 'async' ? 'await init()' : 'initSync()'} over ${processes} processes`, samples.init);
  line('first fingerprint after it', samples.first);
  console.log(`phases, from ${processes} other processes:`);
  line('  decode the hex (Uint8Array.fromHex or Buffer)', samples.decode);
  line('  new WebAssembly.Module', samples.compile);
  line('  new WebAssembly.Instance (start function: the tables)', samples.instantiate);
  line('  decode the hex, portable decoder', samples.portableDecode);
}
