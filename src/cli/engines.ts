// The two library entries, by the name `--engine` takes; the WASM one is initialised on first use.
import * as wasm from '../index.js';
import * as pure from '../pure/index.js';

export const ENGINE_NAMES = ['wasm', 'pure'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];
export type LibraryEntry = typeof pure;

export async function loadEntry(name: EngineName): Promise<LibraryEntry> {
  const entry: LibraryEntry = name === 'wasm' ? (wasm as LibraryEntry) : pure;
  await entry.init();
  return entry;
}
