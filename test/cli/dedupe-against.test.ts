// `simhash dedupe NEW --against REF` as a process, on the labelled families built from SpamAssassin's ham
// (bench/quality/families.ts), split 60/40 into a reference and a new batch: with the reference as JSONL and as an
// index file with sketches, the new documents whose family is in the reference are dropped for it (F1 >= 0.95), the
// reference document named is of their family (>= 95%), and every other family keeps one document. Then the
// three-dump workflow, and the references the command refuses.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimHash, SimHashIndex } from '../../packages/simhash-wasm/src/pure/index.js';
import { buildFamilies, familiesJsonl, type FamilyRecord } from '../../bench/quality/families.js';
import { scoreReferenceKind, readJsonl, type RunCommand } from '../../bench/quality/against-runs.js';
import { scoreAgainst, type AgainstRow } from '../../bench/quality/against-score.js';
import { lines, runCli } from '../support/cli.js';
import { scratchDir, type ScratchDir } from '../support/scratch-dir.js';

const run: RunCommand = (args) => runCli(args);

let records: FamilyRecord[];
let scratch: ScratchDir;
beforeAll(async () => {
  records = (await buildFamilies(1)).records;
  scratch = scratchDir({});
}, 120_000);
afterAll(() => scratch?.remove());

describe('dedupe --against on labelled families split 60/40', () => {
  // With an index the pairs are decided by the sketch estimate. With 32 bins (a standard error of about 0.09 at 0.5)
  // seed 1's one original whose exact Jaccard to a reference document is 0.467 was dropped for it at an estimate of
  // 0.516, and its family kept no document; the reference's 128 bins put it at 0.48 (docs/cli.md, "Against what is
  // already kept").
  const bars = [
    { kind: 'jsonl', missed: 0, says: 'every other family kept once' },
    { kind: 'index', missed: 0, says: 'every other family kept once (the sketches of 128 bins)' },
  ] as const;
  for (const { kind, missed, says } of bars) {
    it(`the reference as ${kind}: F1 >= 0.95, the reference named right for >= 95%, ${says}`, async () => {
      const score = await scoreReferenceKind(kind, records, { dir: scratch.fresh(), run });
      expect(score.positives).toBeGreaterThan(300);
      expect(score.f1).toBeGreaterThanOrEqual(0.95);
      expect(score.namedShare).toBeGreaterThanOrEqual(0.95);
      expect(score.otherFamilies).toBeGreaterThan(100);
      expect({ kind, keptOnce: score.keptOnce }).toEqual({ kind, keptOnce: score.otherFamilies - missed });
    });
  }
});

