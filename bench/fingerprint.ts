// Fingerprint throughput: the WASM engine, the pure engine and simhash-js, on the reference's workload and real mail.
//
// simhash-js is a speed peer only, not the same fingerprint: it makes 32-bit fingerprints from
// non-overlapping 4-character slices of the raw string (no tokenizing, no lowercasing), hashes
// each slice's UTF-16 code units with Jenkins lookup3, turns every hash into a hex string and back,
// sorts them as strings and keeps at most 128 of them (through `splice`, which keeps the slices
// *after* the first 128, not the first 128), all with unit weights.
import simhashJs from 'simhash-js';
import * as wasm from '../packages/simhash-wasm/src/index.js';
import * as pure from '../packages/simhash-wasm/src/pure/index.js';
import { roundsTable, runRounds, type RoundsOutcome, type RoundTask } from './rounds.js';
import type { BenchSuite, SuiteContext } from './suite.js';
import { firstDocuments, SEED_SHINGLE, SEED_XOR, seedWorkload, spamAssassinWorkload, xorAll, type Workload } from './workloads.js';
import { median } from './support/median.js';

type Hasher = ReturnType<typeof wasm.createSimHash>;

interface Variant {
  readonly name: string;
  /** Fingerprints every document once; returns a value that depends on every fingerprint. */
  readonly run: (workload: Workload) => bigint;
  /** The simhash-js row computes another fingerprint, so its checksum is not ours. */
  readonly ours: boolean;
  /** Times only this many documents per call (simhash-js is about 30× slower: a full pass takes half a minute). */
  readonly documents?: number;
}

function xorSingle(hasher: Hasher, docs: readonly (string | Uint8Array)[]): bigint {
  let acc = 0n;
  for (const doc of docs) acc ^= hasher.fingerprint(doc);
  return acc;
}

function variants(wasmHasher: Hasher, pureHasher: Hasher): Variant[] {
  const peer = new simhashJs.SimHash();
  return [
    { name: 'wasm fingerprintMany(strings)', ours: true, run: (w) => xorAll(wasmHasher.fingerprintMany(w.texts)) },
    { name: 'wasm fingerprintMany(bytes)', ours: true, run: (w) => xorAll(wasmHasher.fingerprintMany(w.bytes)) },
    { name: 'wasm fingerprint(string)', ours: true, run: (w) => xorSingle(wasmHasher, w.texts) },
    { name: 'pure fingerprint(string)', ours: true, run: (w) => xorSingle(pureHasher, w.texts) },
    { name: 'pure fingerprintMany(bytes)', ours: true, run: (w) => xorAll(pureHasher.fingerprintMany(w.bytes)) },
    {
      name: 'simhash-js hash(string)',
      ours: false,
      documents: 1_000,
      run: (w) => {
        let acc = 0;
        for (const text of w.texts) acc ^= peer.hash(text) ?? 0;
        return BigInt(acc >>> 0);
      },
    },
  ];
}

/** Before timing: the engines must agree with each other, and with the reference where it is known. */
function checkedXor(workload: Workload, wasmHasher: Hasher, pureHasher: Hasher): bigint {
  const fromWasm = wasmHasher.fingerprintMany(workload.bytes);
  const fromPure = pureHasher.fingerprintMany(workload.texts);
  for (let i = 0; i < fromWasm.length; i++) {
    if (fromWasm[i] !== fromPure[i]) throw new Error(`${workload.name}: document ${i}: wasm ${wasm.toHex(fromWasm[i])} ≠ pure ${wasm.toHex(fromPure[i])}`);
  }
  const xor = xorAll(fromWasm);
  if (workload.expectedXor !== undefined && xor !== workload.expectedXor) {
    throw new Error(`${workload.name}: fingerprints XOR to ${wasm.toHex(xor)}, the reference's to ${wasm.toHex(workload.expectedXor)}`);
  }
  return xor;
}

