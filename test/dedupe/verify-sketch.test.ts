// The verification's first-pass parts: the boilerplate sample (analysis/boilerplate-sample.ts) against an exact
// count, and the sketches' test (grouping/sketch-filter.ts), which must never drop a pair whose exact similarity
// passes and should drop most unrelated ones.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { Random } from '../../packages/corpus/src/evaluation/random.js';
import { BoilerplateSample, boilerplateThreshold, commonShingles, sampleKey, SAMPLE_TEXTS } from '../../packages/corpus/src/analysis/boilerplate-sample.js';
import { EMPTY_BIN, REFERENCE_BINS, SKETCH_BINS } from '../../packages/corpus/src/analysis/minhash-sketch.js';
import { createFeatureKernels } from '../../packages/simhash-wasm/src/wasm/feature-kernels.js';
import { setSimilarity, sketchOfSet, sortedUnique, withoutBoilerplate } from '../../packages/corpus/src/analysis/shingle-sets.js';
import { dropLimits, FALSE_DROP, sketchFilter } from '../../packages/corpus/src/grouping/sketch-filter.js';
import { pairPasses } from '../../packages/corpus/src/grouping/pair-rule.js';
import { sketchesInMemory, SpilledSketches } from '../../packages/corpus/src/grouping/sketch-store.js';

const randomSet = (random: Random, size: number) => Array.from({ length: size }, () => Math.floor(random.next() * 2 ** 32) >>> 0);
const set = (values: readonly number[]) => sortedUnique(Uint32Array.from(values));

function randomDigest(random: Random): Uint8Array {
  return Uint8Array.from({ length: 16 }, () => Math.floor(random.next() * 256));
}

/** Brute force: the shingles in at least `threshold` of the sets. */
function frequent(sets: readonly Uint32Array[], threshold: number): number[] {
  const counts = new Map<number, number>();
  for (const s of sets) for (const h of s) counts.set(h, (counts.get(h) ?? 0) + 1);
  return [...counts].filter(([, c]) => c >= threshold).map(([h]) => h).sort((a, b) => a - b);
}

describe('the boilerplate sample', () => {
  it('counts every distinct text exactly up to 2 × SAMPLE_TEXTS of them, copies once', () => {
    const random = new Random(3);
    const footer = randomSet(random, 30);
    const pool = randomSet(random, 2000);
    const sample = new BoilerplateSample();
    const sets: Uint32Array[] = [];
    for (let t = 0; t < 3000; t++) {
      const s = set([...randomSet(random, 100), ...Array.from({ length: 50 }, () => random.pick(pool)), ...(t % 10 === 0 ? footer : [])]);
      const digest = randomDigest(random);
      sets.push(s);
      sample.add(digest, sampleKey(digest, 0), s);
      if (t % 7 === 0) sample.add(digest, sampleKey(digest, 0), s); // a copy: the same digest
    }
    const result = sample.finish();
    expect(sample.level).toBe(0);
    expect([result.texts, result.share, result.threshold]).toEqual([3000, 1, boilerplateThreshold(3000)]);
    expect([...result.shingles].sort((a, b) => a - b)).toEqual(frequent(sets, 30));
    for (const h of footer) expect(result.shingles.has(h)).toBe(true);
  });

  it('counts the common shingles exactly, at any threshold, with buckets crowded or not (commonShingles)', () => {
    const random = new Random(11);
    for (const [texts, size, span, threshold] of [[50, 40, 2 ** 32, 1], [50, 40, 2 ** 32, 2], [400, 60, 2 ** 32, 8], [400, 60, 5000, 8], [2000, 30, 2 ** 32, 82], [2000, 30, 3000, 82], [300, 200, 2 ** 12, 150]]) {
      // Each set: its own shingles, some from a pool shared by many texts, within `span` (a small one crowds them
      // into a few buckets by their top bits).
      const pool = Array.from({ length: 40 }, () => Math.floor(random.next() * span));
      const sets = Array.from({ length: texts }, () => set([
        ...Array.from({ length: size }, () => Math.floor(random.next() * span)),
        ...pool.filter(() => random.next() < 0.5),
      ]));
      const want = frequent(sets, threshold);
      expect([...commonShingles(sets, threshold)].sort((a, b) => a - b), `${texts} texts of ${size} in ${span}, ${threshold}`).toEqual(want);
    }
    expect(commonShingles([], 8).size).toBe(0);
    expect([...commonShingles([Uint32Array.of(0, 2 ** 32 - 1)], 1)].sort((a, b) => a - b)).toEqual([0, 2 ** 32 - 1]);
  });

  it('past that, a sample by digest: the same whatever the order, the footer found, rarer shingles not', () => {
    const random = new Random(5);
    const footer = randomSet(random, 10); // in 5% of the texts
    const rare = randomSet(random, 10); // in 0.3%
    const texts = Array.from({ length: 60_000 }, (_, t) => {
      const digest = randomDigest(random);
      return { digest, set: set([...randomSet(random, 8), ...(t % 20 === 0 ? footer : []), ...(t % 333 === 0 ? rare : [])]) };
    });
    const run = (order: typeof texts) => {
      const sample = new BoilerplateSample();
      for (const { digest, set: s } of order) sample.add(digest, sampleKey(digest, 0), s);
      return { level: sample.level, ...sample.finish() };
    };
    const forward = run(texts), backward = run([...texts].reverse());
    expect(forward.level).toBeGreaterThan(0);
    expect(forward.texts).toBeGreaterThanOrEqual(SAMPLE_TEXTS);
    expect(forward.texts).toBeLessThanOrEqual(2 * SAMPLE_TEXTS);
    expect(forward.share).toBe(2 ** -forward.level);
    expect(backward.texts).toBe(forward.texts);
    expect([...backward.shingles].sort()).toEqual([...forward.shingles].sort());
    expect(forward.threshold).toBe(Math.ceil(0.01 * forward.texts));
    for (const h of footer) expect(forward.shingles.has(h)).toBe(true);
    for (const h of rare) expect(forward.shingles.has(h)).toBe(false);
  });
});