describe('the three-dump workflow', () => {
  it('keep dump 1; dump 2 against it; its kept documents added to the reference; dump 3 against both: every other family kept once', async () => {
    const dir = scratch.fresh();
    const dumps = [0, 1, 2].map((i) => records.filter((_, r) => r % 3 === i));
    dumps.forEach((dump, i) => writeFileSync(join(dir, `dump${i + 1}.jsonl`), familiesJsonl(dump)));
    const index = join(dir, 'reference.idx');
    const step = async (args: string[]) => {
      const result = await runCli(args);
      expect(result.code, result.stderr).toBe(0);
      return result;
    };
    await step(['dedupe', '-q', '--output', join(dir, 'kept1.jsonl'), join(dir, 'dump1.jsonl')]);
    await step(['index', 'build', '--sketches', '-q', '--out', index, join(dir, 'kept1.jsonl')]);
    await step(['dedupe', '-q', '--output', join(dir, 'kept2.jsonl'), '--clusters', join(dir, 'clusters2.jsonl'), join(dir, 'dump2.jsonl'), '--against', index]);
    const added = await step(['index', 'build', '--append', '-q', '--out', index, join(dir, 'kept2.jsonl')]);
    const kept1 = readJsonl(join(dir, 'kept1.jsonl')) as FamilyRecord[];
    const kept2 = readJsonl(join(dir, 'kept2.jsonl')) as FamilyRecord[];
    expect(lines(added.stdout).length).toBe(kept2.length);
    // Dump 2's documents that went for the reference are not in its kept corpus, so not added to it.
    const rows2 = readJsonl(join(dir, 'clusters2.jsonl')) as AgainstRow[];
    const gone2 = new Set(rows2.filter((r) => r.tier === 'reference').map((r) => String(r.id)));
    expect(gone2.size).toBeGreaterThan(100);
    expect(kept2.some((r) => gone2.has(r.id))).toBe(false);
    // Dump 3 against the index of both kept corpora, and against the two files themselves: the same scores' bar.
    for (const against of [[index], [join(dir, 'kept1.jsonl'), join(dir, 'kept2.jsonl')]]) {
      const clusters = join(dir, 'clusters3.jsonl');
      const kept = join(dir, 'kept3.jsonl');
      await step(['dedupe', '-q', '--clusters', clusters, '--output', kept, join(dir, 'dump3.jsonl'), '--against', ...against]);
      const score = scoreAgainst([...kept1, ...kept2], dumps[2], readJsonl(clusters) as AgainstRow[], new Set(readJsonl(kept).map((r) => String((r as FamilyRecord).id))));
      expect(score.positives).toBeGreaterThan(200);
      expect(score.f1, against.join(' ')).toBeGreaterThanOrEqual(0.95);
      expect(score.namedShare).toBeGreaterThanOrEqual(0.95);
      expect({ against: against.join(' '), keptOnce: score.keptOnce }).toEqual({ against: against.join(' '), keptOnce: score.otherFamilies }); // every other family once
    }
  });
});

