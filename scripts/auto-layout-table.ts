// What 'auto' picks for each k and size, as the markdown table docs/design.md shows, with the WebAssembly scan kernel
// set as the simhash-wasm entry sets it. test/readme/auto-layout.test.ts checks that docs/design.md's copy is current;
// after changing the cost model, print the new one with:  npx tsx scripts/auto-layout-table.ts
// Columns of k that pick alike at every size are merged.
import { pathToFileURL } from 'node:url';
import { chooseLayout } from '../packages/simhash-wasm/src/block-index/plan/cost-model.js';
import { setScanKernel } from '../packages/simhash-wasm/src/block-index/scan/kernel-slot.js';
import { createWasmScanKernel } from '../packages/simhash-wasm/src/wasm/scan-kernel.js';

/** The sizes the table has a row for. */
export const TABLE_SIZES = [10_000, 100_000, 1_000_000, 10_000_000];

/** P pigeonhole, B<n> n blocks, M<m> m substrings (multi-index), S scan. */
function letter(k: number, n: number): string {
  const layout = chooseLayout(k, n).public;
  if (layout.kind === 'scan') return 'S';
  if (layout.kind === 'pigeonhole') return 'P';
  return `${layout.kind === 'multi-index' ? 'M' : 'B'}${layout.blocks}`;
}

export function autoLayoutTable(maxK = 32): string {
  setScanKernel(() => createWasmScanKernel());
  const cells = TABLE_SIZES.map((n) => Array.from({ length: maxK + 1 }, (_, k) => letter(k, n)));
  const groups: [number, number][] = [];
  for (let k = 0; k <= maxK; k++) {
    const last = groups[groups.length - 1];
    if (last !== undefined && cells.every((row) => row[k] === row[last[0]])) last[1] = k;
    else groups.push([k, k]);
  }
  const head = groups.map(([a, b]) => (a === b ? `${a}` : `${a}–${b}`));
  const lines = [`| n \\ k | ${head.join(' | ')} |`, `| --- | ${head.map(() => '---').join(' | ')} |`];
  TABLE_SIZES.forEach((n, i) => lines.push(`| ${n.toLocaleString('en')} | ${groups.map(([a]) => cells[i][a]).join(' | ')} |`));
  setScanKernel(null);
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.stdout.write(`${autoLayoutTable()}\n`);
