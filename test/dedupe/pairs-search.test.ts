// The grouping's pairs() on the workers that read the documents (analysis/pairs-search.ts): the corpus's worker
// script serves the library's index search, its pairs are the index's own, it is used only where the estimate says
// the search pays, and a dedupe run whose every search goes to the workers groups exactly as one in this thread.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimHashIndex } from '../../packages/simhash-wasm/src/index.js';
import { createAnalyzer, type Analyzer } from '../../packages/corpus/src/analysis/analyzer.js';
import { createGrowingAnalyzer } from '../../packages/corpus/src/analysis/growing-analyzer.js';
import { pairsSearch, searchInThread } from '../../packages/corpus/src/analysis/pairs-search.js';
import { runDedupe, type DedupeOptions } from '../../packages/corpus/src/dedupe/pipeline.js';
import { lcgUniform } from '../support/random.js';

const dir = mkdtempSync(join(tmpdir(), 'simhash-pairs-search-'));
let analyzer: Analyzer;
beforeAll(async () => {
  analyzer = await createAnalyzer({ threads: 2, engine: 'wasm', shingle: 3 });
}, 60_000);
afterAll(async () => {
  await analyzer.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `n` fingerprints in clusters of near ones (a few bits flipped from a centre), so that pairs within k are many. */
function clustered(n: number, seed: number): BigUint64Array {
  const random = lcgUniform(seed);
  const word = () => BigInt(Math.floor(random() * 2 ** 32));
  const fps = new BigUint64Array(n);
  let centre = 0n;
  for (let i = 0; i < n; i++) {
    if (i % 5 === 0) centre = (word() << 32n) | word();
    let fp = centre;
    for (let f = Math.floor(random() * 6); f > 0; f--) fp ^= 1n << BigInt(Math.floor(random() * 64));
    fps[i] = fp;
  }
  return fps;
}

describe('the corpus workers serve the index search', () => {
  it('pairs() on them is the index\'s own pairs(), in its order', async () => {
    const index = new SimHashIndex({ maxDistance: 6 });
    index.addMany(clustered(40_000, 3));
    const want = index.pairs(6);
    expect(want.length).toBeGreaterThan(40_000);
    const got = await analyzer.search!.pairs(index, 6);
    expect(got.length).toBe(want.length);
    expect(got.a).toEqual(want.a);
    expect(got.b).toEqual(want.b);
    expect(got.distances).toEqual(want.distances);
  });

  it('on stdin\'s analyzer, once it has grown into workers: none before, the index\'s own pairs after', async () => {
    const growing = await createGrowingAnalyzer({ threads: 2, engine: 'wasm', shingle: 3 }, 1000);
    try {
      expect(growing.search).toBeUndefined();
      await growing.analyze([{ text: 'a text long enough to pass the threshold of a thousand characters '.repeat(20), html: false }]);
      expect(growing.threads).toBe(2);
      const index = new SimHashIndex({ maxDistance: 5 });
      index.addMany(clustered(20_000, 9));
      const want = index.pairs(5);
      const got = await growing.search!.pairs(index, 5);
      expect(got.a).toEqual(want.a);
      expect(got.b).toEqual(want.b);
      expect(got.distances).toEqual(want.distances);
    } finally {
      await growing.close();
    }
  });

  it('is used where the estimate says the search pays, and never without workers', () => {
    const search = pairsSearch(() => analyzer.search, async () => {});
    expect(search.usesWorkers(11, 1_000_000)).toBe(true);
    expect(search.usesWorkers(3, 1_000_000)).toBe(false);
    expect(search.usesWorkers(3, 1_000)).toBe(false);
    expect(pairsSearch(() => undefined, async () => {}).usesWorkers(11, 1_000_000)).toBe(false);
    expect(searchInThread.usesWorkers(11, 1_000_000)).toBe(false);
  });
});

/** Families of a base text and edited copies (a few words changed), among unrelated texts. */
function familiesJsonl(families: number, seed: number): string {
  const random = lcgUniform(seed);
  const vocabulary = Array.from({ length: 3000 }, (_, i) => `w${i.toString(36)}`);
  const pick = () => vocabulary[Math.floor(random() * random() * vocabulary.length)];
  const lines: string[] = [];
  for (let f = 0; f < families; f++) {
    const base = Array.from({ length: 80 + Math.floor(random() * 120) }, pick);
    const copies = Math.floor(random() * 4);
    for (let c = 0; c <= copies; c++) {
      const text = base.map((word) => (c > 0 && random() < 0.04 ? pick() : word));
      lines.push(JSON.stringify({ id: `f${f}-c${c}`, text: text.join(' ') }));
    }
  }
  return lines.join('\n') + '\n';
}

describe('a dedupe run whose searches go to the workers', () => {
  const corpus = join(dir, 'families.jsonl');
  writeFileSync(corpus, familiesJsonl(1500, 5));
  const options: DedupeOptions = {
    shingle: 3, engine: 'wasm', threads: 1, mail: false, html: 'off', invalidUtf8: 'skip',
    maxDistance: 11, minTokens: 5, grouping: 'leader', verify: 'jaccard', autoDistance: true,
  };
  const run = (threads: number, searchFromNs?: number, running?: Analyzer) => runDedupe([corpus], new PassThrough(), { ...options, threads, searchFromNs }, { skipped: () => {} }, running);
  /** What the run decided (its timings left out). */
  const outcome = (result: Awaited<ReturnType<typeof run>>) => ({
    groups: result.groups,
    maxDistance: result.maxDistance,
    verification: Object.fromEntries(Object.entries(result.verification ?? {}).filter(([key]) => !/seconds/i.test(key))),
  });

  it('groups exactly as a run in one thread, k chosen and verified', async () => {
    const want = await run(1);
    expect(want.groups.length).toBeGreaterThan(300);
    // The shared analyzer, its searches counted (and done by it): the run's searches did go to the workers.
    let searches = 0;
    const counted: Analyzer = { ...analyzer, search: { ...analyzer.search!, pairs: (index, k) => (searches++, analyzer.search!.pairs(index, k)) } };
    expect(outcome(await run(2, 0, counted)), '2 threads').toEqual(outcome(want));
    expect(searches).toBe(1);
    // A pool of the run's own, closed by the run.
    const got = await run(3, 0);
    expect(got.threads).toBe(3);
    expect(outcome(got), '3 threads').toEqual(outcome(want));
  }, 60_000);
});
