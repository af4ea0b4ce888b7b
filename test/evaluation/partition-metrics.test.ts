// The scorer of the corpus job's answers (bench/quality/partition-metrics.ts): pairwise precision, recall, F1 and the
// adjusted Rand index on small partitions worked out by hand, the readers of the families and clusters files, and a
// clusters file written by `simhash dedupe --clusters` itself, so the scorer reads the columns the product writes.
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseCsv, readClusters, readFamilies, scoreFiles, scorePartition } from '../../bench/quality/partition-metrics.js';
import { runInProcess } from '../support/cli.js';
import { scratchDir } from '../support/scratch-dir.js';

describe('scorePartition', () => {
  it('scores a partition against families worked out by hand', () => {
    // Families {a,b,c} {d,e} {f}; groups {a,b} {c,d,e} {f}. Family pairs ab ac bc de (4); grouped pairs ab cd ce de
    // (4); both: ab de (2). ARI: expected 4 * 4 / C(6,2) = 16/15, most (4 + 4) / 2 = 4: (2 - 16/15) / (4 - 16/15).
    const s = scorePartition(['A', 'A', 'A', 'B', 'B', 'C'], ['x', 'x', 'y', 'y', 'y', 'z']);
    expect(s).toMatchObject({ documents: 6, truePairs: 4, predictedPairs: 4, agreedPairs: 2, precision: 0.5, recall: 0.5, f1: 0.5 });
    expect(s.ari).toBeCloseTo(14 / 44, 12);
  });

  it("gives scikit-learn's adjusted_rand_score values on its documented examples", () => {
    expect(scorePartition(['0', '0', '1', '1'], ['0', '0', '1', '2']).ari).toBeCloseTo(4 / 7, 12);
    expect(scorePartition(['0', '0', '1', '2'], ['0', '0', '1', '1']).ari).toBeCloseTo(4 / 7, 12);
    expect(scorePartition(['0', '0', '1', '1'], ['0', '1', '0', '1']).ari).toBeCloseTo(-0.5, 12);
    expect(scorePartition(['0', '0', '0', '0'], ['0', '1', '2', '3']).ari).toBe(0);
  });

  it('is 1 everywhere for the families themselves, whatever the groups are called', () => {
    const s = scorePartition(['A', 'A', 'B', 'C', 'C', 'C'], ['7', '7', 'q', 'z', 'z', 'z']);
    expect(s).toMatchObject({ precision: 1, recall: 1, f1: 1, ari: 1, agreedPairs: 4 });
  });

  it('counts grouping nothing as precise and missing every pair', () => {
    const s = scorePartition(['A', 'A', 'B', 'B', 'B'], ['1', '2', '3', '4', '5']);
    expect(s).toMatchObject({ predictedPairs: 0, truePairs: 4, precision: 1, recall: 0, f1: 0, ari: 0 });
  });

  it('counts one group of everything as finding every pair at the precision of chance', () => {
    // Families {a,b} {c,d}: 2 family pairs among 6; one group has all 6.
    const s = scorePartition(['A', 'A', 'B', 'B'], ['g', 'g', 'g', 'g']);
    expect(s.precision).toBeCloseTo(1 / 3, 12);
    expect(s.recall).toBe(1);
    expect(s.f1).toBeCloseTo(0.5, 12);
    expect(s.ari).toBe(0);
  });

  it('refuses labels of different lengths', () => {
    expect(() => scorePartition(['A', 'A'], ['x'])).toThrow(/2 true labels but 1 predicted/);
  });
});

describe('the files', () => {
  it('reads a null family as a family of its own', () => {
    const labels = readFamilies('{"id":"a","text":"t","family":"f1"}\n{"id":"b","text":"t","family":null}\n{"id":"c","text":"t","family":null}\n');
    expect(labels.get('b')).not.toBe(labels.get('c'));
    expect(labels.get('a')).toBe('family:f1');
  });

  it('parses RFC 4180 CSV: quoted commas, doubled quotes, line breaks, CRLF', () => {
    expect(parseCsv('id,cluster\r\n"a,b",1\r\n"say ""hi""",\r\n"two\nlines",2\r\n')).toEqual([
      ['id', 'cluster'],
      ['a,b', '1'],
      ['say "hi"', ''],
      ['two\nlines', '2'],
    ]);
  });

  it('reads an empty cluster (CSV) or a null one (JSONL) as a group of its own', () => {
    const csv = readClusters('id,cluster,representative,distance,tier,kept\r\na,1,a,0,near,true\r\nb,1,a,2,near,false\r\nc,,c,0,unique,true\r\nd,,d,0,unique,true\r\n');
    expect(csv.get('a')).toBe(csv.get('b'));
    expect(csv.get('c')).not.toBe(csv.get('d'));
    const jsonl = readClusters('{"id":"a","cluster":3}\n{"id":"b","cluster":null}\n{"id":"c","cluster":3}\n');
    expect(jsonl.get('a')).toBe(jsonl.get('c'));
    expect(jsonl.get('b')).toBe('single:b');
  });

  it('refuses a clusters file that names other documents than the families', () => {
    const families = '{"id":"a","family":"f"}\n{"id":"b","family":"f"}\n';
    expect(() => scoreFiles(families, 'id,cluster\r\na,1\r\nz,1\r\n')).toThrow(/misses 1 ids .*\(b\) and has 1 others \(z\)/);
  });
});

describe('a clusters file from simhash dedupe', () => {
  const words = (seed: number, n: number) => Array.from({ length: n }, (_, i) => `w${(i * 7919 + seed * 104729) % 100003}`).join(' ');
  const base = words(1, 120);
  const copy = base.replace('w', 'changed w'); // one word inserted near the start: a near copy
  const records = [
    { id: 'orig', text: base, family: 'f' },
    { id: 'copy', text: copy, family: 'f' },
    { id: 'other', text: words(2, 120), family: null },
    { id: 'third', text: words(3, 120), family: null },
  ];
  const families = records.map((r) => JSON.stringify(r)).join('\n') + '\n';
  const scratch = scratchDir({ 'families.jsonl': families });
  afterAll(() => scratch.remove());

  it('is read with the columns the product writes, and scores a perfect answer as 1', async () => {
    const out = scratch.path('clusters.csv');
    const run = await runInProcess(['dedupe', '-k', '12', '--threads', '1', '-q', '--format', 'summary', '--clusters', out, scratch.path('families.jsonl')]);
    expect(run.code).toBe(0);
    const score = scoreFiles(families, readFileSync(out, 'utf8'));
    expect(score).toMatchObject({ documents: 4, truePairs: 1, predictedPairs: 1, agreedPairs: 1, precision: 1, recall: 1, ari: 1 });
  });
});
