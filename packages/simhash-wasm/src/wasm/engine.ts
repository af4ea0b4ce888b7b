// The WASM engine. The module (assembly/) does all the work: UTF-8 decoding, tokens of lowercased
// alphanumeric code points, w-shingles hashed by FNV-1a 64 then splitmix64, one weighted vote per
// feature on 64 counters. This side only copies text in and fingerprints out, through the boundary
// (wasm-interface.ts). The pure engine (src/pure) computes the same bits; the golden and
// differential tests hold both to that.
import type { Engine, FeatureSink, HasherConfig, Text, Tokenization } from '../core/types.js';
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
    fingerprintWithFeatures(text: Text, config: HasherConfig, sink?: FeatureSink) {
      // Weights other than 1 are looked up per feature (a table or the caller's function): src/core's two passes.
      if (config.weighting.kind !== 'unit') return undefined;
      live.takeForOneShot();
      return collectFeatures(wasm, text, config.shingle, config.tokens, true, sink);
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
 * Feature hashes of one document; the module's output holds one slice's worth at a time, appended to `sink` as each
 * slice ends (a new array when none is given). `vote`: each slice's features are also voted with unit weights as
 * they are taken, so the fingerprint comes from the same pass (else 0n).
 */
function collectFeatures(wasm: WasmInterface, text: Text, shingle: number, tokens: Tokenization, vote: boolean, sink?: FeatureSink): { fingerprint: bigint; features: BigUint64Array } {
  // A slice of n bytes ends at most n tokens; ending the document adds at most one more feature.
  const sliceBytes = typeof text === 'string' ? Math.min(3 * text.length, INPUT_CAP) : Math.min(text.length, INPUT_CAP);
  wasm.configureFeatures(shingle, tokens, sliceBytes + 2);
  wasm.reset();
  const into = sink ?? { buffer: new BigUint64Array(0), length: 0 };
  into.length = 0;
  wasm.slices(text, (bytes) => { wasm.update(bytes); wasm.takeFeaturesInto(into, vote); });
  wasm.finishFeatures();
  wasm.takeFeaturesInto(into, vote);
  const fingerprint = vote ? wasm.votedFingerprint() : 0n;
  // The caller's sink is reused for its next document: a view. Otherwise the features are the caller's to keep: a
  // document of one slice fills its new array exactly (the first growth is to the size needed).
  return { fingerprint, features: sink || into.length < into.buffer.length ? into.buffer.subarray(0, into.length) : into.buffer };
}
