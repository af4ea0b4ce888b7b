// dedupe --output and --clusters, row by row against the same run's JSON report: every document's cluster,
// representative, distance, tier and kept flag; the kept corpus holds exactly the kept records, in input order,
// byte for byte (JSONL), or as {"id","text"} (files); gzip and zstd by extension; CSV quoting of awkward ids.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { decompress as zstdDecompress } from 'fzstd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli.js';
import { article, edit } from '../support/dedupe-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'simhash-outputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Exact copies (ids with a comma, a quote, a newline), a near copy, uniques and a too-short record; extra fields
// and odd spacing that a byte-for-byte copy must keep.
const A = article(11), B = article(12), C = article(13);
const LINES = [
  `{"id":"a,1","text":${JSON.stringify(A)},"meta":{"lang":"en"}}`,
  `{"id": "b\\"quoted", "text": ${JSON.stringify(B)}}`,
  `{"id":"a-copy","text":${JSON.stringify(A)},"meta":{"lang":"fr"}}`,
  `{"id":"b-near","text":${JSON.stringify(edit(B, [40]))}}`,
  `{"id":"short","text":"too short to compare"}`,
  `{"id":"line\\nbreak","text":${JSON.stringify(C)}}`,
  `{"id":"a-copy-2","text":${JSON.stringify(A)}}`,
];
const input = join(dir, 'in.jsonl');
writeFileSync(input, `${LINES.join('\n')}\n`);

interface Report { groups: { group: number; tier: string; members: { id: string; distance: number; tier: string; similarity: number }[] }[]; tooShort: { id: string }[] }
interface Row { id: string; cluster: number | null; representative: string; distance: number; tier: string; kept: boolean; similarity: number | null }

/** What the JSON report says each document's row must be, in input order. */
function expectedRows(report: Report, ids: string[]): Row[] {
  const rows = new Map<string, Row>(ids.map((id) => [id, { id, cluster: null, representative: id, distance: 0, tier: 'unique', kept: true, similarity: null }]));
  for (const short of report.tooShort) rows.set(short.id, { ...rows.get(short.id)!, tier: 'too-short' });
  for (const group of report.groups) {
    const first = group.members[0];
    for (const m of group.members) {
      rows.set(m.id, { id: m.id, cluster: group.group, representative: first.id, distance: m.distance, tier: m === first ? group.tier : m.tier, kept: m === first, similarity: m.similarity });
    }
  }
  return ids.map((id) => rows.get(id)!);
}

describe('dedupe --output and --clusters', () => {
  let report: Report;
  const ids = LINES.map((line) => (JSON.parse(line) as { id: string }).id);
  beforeAll(async () => {
    const run = await runInProcess(['dedupe', '-k', '12', '--format', 'json', '--threads', '1', '-q', '--output', join(dir, 'kept.jsonl'), '--clusters', join(dir, 'clusters.csv'), input]);
    expect(run.code, run.stderr).toBe(0);
    report = JSON.parse(run.stdout) as Report;
    expect(run.stderr).toMatch(/7 documents: 4 kept, 3 dropped \(2 exact, 1 near\), 1 too short; kept corpus in .*kept\.jsonl, clusters in .*clusters\.csv/);
  });

  it('the fixture has what it means to: an exact group of three, a near pair, a too-short record', () => {
    expect(report.groups.map((g) => [g.tier, g.members.map((m) => m.id)])).toEqual([['exact', ['a,1', 'a-copy', 'a-copy-2']], ['near', ['b"quoted', 'b-near']]]);
    expect(report.tooShort.map((d) => d.id)).toEqual(['short']);
  });

  it('the CSV clusters file: one row per document, in input order, as the report says; awkward ids quoted', () => {
    const rows = parse(readFileSync(join(dir, 'clusters.csv')), { columns: true }) as Record<string, string>[];
    const want = expectedRows(report, ids);
    expect(rows.map((r) => [r.id, r.cluster === '' ? null : Number(r.cluster), r.representative, Number(r.distance), r.tier, r.kept === 'true', r.similarity === '' ? null : Number(r.similarity)])).toEqual(want.map((r) => [r.id, r.cluster, r.representative, r.distance, r.tier, r.kept, r.similarity]));
    expect(Object.keys(rows[0])).toEqual(['id', 'cluster', 'representative', 'distance', 'tier', 'kept', 'similarity']);
    // The similarity column: 1 for a representative and its exact copies, the measured value for the near copy
    // (one word edited in a 150-word article moves a few of its ~148 shingles), empty in no group.
    const similarity = new Map(rows.map((r) => [r.id, r.similarity]));
    expect([similarity.get('a,1'), similarity.get('a-copy'), similarity.get('b"quoted'), similarity.get('short')]).toEqual(['1', '1', '1', '']);
    expect(Number(similarity.get('b-near'))).toBeGreaterThan(0.9);
    expect(Number(similarity.get('b-near'))).toBeLessThan(1);
  });

  it('the JSONL clusters file says the same', async () => {
    const run = await runInProcess(['dedupe', '-k', '12', '--threads', '1', '-q', '--clusters', join(dir, 'clusters.jsonl'), input]);
    expect(run.code, run.stderr).toBe(0);
    const rows = readFileSync(join(dir, 'clusters.jsonl'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Row);
    expect(rows).toEqual(expectedRows(report, ids));
  });

  it('the kept corpus: the kept records, in input order, byte for byte; .gz and .zst hold the same bytes', async () => {
    const want = `${LINES.filter((_, i) => expectedRows(report, ids)[i].kept).join('\n')}\n`;
    expect(readFileSync(join(dir, 'kept.jsonl'), 'utf8')).toBe(want);
    for (const name of ['kept.jsonl.gz', 'kept.jsonl.zst']) {
      const run = await runInProcess(['dedupe', '-k', '12', '--threads', '1', '-q', '--output', join(dir, name), input]);
      expect(run.code, run.stderr).toBe(0);
      const bytes = readFileSync(join(dir, name));
      expect(Buffer.from(name.endsWith('.gz') ? gunzipSync(bytes) : zstdDecompress(bytes)).toString('utf8')).toBe(want);
    }
  });

  it('files in: the kept corpus is {"id","text"} per kept file, and stdin works as an input', async () => {
    const files = join(dir, 'files');
    mkdirSync(files);
    writeFileSync(join(files, '1.txt'), A);
    writeFileSync(join(files, '2.txt'), A);
    writeFileSync(join(files, '3.txt'), C);
    const run = await runInProcess(['dedupe', '-k', '3', '--threads', '1', '-q', '--output', join(dir, 'files.jsonl'), files]);
    expect(run.code, run.stderr).toBe(0);
    const kept = readFileSync(join(dir, 'files.jsonl'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as { id: string; text: string });
    expect(kept.map((k) => [k.id.replace(`${files}/`, ''), k.text])).toEqual([['1.txt', A], ['3.txt', C]]);
    const viaStdin = await runInProcess(['dedupe', '-k', '12', '--threads', '1', '-q', '--output', join(dir, 'stdin.jsonl'), '-'], `${LINES.join('\n')}\n`);
    expect(viaStdin.code, viaStdin.stderr).toBe(0);
    expect(readFileSync(join(dir, 'stdin.jsonl'), 'utf8')).toBe(readFileSync(join(dir, 'kept.jsonl'), 'utf8'));
  });

  it('an unknown extension is a usage error naming the option, before anything is read', async () => {
    const run = await runInProcess(['dedupe', '--output', join(dir, 'kept.txt'), input]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--output must name a/);
  });
});
