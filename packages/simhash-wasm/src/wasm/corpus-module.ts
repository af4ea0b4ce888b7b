// The corpus kernels' module (assembly/corpus/): its exports, and an instance of it. Its own small module, apart
// from the engine's, which only simhash-wasm/internal hands out (through feature-kernels.ts, record-scanner.ts and pair-sampler.ts):
// browser bundles never carry it. Each user gets an instance of its own, and so a memory laid out as it needs.
import { CORPUS_HEX } from './corpus-bytes.js';
import { hexToBytes } from './hex.js';

export interface CorpusExports {
  readonly memory: WebAssembly.Memory;
  digestWords(ptr: number, words: number, out: number): void;
  sketchShingles(ptr: number, count: number, stride: number, out: number, shift: number): void;
  shingleSet(ptr: number, count: number, out: number, counters: number): number;
  setRecordKeys(text: number, textLength: number, id: number, idLength: number, keep: number, keepLength: number, stackAt: number): void;
  scanRecord(line: number, length: number, out: number): number;
  recordResult(which: number): number;
  scanLines(block: number, length: number, at: number, stop: number, endsLine: number, out: number, table: number, capacity: number): number;
  samplePairs(fingerprints: number, n: number, state: number, pairs: number, counts: number): number;
}

let compiled: WebAssembly.Module | undefined;

/** A new instance (the module compiled once a thread: about 2 KB). */
export function instantiateCorpusKernels(): CorpusExports {
  compiled ??= new WebAssembly.Module(hexToBytes(CORPUS_HEX));
  return new WebAssembly.Instance(compiled, {}).exports as unknown as CorpusExports;
}
