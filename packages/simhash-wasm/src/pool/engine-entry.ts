// The library entry of an engine, by name. A worker is told the engine's name, not given a hasher (functions do not
// cross threads), and builds its hasher from the entry of that name; the WASM one is initialised on first use.
import type { Engine, EngineName } from '../core/types.js';
import * as wasm from '../index.js';
import * as pure from '../pure/index.js';
import { loadedEngine } from '../wasm/load.js';
import { pureEngine } from '../pure/engine.js';

export type EngineEntry = typeof pure;

export async function loadEntry(name: EngineName): Promise<EngineEntry> {
  const entry: EngineEntry = name === 'wasm' ? (wasm as EngineEntry) : pure;
  await entry.init();
  return entry;
}

/** The engine itself behind a loaded entry (for what the hasher does not offer: createFeatureTools). */
export function engineOf(name: EngineName): Engine {
  return name === 'wasm' ? loadedEngine() : pureEngine;
}
