// Threshold evaluation: metrics against a brute-force count, the pair generator, the SVG plot, and the two verbs.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluate } from '../../packages/corpus/src/evaluation/metrics.js';
import { renderPlot } from '../../packages/corpus/src/evaluation/plot.js';
import { makePairs, replaceWords, shuffleParagraphs } from '../../packages/corpus/src/evaluation/make-pairs.js';
import { Random } from '../../packages/corpus/src/evaluation/random.js';
import { runInProcess } from '../support/cli.js';
import { article } from '../support/dedupe-fixture.js';

const labelled = fc.array(fc.record({ distance: fc.integer({ min: 0, max: 64 }), duplicate: fc.boolean() }), { minLength: 1, maxLength: 200 });

describe('evaluate', () => {
  it('precision, recall and F1 at every k match a direct count', () => {
    fc.assert(fc.property(labelled, (pairs) => {
      const e = evaluate(pairs);
      expect(e.rows).toHaveLength(33);
      for (const row of e.rows) {
        const tp = pairs.filter((p) => p.duplicate && p.distance <= row.k).length;
        const fp = pairs.filter((p) => !p.duplicate && p.distance <= row.k).length;
        const positives = pairs.filter((p) => p.duplicate).length;
        expect([row.truePositives, row.falsePositives, row.falseNegatives]).toEqual([tp, fp, positives - tp]);
        expect(row.precision).toBe(tp + fp === 0 ? null : tp / (tp + fp));
        expect(row.recall).toBe(positives === 0 ? null : tp / positives);
      }
      const bestF1 = Math.max(...e.rows.map((r) => r.f1));
      expect(e.best.f1).toBe(bestF1);
      expect(e.best.k).toBe(e.rows.find((r) => r.f1 === bestF1)!.k);
    }));
  });

  it('a clean separation gives F1 = 1 at the gap; stats per kind', () => {
    const pairs = [
      ...[1, 2, 3, 4].map((distance) => ({ distance, duplicate: true, kind: 'copy' })),
      ...[20, 30].map((distance) => ({ distance, duplicate: false, kind: 'other' })),
    ];
    const e = evaluate(pairs);
    expect(e.best).toMatchObject({ k: 4, f1: 1, precision: 1, recall: 1 });
    expect(e.kinds).toEqual([
      { kind: 'copy', duplicate: true, pairs: 4, meanDistance: 2.5, medianDistance: 3, maxDistance: 4, withinBest: 1 },
      { kind: 'other', duplicate: false, pairs: 2, meanDistance: 25, medianDistance: 30, maxDistance: 30, withinBest: 0 },
    ]);
  });
});

describe('makePairs', () => {
  const corpus = Array.from({ length: 30 }, (_, i) => ({ text: `${article(10 + i, 60)}\n\n${article(100 + i, 40)}`, source: `doc${i}` }));

  it('is deterministic for a seed, and labels every kind', () => {
    const a = makePairs(corpus, { count: 10, seed: 7 });
    expect(makePairs(corpus, { count: 10, seed: 7 })).toEqual(a);
    expect(makePairs(corpus, { count: 10, seed: 8 })).not.toEqual(a);
    const kinds = new Map(a.map((p) => [p.kind, p.duplicate]));
    expect(Object.fromEntries(kinds)).toEqual({
      'edit-1': true, 'edit-2': true, 'edit-4': true, 'edit-8': true, 'edit-16': true, byline: true, footer: true, shuffle: true,
      unrelated: false, 'shared-byline': false, 'shared-footer': false,
    });
    expect(a).toHaveLength(10 * 11);
    for (const p of a.filter((p) => p.kind === 'unrelated')) expect(p.b).not.toBe(p.a);
  });

  it('skips documents under minWords; needs two documents', () => {
    expect(makePairs([{ text: 'too short' }, { text: 'also short' }])).toEqual([]);
    expect(makePairs([corpus[0]])).toEqual([]);
  });

  it('replaceWords changes exactly n words; shuffleParagraphs keeps the paragraphs', () => {
    const text = article(5, 50);
    const edited = replaceWords(text, 4, ['zebra'], new Random(3));
    const before = text.split(' '), after = edited.split(' ');
    expect(after).toHaveLength(before.length);
    expect(after.filter((w, i) => w !== before[i])).toHaveLength(4);
    const shuffled = shuffleParagraphs('one\n\ntwo\n\nthree', new Random(1))!;
    expect(shuffled).not.toBe('one\n\ntwo\n\nthree');
    expect(shuffled.split('\n\n').sort()).toEqual(['one', 'three', 'two']);
    expect(shuffleParagraphs('single paragraph', new Random(1))).toBeNull();
  });
});

