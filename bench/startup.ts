// Start-up and size, beside their goals: the WASM engine's cold start in fresh Node processes
// (bench/wasm-cold.ts's child runs: initSync() and the first fingerprint, and the phases apart), and the browser
// bundles' gzipped sizes (read from dist/browser/, so after `npm run build`). No reference figure: the reference's Rust
// program has no module to load.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BenchSuite, SuiteContext } from './suite.js';
import { median } from './support/median.js';

const COLD = fileURLToPath(new URL('./wasm-cold.ts', import.meta.url));
const DIST = new URL('../dist/browser/', import.meta.url);
/** Fresh processes per round, for each of the two kinds of sample. */
const PER_ROUND = 6;

const ms = (x: number) => `${x.toFixed(2)} ms`;

function coldSamples(processes: number): Record<string, number[]> {
  const samples: Record<string, number[]> = {};
  for (let i = 0; i < processes; i++) {
    for (const mode of ['sync', 'phases']) {
      const out = execFileSync(process.execPath, ['--import', 'tsx', COLD, '--child', mode], { encoding: 'utf8' });
      for (const [name, value] of Object.entries(JSON.parse(out.trim().split('\n').pop()!) as Record<string, number>)) (samples[name] ??= []).push(value);
    }
  }
  return samples;
}

function coldTable(context: SuiteContext): void {
  const processes = PER_ROUND * context.rounds;
  context.log(`startup: ${processes} fresh processes for each kind of sample`);
  const s = coldSamples(processes);
  const row = (what: string, xs: number[], goal = '') => `| ${what} | ${ms(median(xs))} | ${ms(Math.min(...xs))} | ${goal} |`;
  const instantiate = median(s.instantiate);
  context.print(`### Start-up: the WASM engine, cold, ${processes} fresh Node processes per row

| step | median | min | goal |
| --- | ---: | ---: | --- |
${row('`initSync()`: decode, compile, instantiate, lay out memory', s.init)}
${row('first fingerprint after it (fills the lookup tables)', s.first)}
${row('  decode the inlined hex (`Uint8Array.fromHex` or `Buffer`)', s.decode)}
${row('  `new WebAssembly.Module`', s.compile)}
${row('  `new WebAssembly.Instance`', s.instantiate, `under 0.3 ms: ${instantiate < 0.3 ? 'reached' : `not reached, ${(instantiate / 0.3).toFixed(1)}x`}`)}
${row('  decode with the portable decoder (no `fromHex`, no `Buffer`)', s.portableDecode)}
`);
}

function sizeTable(context: SuiteContext): void {
  const budgets: [string, number][] = [['simhash-wasm.lite.js', 20], ['simhash-wasm.js', 48], ['simhash-wasm.umd.js', 48]];
  if (!budgets.every(([file]) => existsSync(new URL(file, DIST)))) {
    context.print('### Bundle sizes\n\nNot measured: dist/browser/ is not built (`npm run build`).\n');
    return;
  }
  const rows = budgets.map(([file, budgetKb]) => {
    const code = readFileSync(new URL(file, DIST), 'utf8');
    const gzipped = gzipSync(code, { level: 9 }).length;
    const kb = gzipped / 1024;
    return `| \`${file}\` | ${(code.length / 1024).toFixed(1)} KB | ${kb.toFixed(1)} KB | ${budgetKb} KB: ${kb <= budgetKb ? 'within' : `over by ${(kb - budgetKb).toFixed(1)} KB`} |`;
  });
  context.print(`### Bundle sizes (gzip level 9, KB = 1,024 bytes)

| file | minified | gzipped | budget |
| --- | ---: | ---: | --- |
${rows.join('\n')}
`);
}

async function run(context: SuiteContext): Promise<void> {
  if (context.selected('startup/cold/initSync')) coldTable(context);
  if (context.selected('startup/size/bundles')) sizeTable(context);
}

export const suite: BenchSuite = { name: 'startup', run };