const kernels = createFeatureKernels();

/** The sketch of a set of 32-bit shingle hashes, as features whose low halves they are. */
function sketchOf(s: Uint32Array): Uint32Array {
  const out = new Uint32Array(SKETCH_BINS);
  kernels.sketch(BigUint64Array.from(s, (v) => BigInt(v) | 0xabcd_0000_0000n << 16n), SKETCH_BINS, out, 0);
  return out;
}

describe('the sketches\' test', () => {
  it('drops a pair only when even the least passing similarity would rarely give so few matches', () => {
    const limits = dropLimits(0.5);
    // P(Binomial(32, 0.5) <= 2) = 1.2e-7, P(<= 3) = 1.3e-6 > 1e-6.
    expect(limits[32]).toBe(2);
    expect(limits[19]).toBe(-1); // 0.5^19 = 1.9e-6: not even 0 matches of 19 rules a pair out
    expect(limits[20]).toBe(0);
    expect(FALSE_DROP).toBe(1e-6);
    expect([...dropLimits(1)].slice(30)).toEqual([29, 30, 31]);
    expect([...dropLimits(0)].every((l) => l === -1)).toBe(true);
  });

  it('never drops a pair whose exact similarity (boilerplate left out) passes; drops most unrelated pairs', () => {
    const random = new Random(9);
    const boilerplate = new Set(randomSet(random, 40));
    const footer = [...boilerplate];
    const sets: Uint32Array[] = [];
    const pairs: [number, number][] = [];
    for (let p = 0; p < 3000; p++) {
      const size = 20 + Math.floor(random.next() * 400);
      const a = randomSet(random, size);
      // b shares a share of a drawn from 0 to 1 (so similarities spread over the threshold), and half carry the footer.
      const kept = a.filter(() => random.next() < (p % 3 === 0 ? random.next() : p % 3 === 1 ? 0.02 : 0.7 + 0.3 * random.next()));
      const b = [...kept, ...randomSet(random, size - kept.length)];
      sets.push(set(p % 2 === 0 ? [...a, ...footer] : a), set(p % 4 === 0 ? [...b, ...footer] : b));
      pairs.push([2 * p, 2 * p + 1]);
    }
    const sketches = new Uint32Array(sets.length * SKETCH_BINS);
    sets.forEach((s, d) => sketches.set(sketchOf(s), d * SKETCH_BINS));
    // Spilled in pieces of uneven sizes, as a run's batches bring them, and read back for the candidates.
    const store = new SpilledSketches();
    for (let start = 0, size = 1; start < sets.length; start += size, size = 1 + ((size * 7) % 251)) {
      store.add(sketches.slice(start * SKETCH_BINS, Math.min(sets.length, start + size) * SKETCH_BINS));
    }
    expect(store.documents).toBe(sets.length);
    const selected = store.select(Uint32Array.from(sets, (_, d) => d));
    store.close();
    const sizes = Uint32Array.from(sets, (s) => s.length);
    const candidates = { earlier: Uint32Array.from(pairs, (p) => p[0]), later: Uint32Array.from(pairs, (p) => p[1]), distance: new Uint8Array(pairs.length) };
    for (const mode of ['jaccard', 'containment', 'jaccard-or-contained'] as const) {
      const kept = sketchFilter(candidates, selected, sizes, { shingles: boilerplate, threshold: 8, texts: 100, share: 1 }, { mode, threshold: 0.5 });
      const keptSet = new Set([...kept.pairs.earlier]);
      let passing = 0, unrelated = 0, unrelatedDropped = 0;
      for (const [a, b] of pairs) {
        const [setA, setB] = [withoutBoilerplate(sets[a], boilerplate), withoutBoilerplate(sets[b], boilerplate)];
        const exact = setSimilarity(setA, setB, mode);
        if (pairPasses(setA, setB, { mode, threshold: 0.5 })) {
          passing++;
          expect(keptSet.has(a)).toBe(true);
        }
        if (exact < 0.05 && sets[a].length > 200) {
          unrelated++;
          if (!keptSet.has(a)) unrelatedDropped++;
        }
      }
      expect(passing).toBeGreaterThan(1000);
      expect(unrelated).toBeGreaterThan(300);
      // Containment's least Jaccard (a third at 0.5) is too low for 32 bins to rule anything out (sketch-filter.ts);
      // 'jaccard-or-contained' is tested at the threshold itself for sets of like sizes (these pairs' sets are).
      expect(unrelatedDropped / unrelated).toBeGreaterThan(mode === 'containment' ? -1 : 0.95);
      expect(kept.dropped).toBe(pairs.length - kept.pairs.earlier.length);
    }
  });
});

