// The corpus kernels' two modules: their exports, and an instance of each. Apart from the engine's module, and only
// simhash-wasm/internal hands them out (through feature-kernels.ts, record-scanner.ts and pair-sampler.ts): browser
// bundles never carry them. Each user gets an instance of its own, and so a memory laid out as it needs.
// - The records' module (assembly/corpus/): the JSONL record scanner and the pair sample; small, no static data.
// - The features' module (assembly/features/): the engine's pass over a text, with the content digest, the MinHash
//   sketch and the shingle set over its features where the pass left them. It holds the engine's sources, so its
//   static data (the engine's tables and live state) comes first: its users place their areas from featuresHeapBase().
import { CORPUS_HEX, FEATURES_HEX } from './corpus-bytes.js';
import { hexToBytes } from './hex.js';

export interface RecordExports {
  readonly memory: WebAssembly.Memory;
  setRecordKeys(text: number, textLength: number, id: number, idLength: number, keep: number, keepLength: number, stackAt: number): void;
  scanRecord(line: number, length: number, out: number): number;
  recordResult(which: number): number;
  scanLines(block: number, length: number, at: number, stop: number, endsLine: number, out: number, table: number, capacity: number): number;
  samplePairs(fingerprints: number, n: number, state: number, pairs: number, counts: number): number;
}

export interface FeatureExports {
  readonly memory: WebAssembly.Memory;
  featuresHeapBase(): number;
  textFeatures(ptr: number, length: number, shingle: number, tokens: number, out: number, fingerprintOut: number): number;
  digestWords(ptr: number, words: number, out: number): void;
  sketchShingles(ptr: number, count: number, stride: number, out: number, shift: number): void;
  shingleSet(ptr: number, count: number, out: number, counters: number): number;
}

let corpusModule: WebAssembly.Module | undefined;
let featuresModule: WebAssembly.Module | undefined;

/** A new instance of the records' module (compiled once a thread: about 6 KB). */
export function instantiateRecordKernels(): RecordExports {
  corpusModule ??= new WebAssembly.Module(hexToBytes(CORPUS_HEX));
  return new WebAssembly.Instance(corpusModule, {}).exports as unknown as RecordExports;
}

/** A new instance of the features' module (compiled once a thread: about 39 KB, the engine's size). */
export function instantiateFeatureKernels(): FeatureExports {
  featuresModule ??= new WebAssembly.Module(hexToBytes(FEATURES_HEX));
  return new WebAssembly.Instance(featuresModule, {}).exports as unknown as FeatureExports;
}
