// The command line on a real Redis Cluster: `index build|query --redis`, and a dedupe spread over three shard
// processes with one shared index, collected: the same groups as one machine, in both grouping modes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { article, edit } from '../support/dedupe-fixture.js';
import { writeKeepCorpus } from '../support/keep-corpus.js';
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

  for (const keep of [['--keep', 'longest'], ['--keep-max', 'meta.score']]) {
    it(`dedupe ${keep.join(' ')} split into 2 and into 3 shards: the representatives, clusters, kept corpus and JSON report (flagged records too) of one machine`, async () => {
      const corpus = join(scratch.dir, 'keep');
      mkdirSync(corpus, { recursive: true });
      const inputs = writeKeepCorpus(corpus, 3);
      const out = scratch.fresh();
      const common = ['-k', '8', '-q', ...keep];
      const one = await runCli(['dedupe', ...common, '--verify', 'off', '--format', 'json', '--clusters', join(out, 'one.csv'), '--output', join(out, 'one.jsonl'), ...inputs]);
      expect(one.code, one.stderr).toBe(keep[0] === '--keep' ? 0 : 1); // records without a score are reported
      const { groups, flagged } = JSON.parse(one.stdout) as { groups: { representative: number }[]; flagged: unknown[] };
      // The JSON compared below lists the records without a score, in the run's order, whichever shard read them.
      expect(flagged.length > 0).toBe(keep[0] === '--keep-max');
      expect(groups.filter((g) => g.representative !== 0).length).toBeGreaterThan(groups.length / 2);
      for (const shards of [2, 3]) {
        const name = `keep-${keep[0].slice(2)}-${shards}`;
        const files = Array.from({ length: shards }, (_, i) => join(out, `${name}-${i + 1}.jsonl`));
        const runs = await Promise.all(files.map((file, i) => runCli(['dedupe', ...common, '--redis', redis(), '--name', name, '--shard', `${i + 1}/${shards}`, '--shard-out', file, ...inputs])));
        for (const shard of runs) expect(shard.code, shard.stderr).toBeLessThanOrEqual(1);
        const collected = await runCli(['dedupe', '--collect', '--format', 'json', '--clusters', join(out, `${name}.csv`), '--output', join(out, `${name}.jsonl`), ...files]);
        expect(collected.code, collected.stderr).toBe(0);
        expect(comparable(collected.stdout), `${shards} shards`).toEqual(comparable(one.stdout));
        expect(readFileSync(join(out, `${name}.csv`), 'utf8')).toBe(readFileSync(join(out, 'one.csv'), 'utf8'));
        expect(readFileSync(join(out, `${name}.jsonl`), 'utf8')).toBe(readFileSync(join(out, 'one.jsonl'), 'utf8'));
      }
    }, 180_000);
  }

  it('index remove --redis: names removed and printed (given, or --names-from a file), unknown names reported (exit 1), whatever pipeline built the index', async () => {
    const records = join(scratch.dir, 'docs', 'records.jsonl');
    const built = await runCli(['index', 'build', '--redis', redis(), '--name', 'takedown', '-k', '12', '--shingle', '2', '-q', records]);
    expect(built.code, built.stderr).toBe(0);
    const removed = await runCli(['index', 'remove', '--redis', redis(), '--name', 'takedown', 'rec-0', 'nope', 'rec-30', 'rec-0']);
    expect(removed.code).toBe(1);
    expect(lines(removed.stdout)).toEqual(['rec-0', 'rec-30']);
    expect(lines(removed.stderr)).toEqual(['simhash: nope: not in the index takedown on Redis']);
    const queried = await runCli(['index', 'query', '--redis', redis(), '--name', 'takedown', '--shingle', '2', '-k', '0', '-q', records]);
    const found = lines(queried.stdout).map((line) => line.split('  ')[1] + ' ' + line.split('  ')[2].split(' ')[0]);
    expect(found.filter((f) => f.endsWith(' 0'))).toEqual(['rec-0 0', 'rec-30 0']); // no longer there: found only by others
    expect(found).toHaveLength(12);
    const again = await runCli(['index', 'remove', '--redis', redis(), '--name', 'takedown', 'rec-0']);
    expect([again.code, again.stdout]).toEqual([1, '']);
    // More names from a file (a blank line and CRLF in it), with one given as an argument too.
    const list = join(scratch.dir, 'takedown-names.txt');
    writeFileSync(list, 'rec-5\r\n\nrec-10\n');
    const fromFile = await runCli(['index', 'remove', '--redis', redis(), '--name', 'takedown', '--names-from', list, 'rec-15']);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    expect(lines(fromFile.stdout).sort()).toEqual(['rec-10', 'rec-15', 'rec-5']);
    const gone = await runCli(['index', 'remove', '--redis', redis(), '--name', 'takedown', '--names-from', list]);
    expect([gone.code, gone.stdout]).toEqual([1, '']);
    const noIndex = await runCli(['index', 'remove', '--redis', redis(), '--name', 'no-such-index', 'rec-5']);
    expect(noIndex.code).toBe(2);
    expect(lines(noIndex.stderr)).toEqual(["simhash: --name no-such-index: name: there is no index 'no-such-index' on Redis"]);
  }, 60_000);

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
