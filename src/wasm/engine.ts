// The WASM engine: every byte and every feature is handled inside the module (assembly/); this
// side only copies text in and fingerprints out. DESIGN.md §1 is the definition it computes.
import type { Engine, HasherConfig, Text } from '../core/types.js';
import { fingerprintBatched } from './batch.js';
import { INPUT_CAP, SLICE_UNITS, WasmCore } from './core.js';
import { MODE_FEATURES, type WasmBridge, type WasmExports } from './exports.js';
import { WasmStream } from './stream.js';

const FNV_OFFSET = 0xcbf29ce484222325n;

export function createWasmEngine(ex: WasmExports, bridge: WasmBridge): Engine {
  const core = new WasmCore(ex, bridge);
  return {
    name: 'wasm',
    fingerprint(text: Text, config: HasherConfig): bigint {
      core.takeForOneShot(config);
      ex.reset();
      if (typeof text === 'string' && text.length <= SLICE_UNITS) {
        ex.update(core.input, core.encodeAt(text, 0).written);
      } else {
        core.feed(text);
      }
      return BigInt.asUintN(64, ex.digest());
    },
    fingerprintMany(texts: readonly Text[], config: HasherConfig): BigUint64Array {
      return fingerprintBatched(core, texts, config);
    },
    features(text: Text, shingle: number): BigUint64Array {
      return collectFeatures(core, text, shingle);
    },
    openStream(config: HasherConfig) {
      return new WasmStream(core, config);
    },
    featureHash(shingleText: string): bigint {
      core.checkIdle(); // the input buffer may hold the text being scanned
      let h = FNV_OFFSET;
      core.slices(shingleText, (bytes) => { h = ex.fnv(core.input, bytes, h); });
      return BigInt.asUintN(64, ex.splitmix(h));
    },
  };
}

/** Feature hashes of one document; the output area holds one slice's worth at a time. */
function collectFeatures(core: WasmCore, text: Text, shingle: number): BigUint64Array {
  const { ex } = core;
  // A slice of n bytes ends at most n tokens; ending the document adds at most one more feature.
  const sliceBytes = typeof text === 'string' ? Math.min(3 * text.length, INPUT_CAP) : Math.min(text.length, INPUT_CAP);
  const cap = sliceBytes + 2;
  core.takeForOneShot(null);
  const out = core.featuresArea(8 * cap);
  ex.configure(shingle, MODE_FEATURES, out, cap);
  ex.reset();
  const parts: BigUint64Array[] = [];
  const take = () => {
    const n = ex.takeFeatures();
    if (n > 0) parts.push(new BigUint64Array(ex.memory.buffer, out, n).slice());
  };
  core.slices(text, (bytes) => { ex.update(core.input, bytes); take(); });
  ex.finishFeatures();
  take();
  if (parts.length === 1) return parts[0];
  const all = new BigUint64Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) { all.set(part, at); at += part.length; }
  return all;
}
