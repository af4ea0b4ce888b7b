// Both public entries, initialised, for tests that must hold for every engine.
import * as wasm from '../../packages/simhash-wasm/src/index.js';
import * as pure from '../../packages/simhash-wasm/src/pure/index.js';

export type Entry = typeof pure;
export const entries: [name: 'wasm' | 'pure', entry: Entry][] = [
  ['wasm', wasm as Entry],
  ['pure', pure],
];

export async function initAll(): Promise<void> {
  await wasm.init();
  await pure.init();
}
