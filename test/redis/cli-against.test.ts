// `simhash dedupe NEW --redis NODES --name NAME --against` on a real Redis Cluster: the labelled families split 60/40
// (bench/quality/against-runs.ts), the reference built into the index on Redis with its sketches
// (`index build --redis --sketches`): the same bar as a JSONL or index-file reference (test/cli/dedupe-against.test.ts).
// Then what the index on Redis refuses or cannot verify, each said on stderr.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFamilies, familiesJsonl, type FamilyRecord } from '../../bench/quality/families.js';
import { readJsonl, scoreReferenceKind } from '../../bench/quality/against-runs.js';
import { scoreAgainst, type AgainstRow } from '../../bench/quality/against-score.js';
import { lines, runCli } from '../support/cli.js';
import { startRedisCluster, type RedisCluster } from '../support/redis-cluster.js';
import { scratchDir, type ScratchDir } from '../support/scratch-dir.js';
import { HAVE_REDIS } from './redis-test-support.js';
import { RedisSimHashIndex } from '../../packages/redis/src/index.js';
import { REFERENCE_BINS, SKETCH_BINS } from '../../packages/corpus/src/analysis/minhash-sketch.js';

describe.skipIf(!HAVE_REDIS)('dedupe --against the index on Redis Cluster', () => {
  let cluster: RedisCluster;
  let scratch: ScratchDir;
  let records: FamilyRecord[];
  beforeAll(async () => {
    [cluster, records] = await Promise.all([startRedisCluster(), buildFamilies(1).then((set) => set.records)]);
    scratch = scratchDir({});
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    scratch?.remove();
  });
  const redis = () => cluster.addresses.join(',');

  it('F1 >= 0.95, the reference named right for >= 95%, every other family kept once (the sketches of 128 bins, as with an index file: test/cli/dedupe-against.test.ts)', async () => {
    const score = await scoreReferenceKind('redis', records, { dir: scratch.fresh(), run: (args) => runCli(args), redis: { nodes: redis(), name: 'against-families' } });
    expect(score.positives).toBeGreaterThan(300);
    expect(score.f1).toBeGreaterThanOrEqual(0.95);
    expect(score.namedShare).toBeGreaterThanOrEqual(0.95);
    expect(score.keptOnce).toBe(score.otherFamilies);
  }, 180_000);

  it('the three-dump workflow on the shared index: dump 2 against dump 1\'s kept, its kept added, dump 3 against both; every other family kept once', async () => {
    const dir = scratch.fresh();
    const dumps = [0, 1, 2].map((i) => records.filter((_, r) => r % 3 === i));
    dumps.forEach((dump, i) => writeFileSync(join(dir, `dump${i + 1}.jsonl`), familiesJsonl(dump)));
    const name = ['--redis', redis(), '--name', 'against-dumps'];
    const step = async (args: string[]) => {
      const result = await runCli(args);
      expect(result.code, result.stderr).toBe(0);
      return result;
    };
    await step(['dedupe', '-q', '--output', join(dir, 'kept1.jsonl'), join(dir, 'dump1.jsonl')]);
    await step(['index', 'build', '--sketches', '-k', '20', '-q', ...name, join(dir, 'kept1.jsonl')]);
    await step(['dedupe', '-q', '--output', join(dir, 'kept2.jsonl'), join(dir, 'dump2.jsonl'), ...name, '--against']);
    await step(['index', 'build', '--sketches', '-q', ...name, join(dir, 'kept2.jsonl')]);
    const clusters = join(dir, 'clusters3.jsonl');
    const kept = join(dir, 'kept3.jsonl');
    await step(['dedupe', '-q', '--clusters', clusters, '--output', kept, join(dir, 'dump3.jsonl'), ...name, '--against']);
    const kept1 = readJsonl(join(dir, 'kept1.jsonl')) as FamilyRecord[];
    const kept2 = readJsonl(join(dir, 'kept2.jsonl')) as FamilyRecord[];
    const score = scoreAgainst([...kept1, ...kept2], dumps[2], readJsonl(clusters) as AgainstRow[], new Set(readJsonl(kept).map((r) => String((r as FamilyRecord).id))));
    expect(score.positives).toBeGreaterThan(200);
    expect(score.f1).toBeGreaterThanOrEqual(0.95);
    expect(score.namedShare).toBeGreaterThanOrEqual(0.95);
    expect(score.keptOnce).toBe(score.otherFamilies);
  }, 180_000);

  it('an index of another pipeline, or none under the name: exit 2, one line; entries without sketches: not dropped, and said', async () => {
    const dir = scratch.fresh();
    const ref = join(dir, 'ref.jsonl');
    const batch = join(dir, 'new.jsonl');
    writeFileSync(ref, familiesJsonl(records.slice(0, 200)));
    writeFileSync(batch, familiesJsonl(records.slice(0, 200).map((r) => ({ ...r, id: `again-${r.id}` }))));
    expect((await runCli(['index', 'build', '-q', '--sketches', '-k', '20', '--shingle', '4', '--redis', redis(), '--name', 'against-w4', ref])).code).toBe(0);
    const other = await runCli(['dedupe', '-q', join(dir, 'no-such-new.jsonl'), '--redis', redis(), '--name', 'against-w4', '--against']);
    expect(other.code).toBe(2);
    expect(lines(other.stderr)).toHaveLength(1);
    expect(other.stderr).toMatch(/pipeline "simhash-v1\+unicode[\d.]+;w=4;weights=tf", but this dedupe makes "simhash-v1\+unicode[\d.]+;w=3;weights=tf"/);
    const none = await runCli(['dedupe', '-q', batch, '--redis', redis(), '--name', 'against-none', '--against']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/there is no index 'against-none'/);
    // Built without --sketches: every pair found is unverifiable, so nothing goes for the reference, and it is said.
    expect((await runCli(['index', 'build', '-q', '-k', '20', '--redis', redis(), '--name', 'against-plain', ref])).code).toBe(0);
    const plain = await runCli(['dedupe', '-q', '--format', 'json', batch, '--redis', redis(), '--name', 'against-plain', '--against']);
    expect(plain.code, plain.stderr).toBe(0);
    const report = JSON.parse(plain.stdout) as { summary: { droppedReference: number; reference: { unverifiable: number } } };
    expect(report.summary.droppedReference).toBe(0);
    expect(report.summary.reference.unverifiable).toBeGreaterThan(150);
    expect(plain.stderr).toMatch(/warning: \d+ candidate pairs with reference documents stored without a sketch could not be verified/);
    // With the sketches stored, the same batch (the same texts under other ids) goes for the reference whole.
    expect((await runCli(['index', 'build', '-q', '--sketches', '--redis', redis(), '--name', 'against-plain', ref])).code).toBe(0);
    const sketched = await runCli(['dedupe', '-q', '--format', 'json', batch, '--redis', redis(), '--name', 'against-plain', '--against']);
    const again = JSON.parse(sketched.stdout) as { summary: { droppedReference: number; documents: number; reference: { unverifiable: number } } };
    expect(again.summary.reference.unverifiable).toBe(0);
    expect(again.summary.droppedReference).toBeGreaterThan(150);
  }, 180_000);

  it('a sketch an older simhash stored (32 bins, no version number): exit 2, one line saying to store it again', async () => {
    const dir = scratch.fresh();
    const ref = join(dir, 'ref.jsonl');
    writeFileSync(ref, familiesJsonl(records.slice(0, 50)));
    expect((await runCli(['index', 'build', '-q', '--sketches', '-k', '20', '--redis', redis(), '--name', 'against-old', ref])).code).toBe(0);
    const index = await RedisSimHashIndex.open({ nodes: cluster.addresses, name: 'against-old', create: false, acceptAnyPipelineVersion: true });
    try {
      expect((await index.payloads([records[0].id]))[0]?.length).toBe(4 + 4 * REFERENCE_BINS);
      await index.setPayloads([records[0].id], [new Uint8Array(4 * SKETCH_BINS)]);
    } finally {
      await index.close();
    }
    const old = await runCli(['dedupe', '-q', ref, '--redis', redis(), '--name', 'against-old', '--against']);
    expect(old.code).toBe(2);
    expect(lines(old.stderr)).toHaveLength(1);
    expect(old.stderr).toMatch(/^simhash: --against: the index against-old on Redis holds sketches of 32 bins \(stored by an older simhash; .+ is one\); this simhash compares 128: store them again with simhash index build --redis --name against-old --sketches\n$/);
  }, 60_000);
});