describe('what a run against a reference reports, and an index with sketches under the other verbs', () => {
  it('the summary, the JSON and JSONL reports, the CSV clusters file and the report page count and name the matches', async () => {
    const dir = scratch.fresh();
    const { reference, batch } = { reference: records.slice(0, 300), batch: records.slice(300, 500) };
    writeFileSync(join(dir, 'ref.jsonl'), familiesJsonl(reference));
    writeFileSync(join(dir, 'new.jsonl'), familiesJsonl(batch));
    const args = ['dedupe', '-q', join(dir, 'new.jsonl'), '--clusters', join(dir, 'c.csv'), '--report', join(dir, 'r.html'), '--against', join(dir, 'ref.jsonl')];
    const json = await runCli([...args, '--format', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout) as { summary: { dropped: number; droppedExact: number; droppedNear: number; droppedReference: number; reference: { verification: string; entries: number; documents: number } }; reference: { id: string; reference: string; similarity: number }[] };
    const gone = report.summary.droppedReference;
    expect(gone).toBeGreaterThan(20);
    expect(report.summary.dropped).toBe(report.summary.droppedExact + report.summary.droppedNear + gone);
    expect(report.summary.reference).toMatchObject({ verification: 'exact', entries: 300, documents: gone });
    expect(report.reference).toHaveLength(gone);
    const family = new Map(records.map((r) => [r.id, r.family]));
    // Each of its own family, at the verification's Jaccard: 0.5, or 0.45 for a copy mostly inside the other.
    expect(report.reference.filter((r) => family.get(r.reference) === family.get(r.id) && r.similarity >= 0.45)).toHaveLength(gone);
    const csv = readFileSync(join(dir, 'c.csv'), 'utf8').split('\r\n');
    expect(csv[0]).toBe('id,cluster,representative,distance,tier,kept,similarity,reference');
    const first = report.reference[0];
    expect(csv).toContainEqual(expect.stringMatching(new RegExp(`^${first.id},,${first.reference},\\d+,reference,false,${first.similarity},${first.reference}$`)));
    expect(json.stderr).toMatch(new RegExp(`, ${gone} for the reference\\), `));
    expect(readFileSync(join(dir, 'r.html'), 'utf8')).toContain(`"droppedReference":${gone}`);
    const text = await runCli([...args, '--format', 'summary']);
    expect(text.stdout).toContain(`against the reference: ${gone} of these documents dropped for one of its 300 documents (`);
    expect(text.stdout).toContain(`, ${gone} for the reference)`);
    const plain = await runCli(args);
    expect(plain.stdout).toContain(`dropped for the reference: ${gone} documents\n`);
    expect(plain.stdout).toMatch(new RegExp(`\\n +\\d+ +${first.id} +for ${first.reference}, similarity ${first.similarity}\\n`));
    const jsonl = await runCli([...args, '--format', 'jsonl']);
    expect(lines(jsonl.stdout).filter((l) => l.startsWith('{"type":"reference"'))).toHaveLength(gone);
  });

  it('the same rows whatever the thread count, for a reference of documents and an index', async () => {
    const dir = scratch.fresh();
    writeFileSync(join(dir, 'ref.jsonl'), familiesJsonl(records.slice(0, 400)));
    writeFileSync(join(dir, 'new.jsonl'), familiesJsonl(records.slice(400, 700)));
    expect((await runCli(['index', 'build', '--sketches', '-q', '--threads', '2', '--out', join(dir, 'ref.idx'), join(dir, 'ref.jsonl')])).code).toBe(0);
    for (const ref of ['ref.jsonl', 'ref.idx']) {
      const rows = await Promise.all(['1', '3'].map(async (threads) => {
        const clusters = join(dir, `c-${ref}-${threads}.jsonl`);
        const result = await runCli(['dedupe', '-q', '--threads', threads, '--clusters', clusters, join(dir, 'new.jsonl'), '--against', join(dir, ref)]);
        expect(result.code, result.stderr).toBe(0);
        return readFileSync(clusters, 'utf8');
      }));
      expect(rows[0]).toContain('"tier":"reference"');
      expect(rows[1]).toBe(rows[0]);
    }
  });

  it('index query reads an index with sketches; index remove takes a document out of it for dedupe --against', async () => {
    const dir = scratch.fresh();
    const original = records.find((r) => r.made === 'original' && r.family !== null)!;
    const copy = records.find((r) => r.family === original.family && r.made !== 'original')!;
    writeFileSync(join(dir, 'ref.jsonl'), familiesJsonl(records.slice(0, 100).concat(original).filter((r, i, all) => all.findIndex((o) => o.id === r.id) === i && r.family !== original.family)));
    writeFileSync(join(dir, 'original.jsonl'), familiesJsonl([original]));
    writeFileSync(join(dir, 'new.jsonl'), familiesJsonl([{ ...copy, id: 'the-copy' }]));
    const index = join(dir, 'ref.idx');
    expect((await runCli(['index', 'build', '--sketches', '-q', '--out', index, join(dir, 'ref.jsonl')])).code).toBe(0);
    expect((await runCli(['index', 'build', '--append', '-q', '--out', index, join(dir, 'original.jsonl')])).code).toBe(0);
    const queried = await runCli(['index', 'query', '-q', '-k', '3', '--index', index, join(dir, 'original.jsonl')]);
    expect(queried.stdout).toMatch(new RegExp(` ${original.id}:0`));
    const before = await runCli(['dedupe', '-q', '--format', 'json', join(dir, 'new.jsonl'), '--against', index]);
    expect((JSON.parse(before.stdout) as { reference: { reference: string }[] }).reference).toEqual([expect.objectContaining({ reference: original.id })]);
    const removed = await runCli(['index', 'remove', '--index', index, original.id]);
    expect(removed.code, removed.stderr).toBe(0);
    const after = await runCli(['dedupe', '-q', '--format', 'json', join(dir, 'new.jsonl'), '--against', index]);
    expect(after.code, after.stderr).toBe(0);
    expect((JSON.parse(after.stdout) as { summary: { droppedReference: number } }).summary.droppedReference).toBe(0);
    // --sketches cannot start on a file whose entries have none.
    expect((await runCli(['index', 'build', '-q', '--out', join(dir, 'plain.idx'), join(dir, 'ref.jsonl')])).code).toBe(0);
    const mixed = await runCli(['index', 'build', '--append', '--sketches', '-q', '--out', join(dir, 'plain.idx'), join(dir, 'original.jsonl')]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/entries without sketches/);
  });
});

describe('references dedupe refuses, before any new document is read', () => {
  // A new input that does not exist: had the run read its inputs, it would say so on stderr too.
  const refused = async (args: string[], message: RegExp) => {
    const result = await runCli(['dedupe', '-q', join(scratch.dir, 'no-such-new.jsonl'), ...args]);
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toMatch(message);
  };

  it('an index of another pipeline: one line naming both versions, exit 2', async () => {
    const dir = scratch.fresh();
    writeFileSync(join(dir, 'ref.jsonl'), familiesJsonl(records.slice(0, 50)));
    expect((await runCli(['index', 'build', '--sketches', '-q', '--shingle', '4', '--out', join(dir, 'w4.idx'), join(dir, 'ref.jsonl')])).code).toBe(0);
    await refused(['--against', join(dir, 'w4.idx')], /pipeline "simhash-v1\+unicode[\d.]+;w=4;weights=tf", but this dedupe makes "simhash-v1\+unicode[\d.]+;w=3;weights=tf"/);
    expect((await runCli(['index', 'build', '--sketches', '-q', '--term-weights', 'log', '--out', join(dir, 'log.idx'), join(dir, 'ref.jsonl')])).code).toBe(0);
    await refused(['--against', join(dir, 'log.idx')], /;terms=log", but this dedupe makes "simhash-v1\+unicode[\d.]+;w=3;weights=tf"/);
  });

  it('a missing reference, a damaged index file, an index without sketches: exit 2', async () => {
    const dir = scratch.fresh();
    await refused(['--against', join(dir, 'missing.jsonl')], /^simhash: --against .*missing\.jsonl: no such file or directory\n$/);
    writeFileSync(join(dir, 'ref.jsonl'), familiesJsonl(records.slice(0, 50)));
    expect((await runCli(['index', 'build', '--sketches', '-q', '--out', join(dir, 'ref.idx'), join(dir, 'ref.jsonl')])).code).toBe(0);
    const bytes = readFileSync(join(dir, 'ref.idx'));
    writeFileSync(join(dir, 'cut.idx'), bytes.subarray(0, bytes.length - 100));
    await refused(['--against', join(dir, 'cut.idx')], /cut\.idx: damaged index file: its sections add up to \d+ bytes, the file has \d+/);
    bytes[bytes.length - 200] ^= 1;
    writeFileSync(join(dir, 'flipped.idx'), bytes);
    await refused(['--against', join(dir, 'flipped.idx')], /flipped\.idx: damaged index file: checksum mismatch/);
    expect((await runCli(['index', 'build', '-q', '--out', join(dir, 'plain.idx'), join(dir, 'ref.jsonl')])).code).toBe(0);
    await refused(['--against', join(dir, 'plain.idx')], /no MinHash sketches .* index build --sketches/);
    await refused(['--against', join(dir, 'ref.idx'), join(dir, 'ref.jsonl')], /one index file alone/);
    // An index an application serialized without names: its entries cannot be listed, even by SimHash alone.
    const app = new SimHashIndex({ maxDistance: 3, pipelineVersion: createSimHash().version });
    app.addMany(BigUint64Array.of(1n, 2n, 3n));
    writeFileSync(join(dir, 'app.idx'), app.serialize());
    await refused(['--verify', 'off', '--against', join(dir, 'app.idx')], /3 of its 3 entries have no name/);
  });
});