describe('renderPlot', () => {
  it('draws the three curves, the best k and the natural histogram as well-formed SVG', () => {
    const e = evaluate([{ distance: 2, duplicate: true }, { distance: 9, duplicate: false }]);
    const svg = renderPlot(e, { title: 'T & <test>', natural: [0, 1, 1, 3] });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<polyline /g)).toHaveLength(3);
    expect(svg).toContain('best F1 at k = 2: 1.000');
    expect(svg).toContain('T &amp; &lt;test&gt;');
    expect(svg).toContain('<title>2 natural pairs at distance 1</title>');
    expect(svg.trim().endsWith('</svg>')).toBe(true);
  });
});

describe('simhash make-pairs | simhash eval', () => {
  const dir = mkdtempSync(join(tmpdir(), 'simhash-eval-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('generates pairs from a directory, evaluates them, writes the plot, reports bad lines', async () => {
    for (let i = 0; i < 12; i++) writeFileSync(join(dir, `doc${i}.txt`), `${article(200 + i, 80)}\n\n${article(300 + i, 80)}`);
    const made = await runInProcess(['make-pairs', '--count', '12', '--seed', '3', dir]);
    expect(made.code, made.stderr).toBe(0);
    const pairsFile = join(dir, 'pairs.jsonl');
    writeFileSync(pairsFile, `${made.stdout}not json\n{"a": "x", "b": 3, "duplicate": true}\n{"a": {"path": "doc0.txt"}, "b": {"path": "doc0.txt"}, "duplicate": true, "kind": "self"}\n`);
    const plot = join(dir, 'plot.svg');
    const evaluated = await runInProcess(['eval', '--pairs', pairsFile, '--plot', plot, '--format', 'json', '--threads', '1']);
    expect(evaluated.code).toBe(1);
    expect(evaluated.stderr).toMatch(/pairs\.jsonl:133: malformed JSONL line, skipped/);
    expect(evaluated.stderr).toMatch(/pairs\.jsonl:134: "b" must be a text or \{ "path": FILE \}, skipped/);
    const result = JSON.parse(evaluated.stdout) as { format: string; pairs: number; rows: unknown[]; best: { k: number; f1: number }; kinds: { kind: string; maxDistance: number }[] };
    expect(result.format).toBe('simhash-eval/1');
    expect(result.pairs).toBe(12 * 11 + 1);
    expect(result.rows).toHaveLength(33);
    expect(result.best.f1).toBeGreaterThan(0.8);
    expect(result.kinds.find((k) => k.kind === 'self')?.maxDistance).toBe(0);
    expect(readFileSync(plot, 'utf8')).toContain(`best F1 at k = ${result.best.k}`);
  });

  it('--natural draws the near-duplicates of a dedupe JSON result on the plot', async () => {
    const base = `${article(200, 80)}\n\n${article(300, 80)}`;
    writeFileSync(join(dir, 'doc0-edited.txt'), base.replace(/^\S+/, 'zebra'));
    const dedupe = await runInProcess(['dedupe', '--format', 'json', '-k', '12', '--threads', '1', '--include', 'doc0*', dir]);
    const natural = JSON.parse(dedupe.stdout) as { groups: { members: { distance: number }[] }[] };
    const distance = natural.groups[0].members[1].distance;
    writeFileSync(join(dir, 'dedupe.json'), dedupe.stdout);
    const plot = join(dir, 'natural.svg');
    const evaluated = await runInProcess(['eval', '--pairs', join(dir, 'pairs.jsonl'), '--plot', plot, '--natural', join(dir, 'dedupe.json'), '--threads', '1']);
    expect(readFileSync(plot, 'utf8')).toContain(`<title>1 natural pairs at distance ${distance}</title>`);
    expect(evaluated.stdout).toMatch(/best F1 on the labelled pairs at k = \d+: F1/);
    const notDedupe = await runInProcess(['eval', '--pairs', join(dir, 'pairs.jsonl'), '--natural', join(dir, 'pairs.jsonl')]);
    expect(notDedupe.code).toBe(2);
  });

  it('usage errors: no --pairs, an unreadable pairs file', async () => {
    expect((await runInProcess(['eval'])).code).toBe(2);
    const missing = await runInProcess(['eval', '--pairs', join(dir, 'none.jsonl')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('none.jsonl: no such file or directory');
  });
});
