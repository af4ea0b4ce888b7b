// tokens: 'cjk-chars' on CJK text, both engines, beside the default tokenization on the same documents: what the
// per-character tokens cost where they matter. The documents are running Chinese, Japanese and Korean prose built
// from test/support/cjk-texts.ts (seeded), 300 to 2,000 characters each.
import * as wasm from '../packages/simhash-wasm/src/index.js';
import * as pure from '../packages/simhash-wasm/src/pure/index.js';
import { CHINESE_SENTENCES, JAPANESE_SENTENCES, KOREAN_SENTENCES } from '../test/support/cjk-texts.js';
import { roundsTable, runRounds, type RoundTask } from './rounds.js';
import type { BenchSuite } from './suite.js';
import { xorAll, type Workload } from './workloads.js';

const DOCUMENTS = 3_000;
const SHINGLE = 3;

/** Documents of 300 to 2,000 characters, each a seeded run of sentences of one language. */
function cjkWorkload(): Workload {
  const languages = [CHINESE_SENTENCES, CHINESE_SENTENCES, JAPANESE_SENTENCES, KOREAN_SENTENCES];
  let state = 12345;
  const next = (n: number) => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0) % n);
  const texts: string[] = [];
  for (let d = 0; d < DOCUMENTS; d++) {
    const sentences = languages[d % languages.length];
    const length = 300 + next(1700);
    let text = '';
    while (text.length < length) text += sentences[next(sentences.length)];
    texts.push(text);
  }
  const encoder = new TextEncoder();
  const bytes = texts.map((t) => encoder.encode(t));
  const totalBytes = bytes.reduce((sum, b) => sum + b.length, 0);
  return { name: `CJK prose (${DOCUMENTS.toLocaleString('en')} documents: Chinese, Japanese, Korean)`, texts, bytes, totalBytes };
}

export const suite: BenchSuite = {
  name: 'cjk',
  async run(context) {
    const hashers = (['cjk-chars', 'words'] as const).flatMap((tokens) => [
      { engine: 'wasm', tokens, hasher: wasm.createSimHash({ shingle: SHINGLE, tokens }) },
      { engine: 'pure', tokens, hasher: pure.createSimHash({ shingle: SHINGLE, tokens }) },
    ]);
    const forms = ['strings', 'bytes'] as const;
    const chosen = hashers.flatMap((h) => forms.map((form) => ({ ...h, form, name: `${h.engine} ${h.tokens} fingerprintMany(${form})` })))
      .filter((t) => context.selected(`cjk/${t.name}`));
    if (chosen.length === 0) return;
    await wasm.init();
    const workload = cjkWorkload();
    // Before timing: the engines agree under each tokenization, and each call is checked against that.
    const expected = new Map<string, bigint>();
    for (const tokens of ['cjk-chars', 'words'] as const) {
      const fromWasm = xorAll(wasm.createSimHash({ shingle: SHINGLE, tokens }).fingerprintMany(workload.bytes));
      const fromPure = xorAll(pure.createSimHash({ shingle: SHINGLE, tokens }).fingerprintMany(workload.texts));
      if (fromWasm !== fromPure) throw new Error(`${tokens}: wasm XOR ${wasm.toHex(fromWasm)} ≠ pure ${wasm.toHex(fromPure)}`);
      expected.set(tokens, fromWasm);
    }
    const tasks: RoundTask[] = chosen.map((t) => ({
      name: t.name,
      items: workload.texts.length,
      bytes: workload.totalBytes,
      fn: () => {
        const got = xorAll(t.hasher.fingerprintMany(t.form === 'strings' ? workload.texts : workload.bytes));
        if (got !== expected.get(t.tokens)) throw new Error(`${t.name}: XOR ${wasm.toHex(got)}`);
      },
    }));
    context.log(`${workload.name}: ${context.rounds} interleaved rounds`);
    const outcome = await runRounds(tasks, context.rounds, context.log);
    context.print(`### cjk: ${workload.name}, ${(workload.totalBytes / 1e6).toFixed(1)} MB, w = ${SHINGLE}\n\n${roundsTable(outcome)}\n`);
  },
};
