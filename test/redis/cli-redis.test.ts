// The command line on a real Redis Cluster: `index build|query --redis`, and a dedupe spread over three shard
// processes with one shared index, collected: the same groups as one machine, in both grouping modes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, edit } from '../support/dedupe-fixture.js';
import { lines, runCli } from '../support/cli.js';
import { startRedisCluster, type RedisCluster } from '../support/redis-cluster.js';
import { scratchDir, type ScratchDir } from '../support/scratch-dir.js';
import { HAVE_REDIS } from './redis-test-support.js';

/** 60 files and a JSONL file: articles, their exact copies, one- to eight-word edits and chains of edits, short texts. */
function corpus(dir: string): void {
  mkdirSync(join(dir, 'docs'));
  const records: string[] = [];
  for (let i = 0; i < 60; i++) {
    const base = article(100 + (i % 17), 120);
    const kind = i % 6;
    const text = kind === 0 ? base : kind === 1 ? edit(base, [5 + i]) : kind === 2 ? edit(base, [1, 30, 60 + (i % 40)]) : kind === 3 ? base.toUpperCase() : kind === 4 ? article(500 + i, 120) : `short text ${i}`;
    writeFileSync(join(dir, 'docs', `${String(i).padStart(2, '0')}.txt`), text);
    if (i % 5 === 0) records.push(JSON.stringify({ id: `rec-${i}`, text: edit(base, [7, 8]) }));
  }
  writeFileSync(join(dir, 'docs', 'records.jsonl'), `${records.join('\n')}\n`);
  writeFileSync(join(dir, 'docs', 'broken.bin'), Uint8Array.of(0, 1, 2, 0));
}

/** The JSON report without what differs between runs of the same work (timings, thread counts). */
function comparable(json: string) {
  const report = JSON.parse(json) as { summary: Record<string, unknown> };
  const { seconds: _s, documentsPerSecond: _d, megabytesPerSecond: _m, threads: _t, ...summary } = report.summary;
  return { ...report, summary };
}

describe.skipIf(!HAVE_REDIS)('simhash on Redis Cluster', () => {
  let cluster: RedisCluster;
  let scratch: ScratchDir;
  beforeAll(async () => {
    cluster = await startRedisCluster();
    scratch = scratchDir({});
    corpus(scratch.dir);
  });
  afterAll(async () => {
    await cluster?.stop();
    scratch?.remove();
  });
  const redis = () => cluster.addresses.join(',');

  it('index build --redis, then index query --redis from another process: names within k', async () => {
    const docs = join(scratch.dir, 'docs');
    const built = await runCli(['index', 'build', '--redis', redis(), '--name', 'files', '-k', '12', '-q', docs]);
    expect(built.code, built.stderr).toBe(1); // broken.bin is skipped
    expect(lines(built.stdout).length).toBeGreaterThan(60);
    writeFileSync(join(scratch.dir, 'probe.txt'), edit(article(100, 120), [3]));
    const queried = await runCli(['index', 'query', '--redis', cluster.addresses[1], '--name', 'files', '-q', join(scratch.dir, 'probe.txt')]);
    expect(queried.code, queried.stderr).toBe(0);
    const [line] = lines(queried.stdout);
    expect(line).toMatch(/probe\.txt {2}\d+ /);
    expect(line).toMatch(/docs\/00\.txt:\d /); // the article the probe was edited from, one word away
    const mismatch = await runCli(['index', 'query', '--redis', redis(), '--name', 'files', '--shingle', '2', '-q', join(scratch.dir, 'probe.txt')]);
    expect(mismatch.code).toBe(2);
    expect(mismatch.stderr).toMatch(/pipelineVersion: index 'files' on Redis holds fingerprints of pipeline/);
    const unreachable = await runCli(['index', 'query', '--redis', '127.0.0.1:1', '--name', 'files', '-q', join(scratch.dir, 'probe.txt')]);
    expect(unreachable.code).toBe(6);
    expect(lines(unreachable.stderr)).toEqual([expect.stringMatching(/^simhash: Redis index files at 127\.0\.0\.1:1: cannot connect/)]);
  });

  for (const grouping of ['leader', 'connected']) {
    it(`dedupe --shard 1/3, 2/3, 3/3 at once, then --collect: the report, clusters and kept corpus of one machine (${grouping})`, async () => {
      const docs = join(scratch.dir, 'docs');
      const out = scratch.fresh();
      const common = ['-k', '12', '--grouping', grouping, '-q'];
      // A sharded run groups by SimHash distance alone (no machine reads every input again to verify), so the one
      // machine it must equal runs with the verification off.
      const one = await runCli(['dedupe', ...common, '--verify', 'off', '--format', 'json', '--clusters', join(out, 'one.csv'), '--output', join(out, 'one.jsonl'), docs]);
      expect(one.code, one.stderr).toBe(1);
      const shards = await Promise.all([1, 2, 3].map((i) =>
        runCli(['dedupe', ...common, '--redis', redis(), '--name', `run-${grouping}`, '--shard', `${i}/3`, '--shard-out', join(out, `shard-${i}.jsonl`), docs])));
      for (const shard of shards) expect(shard.stderr).toMatch(/shard \d\/3: \d+ documents, \d+ near pairs/);
      const collected = await runCli(['dedupe', '--collect', '--format', 'json', '--clusters', join(out, 'collected.csv'), '--output', join(out, 'collected.jsonl'), ...[1, 2, 3].map((i) => join(out, `shard-${i}.jsonl`))]);
      expect(collected.code, collected.stderr).toBe(0);
      const report = comparable(collected.stdout);
      expect(report).toEqual(comparable(one.stdout));
      expect((report as unknown as { groups: { tier: string }[] }).groups.filter((g) => g.tier === 'near').length).toBeGreaterThan(3);
      expect(readFileSync(join(out, 'collected.csv'), 'utf8')).toBe(readFileSync(join(out, 'one.csv'), 'utf8'));
      // The kept corpus too, read again from the inputs (the collect step sees the same files).
      expect(readFileSync(join(out, 'collected.jsonl'), 'utf8')).toBe(readFileSync(join(out, 'one.jsonl'), 'utf8'));
    }, 120_000);
  }

  it('--collect refuses an incomplete or mixed set of shard files, naming what is wrong', async () => {
    const docs = join(scratch.dir, 'docs');
    const out = scratch.fresh();
    await Promise.all([1, 2].map((i) => runCli(['dedupe', '-q', '--redis', redis(), '--name', 'pair', '--shard', `${i}/2`, '--shard-out', join(out, `s${i}.jsonl`), docs])));
    const missing = await runCli(['dedupe', '--collect', join(out, 's1.jsonl')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/missing shard 2\/2/);
    const twice = await runCli(['dedupe', '--collect', join(out, 's1.jsonl'), join(out, 's1.jsonl')]);
    expect(twice.stderr).toMatch(/are both shard 1\/2/);
    const noShardOut = await runCli(['dedupe', '-q', '--redis', redis(), '--name', 'pair', '--shard', '1/2', docs]);
    expect(noShardOut.code).toBe(2);
    expect(noShardOut.stderr).toMatch(/--shard needs --shard-out/);
  }, 60_000);
});
