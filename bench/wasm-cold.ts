// Cold start of the WASM engine, each sample in a fresh Node process (V8 keeps no compiled module
// between processes, so a loop in one process would time a warm cache):
//   npx tsx bench/wasm-cold.ts [processes] [sync|async]
// Times initSync() (or await init()): decoding the inlined hex, compiling, instantiating, the
// module's start function (its Unicode tables) and the memory layout; then the first fingerprint.
// Modules are imported before the clock starts: tsx's transpiling is not the package's cost.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const [, , first, second] = process.argv;

if (first === '--child') {
  const entry = await import('../src/index.js');
  const t0 = performance.now();
  if (second === 'async') await entry.init();
  else entry.initSync();
  const t1 = performance.now();
  entry.createSimHash().fingerprint('The quick brown fox jumps over the lazy dog');
  const t2 = performance.now();
  console.log(JSON.stringify({ init: t1 - t0, first: t2 - t1 }));
} else {
  const processes = Number(first ?? 20);
  const how = second === 'async' ? 'async' : 'sync';
  const init: number[] = [];
  const firstCall: number[] = [];
  for (let i = 0; i < processes; i++) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', how], { encoding: 'utf8' });
    const sample = JSON.parse(out.trim().split('\n').pop()!) as { init: number; first: number };
    init.push(sample.init);
    firstCall.push(sample.first);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  console.log(`${how === 'async' ? 'await init()' : 'initSync()'} over ${processes} processes: median ${ms(median(init))}, min ${ms(Math.min(...init))}`);
  console.log(`first fingerprint after it: median ${ms(median(firstCall))}, min ${ms(Math.min(...firstCall))}`);
}
