// The WASM engine. The module (assembly/) does all the work: UTF-8 decoding, tokens of lowercased
// alphanumeric code points, w-shingles hashed by FNV-1a 64 then splitmix64, one weighted vote per
// feature on 64 counters. This side only copies text in and fingerprints out, through the boundary
// (wasm-interface.ts). The pure engine (src/pure) computes the same bits; the golden and
// differential tests hold both to that.
import type { Engine, HasherConfig, Text, Tokenization } from '../core/types.js';
import { fingerprintBatched } from './batch.js';
import { LiveState } from './live-state.js';
import { WasmStream } from './stream.js';
import { INPUT_CAP, SLICE_UNITS, type WasmInterface } from './wasm-interface.js';

export function createWasmEngine(wasm: WasmInterface): Engine {
  const live = new LiveState(wasm);
  return {
    name: 'wasm',
    fingerprint(text: Text, config: HasherConfig): bigint {
      live.takeForOneShot(config);
      wasm.reset();
      if (typeof text === 'string' && text.length <= SLICE_UNITS) {
        wasm.update(wasm.encodeInput(text));
      } else {
        wasm.feed(text);
      }
      return wasm.digest();
    },
    fingerprintMany(texts: readonly Text[], config: HasherConfig): BigUint64Array {
      live.takeForOneShot(config);
      return fingerprintBatched(wasm, texts);
    },
    features(text: Text, shingle: number, tokens: Tokenization): BigUint64Array {
      live.takeForOneShot();
      return collectFeatures(wasm, text, shingle, tokens, false).features;
    },
    fingerprintWithFeatures(text: Text, config: HasherConfig) {
      // Weights other than 1 are looked up per feature (a table or the caller's function): src/core's two passes.
      if (config.weighting.kind !== 'unit') return undefined;
      live.takeForOneShot();
      return collectFeatures(wasm, text, config.shingle, config.tokens, true);
    },
    openStream(config: HasherConfig) {
      return new WasmStream(wasm, live, config);
    },
    featureHash(shingleText: string): bigint {
      return wasm.featureHash(shingleText);
    },
  };
}

/**
 * Feature hashes of one document; the output holds one slice's worth at a time. `vote`: each slice's features are
 * also voted with unit weights as they are taken, so the fingerprint comes from the same pass (else 0n).
 */
function collectFeatures(wasm: WasmInterface, text: Text, shingle: number, tokens: Tokenization, vote: boolean): { fingerprint: bigint; features: BigUint64Array } {
  // A slice of n bytes ends at most n tokens; ending the document adds at most one more feature.
  const sliceBytes = typeof text === 'string' ? Math.min(3 * text.length, INPUT_CAP) : Math.min(text.length, INPUT_CAP);
  wasm.configureFeatures(shingle, tokens, sliceBytes + 2);
  wasm.reset();
  const parts: BigUint64Array[] = [];
  const take = () => {
    const part = wasm.takeFeatures(vote);
    if (part) parts.push(part);
  };
  wasm.slices(text, (bytes) => { wasm.update(bytes); take(); });
  wasm.finishFeatures();
  take();
  const fingerprint = vote ? wasm.votedFingerprint() : 0n;
  if (parts.length <= 1) return { fingerprint, features: parts[0] ?? new BigUint64Array(0) };
  const all = new BigUint64Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) { all.set(part, at); at += part.length; }
  return { fingerprint, features: all };
}
