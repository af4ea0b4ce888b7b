// The lookup tables, filled before the first text, not when the module starts: instantiating stays cheap (the
// module has no start function, so new WebAssembly.Instance runs no code of it) and the work, about 0.2 ms the first
// time in V8's baseline compiler, lands on the first update(), which needs the tables. A page that loads the
// engine early and fingerprints later pays it later.
import { initAsciiClass, initTwoByte } from './lookup';
import { initSequences } from './multibyte';
import { fbPtr } from './state';
import { unpack } from './tables';

let filled = false;

/** Fills every table once: unpacks the Unicode tables, then the direct tables built from them. */
@inline export function ensureTables(): void {
  if (!filled) fill();
}

function fill(): void {
  if (fbPtr == 0) unreachable(); // not configured: the state's settings are placeholders until configure()
  unpack();
  initAsciiClass();
  initTwoByte();
  initSequences();
  filled = true;
}
