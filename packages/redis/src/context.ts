// What the reads and writes of one open index share: its layout, its key names, its scripts, its markers.
import type { Layout } from 'simhash-wasm/internal';
import type { IndexCommands } from './commands.js';
import type { Connection } from './connect.js';
import type { IndexKeys } from './keys.js';
import type { SlotMarkers } from './slot-markers.js';

export interface IndexContext {
  readonly connection: Connection;
  readonly layout: Layout;
  readonly keys: IndexKeys;
  readonly commands: IndexCommands;
  readonly markers: SlotMarkers;
}

/** The table keys of one fingerprint, one per table. */
export function tableKeys(context: IndexContext, fingerprint: bigint): string[] {
  const hi = Number(fingerprint >> 32n) >>> 0;
  const lo = Number(fingerprint & 0xffffffffn) >>> 0;
  const out: string[] = [];
  for (let t = 0; t < context.layout.public.tables; t++) out.push(context.keys.table(context.layout, t, hi, lo));
  return out;
}