describe('a reference\'s sketch (REFERENCE_BINS)', () => {
  it('holds the first pass\'s: each of its 32 bins is the least of 4 of the reference\'s', () => {
    const random = new Random(11);
    for (const size of [0, 1, 20, 100, 3000]) {
      const shingles = set(randomSet(random, size));
      const small = sketchOfSet(shingles, SKETCH_BINS), large = sketchOfSet(shingles, REFERENCE_BINS);
      const ratio = REFERENCE_BINS / SKETCH_BINS;
      expect([...small]).toEqual(Array.from(small, (_, b) => Math.min(...large.subarray(b * ratio, (b + 1) * ratio))));
      expect([...small]).toEqual([...sketchOf(shingles)]);
      const filled = large.filter((x) => x !== EMPTY_BIN).length;
      expect(filled).toBeLessThanOrEqual(Math.min(size, REFERENCE_BINS));
      if (size >= 3000) expect(filled).toBe(REFERENCE_BINS);
    }
  });

  it('estimates a Jaccard near the threshold with about half the error of 32 bins', () => {
    const random = new Random(12);
    const error: Record<number, number> = { [SKETCH_BINS]: 0, [REFERENCE_BINS]: 0 };
    const pairs = 400;
    for (let p = 0; p < pairs; p++) {
      // Two sets of 600 sharing 400: Jaccard 0.5.
      const shared = randomSet(random, 400);
      const a = set([...shared, ...randomSet(random, 200)]), b = set([...shared, ...randomSet(random, 200)]);
      for (const bins of [SKETCH_BINS, REFERENCE_BINS]) {
        const x = sketchOfSet(a, bins), y = sketchOfSet(b, bins);
        let matches = 0;
        for (let i = 0; i < bins; i++) if (x[i] === y[i]) matches++;
        error[bins] += (matches / bins - 0.5) ** 2;
      }
    }
    const rms = (bins: number) => Math.sqrt(error[bins] / pairs);
    // Binomial: sqrt(0.25 / 32) = 0.088, sqrt(0.25 / 128) = 0.044.
    expect(rms(SKETCH_BINS)).toBeGreaterThan(0.075);
    expect(rms(REFERENCE_BINS)).toBeLessThan(0.052);
  });
});

describe('SpilledSketches', () => {
  it('reads back exactly the sketches asked for, few (one by one) or many (in order), whatever pieces they came in', () => {
    const random = new Random(5);
    const n = 50_000;
    const all = Uint32Array.from({ length: n * SKETCH_BINS }, () => Math.floor(random.next() * 2 ** 32));
    const store = new SpilledSketches();
    for (let start = 0, size = 3; start < n; start += size, size = 1 + ((size * 13) % 1999)) {
      store.add(all.slice(start * SKETCH_BINS, Math.min(n, start + size) * SKETCH_BINS));
    }
    store.add(new Uint32Array(0));
    expect(store.documents).toBe(n);
    // Its file was unlinked once open: nothing of it is left to clean up, however the process ends.
    expect(readdirSync(tmpdir()).filter((name) => name.startsWith(`simhash-sketches-${process.pid}-`))).toEqual([]);
    const memory = sketchesInMemory(all).select(new Uint32Array(0));
    const few = Uint32Array.from([0, 7, 4095, 4096, 33_333, n - 1]);
    const many = Uint32Array.from({ length: n }, (_, d) => d).filter((d) => d % 3 !== 1);
    for (const docs of [few, many]) {
      const got = store.select(docs);
      for (const doc of docs) {
        const at = got.offsetOf(doc), expected = memory.offsetOf(doc);
        expect(got.words.subarray(at, at + SKETCH_BINS)).toEqual(all.subarray(expected, expected + SKETCH_BINS));
      }
    }
    store.close();
    // Nothing was ever asked of an empty one, and closing twice is harmless.
    const empty = new SpilledSketches();
    expect(empty.documents).toBe(0);
    expect(empty.select(new Uint32Array(0)).words.length).toBe(0);
    empty.close();
    store.close();
  });
});