async function benchWorkload(context: SuiteContext, key: string, load: () => Workload, wasmHasher: Hasher, pureHasher: Hasher): Promise<void> {
  const all = variants(wasmHasher, pureHasher);
  const chosen = all.filter((v) => context.selected(`fingerprint/${key}/${v.name}`));
  if (chosen.length === 0) return;
  const workload = load();
  const expected = checkedXor(workload, wasmHasher, pureHasher);
  context.log(`${workload.name}: wasm and pure agree on every document, XOR ${wasm.toHex(expected)}`);
  const tasks: RoundTask[] = chosen.map((variant) => {
    const input = variant.documents === undefined ? workload : firstDocuments(workload, variant.documents);
    return {
      name: variant.name,
      items: input.texts.length,
      bytes: input.totalBytes,
      fn: () => {
        const got = variant.run(input);
        // Checking every timed call keeps the work observable, so no engine can skip any of it.
        if (variant.ours && got !== expected) throw new Error(`${variant.name} on ${workload.name}: XOR ${wasm.toHex(got)}, expected ${wasm.toHex(expected)}`);
      },
    };
  });
  // The reference fingerprints the reference's workload only: a ratio on other documents would compare different work.
  const stick = key === 'seed' && context.yardstick
    ? {
        stick: context.yardstick,
        items: workload.texts.length,
        bytes: workload.totalBytes,
        check: (acc: bigint) => {
          if (acc !== SEED_XOR) throw new Error(`the reference printed acc ${wasm.toHex(acc)}, not ${wasm.toHex(SEED_XOR)}: another workload?`);
        },
      }
    : undefined;
  context.log(`${workload.name}: ${context.rounds} interleaved rounds${stick ? ', each with a reference sample' : ''}`);
  const outcome = await runRounds(tasks, context.rounds, context.log, stick);
  context.print(`### fingerprint: ${workload.name}, ${(workload.totalBytes / 1e6).toFixed(1)} MB, w = ${SEED_SHINGLE}\n\n${roundsTable(outcome)}\n`);
  if (outcome.reference) context.print(`${goals(outcome)}\n`);
}

/** The engines' goals, per thread on the reference's workload: WASM 10 times the reference, pure TypeScript 2 times. */
const GOALS = [
  { engine: 'wasm', times: 10 },
  { engine: 'pure', times: 2 },
];

/** Each engine's best task by its median ratio to the reference (paired rounds, as the table), against its goal. */
function goals(outcome: RoundsOutcome): string {
  const reference = outcome.reference!;
  const lines = GOALS.map(({ engine, times }) => {
    const ratios = outcome.tasks
      .filter((task) => task.name.startsWith(`${engine} `))
      .map((task) => ({ name: task.name, ratio: median(task.ms.map((ms, round) => reference.ms[round] / ms * (task.items / reference.items))) }));
    if (ratios.length === 0) return `- ${engine}: no task ran`;
    const best = ratios.reduce((a, b) => (b.ratio > a.ratio ? b : a));
    const verdict = best.ratio >= times ? 'reached' : `not reached, ${((times / best.ratio - 1) * 100).toFixed(0)}% short`;
    return `- ${engine} at least ${times}× the reference: best ${best.ratio.toFixed(2)}× (${best.name}): ${verdict}`;
  });
  return `Goals (the engines; median of the paired rounds' ratios):\n\n${lines.join('\n')}\n`;
}

export const suite: BenchSuite = {
  name: 'fingerprint',
  async run(context) {
    await wasm.init();
    const wasmHasher = wasm.createSimHash({ shingle: SEED_SHINGLE });
    const pureHasher = pure.createSimHash({ shingle: SEED_SHINGLE });
    await benchWorkload(context, 'seed', seedWorkload, wasmHasher, pureHasher);
    await benchWorkload(context, 'spam', spamAssassinWorkload, wasmHasher, pureHasher);
  },
};
