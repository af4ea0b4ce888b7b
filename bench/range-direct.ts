// A worker's analysis of a JSONL range, three ways, and the engine alone (issue 24's "one WebAssembly call per range").
// On the first RANGES ranges of 1 MB of the generated 1M-document corpus (bench/large-corpus.ts), in this thread:
//   engine module   the range task (analysis/range-task.ts) with the features made in the engine's own module: each
//                   text copied into it, its features copied out into the corpus kernels' sink (the path before the
//                   kernels' pass, and still the one for hashers with weights);
//   kernels' pass   the range task as the workers run it (TaskContext.unitVotes): the engine's pass in the feature
//                   kernels' module (assembly/features/), the features left where the digest reads them;
//   direct          a design measured, not product code: the same read and scan, then the scanned texts copied once
//                   a block into a private instance of the engine's module and its exports called straight on each
//                   (no record object, no wrapper);
//   engine alone    the direct loop's engine calls on the same texts, all already in place (no read, scan or
//                   digest): the floor a range's analysis stands on.
// All must give the same fingerprints and digests, text for text, or the script stops. The direct loop repeats the
// export sequence of src/wasm/engine.ts's collectFeatures on purpose: it is the design under measurement.
//
//   npx tsx bench/range-direct.ts [ranges]        (default 300: about 200,000 documents)
import { closeSync, openSync, readSync } from 'node:fs';
import * as entry from '../packages/simhash-wasm/src/index.js';
import { createFeatureKernels, LINE_ROW, RecordScanner } from '../packages/simhash-wasm/src/internal/index.js';
import { createFeatureTools } from '../packages/simhash-wasm/src/core/simhash.js';
import { loadedEngine } from '../packages/simhash-wasm/src/wasm/load.js';
import { hexToBytes } from '../packages/simhash-wasm/src/wasm/hex.js';
import { WASM_HEX } from '../packages/simhash-wasm/src/wasm/wasm-bytes.js';
import { MODE_FEATURES, TOKENS_WORDS } from '../packages/simhash-wasm/src/wasm/abi.js';
import { rangeTask } from '../packages/corpus/src/analysis/range-task.js';
import { DIGEST_BYTES } from '../packages/corpus/src/analysis/analyze-document.js';
import type { TaskContext } from '../packages/simhash-wasm/src/pool/task.js';
import { largeCorpus } from './large-corpus.js';
import { runRounds } from './rounds.js';
import { median } from './support/median.js';

const RANGE = 1 << 20, TAIL = 1 << 16, SHINGLE = 3, LF = 0x0a;
const RANGES = Number(process.argv[2] ?? 300);
if (!Number.isInteger(RANGES) || RANGES < 1) throw new RangeError(`ranges must be a positive integer, got ${process.argv[2]}`);

await entry.init();
const path = await largeCorpus(1_000_000);
const hasher = entry.createSimHash({ shingle: SHINGLE });
const { fingerprintWithFeaturesInto, unitVotes } = createFeatureTools(loadedEngine(), { shingle: SHINGLE });
if (unitVotes === undefined) throw new Error('the default hasher should vote its features with unit weights');
const contextOf = (withUnitVotes: boolean): TaskContext => ({ entry: entry as unknown as TaskContext['entry'], hasher, fingerprintWithFeaturesInto, ...(withUnitVotes ? { unitVotes } : {}) });

/** The range task as a worker runs it with this context; synchronous here (no page, so no extractor to load). */
function rangeRunner(context: TaskContext) {
  const runTask = rangeTask.prepare(context);
  return (input: Parameters<typeof runTask>[0]) => {
    const result = runTask(input);
    if (result instanceof Promise) throw new Error('the range task waited: it should not, for plain text');
    if (result.analysis === undefined) throw new Error(`range from ${input.start} was not analysed`);
    return result.analysis;
  };
}
const viaEngineModule = rangeRunner(contextOf(false)), viaKernelsPass = rangeRunner(contextOf(true));

// The engine module's answers, range by range, for the checks
const engineFingerprints: BigUint64Array[] = [], engineDigests: Uint8Array[] = [];
let documents = 0;
function rangeTaskWith(run: typeof viaEngineModule, check: 'keep' | 'compare' | 'no'): void {
  for (let r = 0; r < RANGES; r++) {
    const analysis = run({ path, start: r * RANGE, end: (r + 1) * RANGE, html: 'off', analysis: {} });
    if (check === 'keep') {
      engineFingerprints.push(analysis.fingerprints);
      engineDigests.push(analysis.digests);
      documents += analysis.fingerprints.length;
    } else if (check === 'compare' && (analysis.fingerprints.some((f, i) => f !== engineFingerprints[r][i]) || analysis.digests.some((b, i) => b !== engineDigests[r][i]) || analysis.fingerprints.length !== engineFingerprints[r].length)) {
      throw new Error(`range ${r}: the kernels' pass does not give the engine module's fingerprints and digests`);
    }
  }
}

/** The engine module's exports the direct loop calls (src/wasm/abi.ts has them all). */
interface EngineExports {
  memory: WebAssembly.Memory; heapBase(): number; configure(w: number, mode: number, out: number, cap: number, tokens: number): void;
  reset(): void; update(ptr: number, len: number): void; finishFeatures(): void; takeFeatures(): number; voteUnits(ptr: number, n: number): void; votedFingerprint(): bigint;
}
const instantiateEngine = () => new WebAssembly.Instance(new WebAssembly.Module(hexToBytes(WASM_HEX)), {}).exports as unknown as EngineExports;

/**
 * One text of `length` bytes at `at` in the instance's memory: its features at `out` (room for length + 2), voted
 * with unit weights; returns their count. The fingerprint is then `votedFingerprint()`.
 */
function featuresInPlace(ex: EngineExports, at: number, length: number, out: number): number {
  ex.configure(SHINGLE, MODE_FEATURES, out, length + 2, TOKENS_WORDS);
  ex.reset();
  ex.update(at, length);
  ex.finishFeatures();
  const count = ex.takeFeatures();
  ex.voteUnits(out, count);
  return count;
}

// direct: the engine's module in an instance of its own; texts at TEXT, features at FEATURES, both reused
const engine = instantiateEngine();
const TEXT = (engine.heapBase() + 63) & ~63, FEATURES = TEXT + 2 * RANGE;
// Decoded texts are never longer than their lines, and a text of n bytes has at most n + 1 features.
engine.memory.grow(Math.ceil((FEATURES + 8 * (2 * RANGE + 4096) - engine.memory.buffer.byteLength) / 65536));
const memory = new Uint8Array(engine.memory.buffer), words = new BigUint64Array(engine.memory.buffer);
const scanner = RecordScanner.create({ text: 'text', id: 'id' })!;
const kernels = createFeatureKernels();
const fd = openSync(path, 'r');
const block = Buffer.allocUnsafe(RANGE + TAIL + 1);
const scratchDigest = new Uint8Array(DIGEST_BYTES);

/** The checked pass's blocks of texts, for the engine-alone row. */
const kept: { texts: Uint8Array; starts: Int32Array; lengths: Int32Array }[] = [];

function direct(check: boolean): void {
  for (let r = 0; r < RANGES; r++) {
    const from = r === 0 ? 0 : r * RANGE - 1;
    const bytes = block.subarray(0, readSync(fd, block, 0, block.length - (r === 0 ? 1 : 0), from));
    let at = r === 0 ? 0 : bytes.indexOf(LF) + 1;
    const stop = r * RANGE + RANGE - from;
    scanner.load(bytes);
    const n = check ? engineFingerprints[r].length : 0;
    const fingerprints = new BigUint64Array(n), digests = new Uint8Array(n * DIGEST_BYTES), ids: string[] = [];
    let doc = 0;
    for (let lines; (lines = scanner.scanLines(at, stop, false)) > 0; ) {
      const rows = scanner.rows, F = LINE_ROW.fields, last = (lines - 1) * F;
      // The block's texts lie end to end in the scanner's memory: one copy into the engine's.
      const first = rows[LINE_ROW.textAt], end = rows[last + LINE_ROW.textAt] + rows[last + LINE_ROW.textBytes];
      const texts = scanner.lineText(0);
      memory.set(new Uint8Array(texts.buffer, texts.byteOffset, end - first), TEXT);
      if (check) kept.push({ texts: memory.slice(TEXT, TEXT + end - first), starts: Int32Array.from({ length: lines }, (_, i) => rows[i * F + LINE_ROW.textAt] - first), lengths: Int32Array.from({ length: lines }, (_, i) => rows[i * F + LINE_ROW.textBytes]) });
      for (let i = 0; i < lines; i++, doc++) {
        const row = i * F, length = rows[row + LINE_ROW.textBytes];
        ids.push(bytes.toString('utf8', rows[row + LINE_ROW.idStart] + 1, rows[row + LINE_ROW.idEnd] - 1));
        const count = featuresInPlace(engine, TEXT + rows[row + LINE_ROW.textAt] - first, length, FEATURES);
        const fingerprint = BigInt.asUintN(64, engine.votedFingerprint());
        if (check) fingerprints[doc] = fingerprint;
        kernels.digest(words.subarray(FEATURES / 8, FEATURES / 8 + count), check ? digests : scratchDigest, check ? doc * DIGEST_BYTES : 0);
      }
      at = rows[last + LINE_ROW.next];
    }
    if (check && (doc !== n || fingerprints.some((f, i) => f !== engineFingerprints[r][i]) || digests.some((b, i) => b !== engineDigests[r][i]))) {
      throw new Error(`range ${r}: the direct loop does not give the engine module's fingerprints and digests`);
    }
  }
}

/**
 * The engine alone: the direct loop's calls on every text, all of them already in place in another instance's memory
 * (no read, no scan, no copy, no digest): the floor a range's analysis stands on.
 */
const alone = instantiateEngine();
let aloneText = 0, aloneFeatures = 0;
function placeAlone(): void {
  const total = kept.reduce((sum, block) => sum + block.texts.length, 0);
  aloneText = (alone.heapBase() + 63) & ~63;
  aloneFeatures = (aloneText + total + 64 + 7) & ~7;
  const longest = kept.reduce((most, block) => Math.max(most, ...block.lengths), 0);
  alone.memory.grow(Math.ceil((aloneFeatures + 8 * (longest + 2) - alone.memory.buffer.byteLength) / 65536));
  const bytes = new Uint8Array(alone.memory.buffer);
  let at = aloneText;
  for (const block of kept) {
    bytes.set(block.texts, at);
    block.starts = block.starts.map((start) => start + at);
    at += block.texts.length;
  }
}
function engineAlone(): void {
  for (const { starts, lengths } of kept) {
    for (let i = 0; i < starts.length; i++) {
      featuresInPlace(alone, starts[i], lengths[i], aloneFeatures);
      alone.votedFingerprint();
    }
  }
}

rangeTaskWith(viaEngineModule, 'keep');
rangeTaskWith(viaKernelsPass, 'compare');
direct(true);
placeAlone();
console.error(`checked: ${documents.toLocaleString('en')} documents, the same fingerprints and digests every way`);
// Timed without the check (the direct loop's digests go to one scratch place, as the range task's are made and let go), in
// interleaved rounds: this machine's speed moves by a quarter within minutes, and a round times both back to back.
const ROUNDS = 9;
const { tasks } = await runRounds([
  { name: 'engine module', items: documents, bytes: RANGES * RANGE, fn: () => rangeTaskWith(viaEngineModule, 'no') },
  { name: "kernels' pass", items: documents, bytes: RANGES * RANGE, fn: () => rangeTaskWith(viaKernelsPass, 'no') },
  { name: 'direct', items: documents, bytes: RANGES * RANGE, fn: () => direct(false) },
  { name: 'engine alone', items: documents, bytes: RANGES * RANGE, fn: engineAlone },
], ROUNDS, (message) => console.error(message));
closeSync(fd);
const [beforeMs, nowMs, directMs, aloneMs] = tasks.map((task) => median(task.ms));
/** The speed of task b against task a, round by round, sorted. */
const ratios = (a: number, b: number) => tasks[a].ms.map((ms, round) => ms / tasks[b].ms[round]).sort((x, y) => x - y);
const range = (r: number[]) => `median ${median(r).toFixed(2)}× (${r[0].toFixed(2)} to ${r[r.length - 1].toFixed(2)})`;
console.log(`${RANGES} ranges of 1 MB, ${documents.toLocaleString('en')} documents, one thread, median of ${ROUNDS} interleaved rounds`);
for (const [name, ms] of [['engine module', beforeMs], ["kernels' pass", nowMs], ['direct', directMs], ['engine alone', aloneMs]] as const) {
  console.log(`${name.padEnd(13)} ${ms.toFixed(0)} ms  ${((RANGES * RANGE) / 1e3 / ms).toFixed(0)} MB/s  ${((1000 * ms) / documents).toFixed(2)} µs a document`);
}
console.log(`the engine alone: ${((100 * aloneMs) / nowMs).toFixed(0)}% of the range task's time, ${((100 * aloneMs) / directMs).toFixed(0)}% of the direct loop's`);
console.log(`the kernels' pass against the engine module, round by round: ${range(ratios(0, 1))} the speed`);
console.log(`direct against the kernels' pass: ${range(ratios(1, 2))}`);
