// `simhash dedupe` on a fixture tree: the exact groups, their tiers and distances, too-short documents, and one
// diagnostic per bad input (with its path or line), for one thread and for the worker pool.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimHash, hamming } from '../../packages/simhash-wasm/src/pure/index.js';
import { runInProcess } from '../support/cli.js';
import { ARTICLE, edit, fixtureTree, OTHER } from '../support/dedupe-fixture.js';

let tree: { dir: string; remove: () => void };
beforeAll(() => {
  tree = fixtureTree();
});
afterAll(() => tree.remove());

const K = 12;
const fp = (text: string) => createSimHash().fingerprint(text);
interface JsonMember { source: string; id?: string; distance: number; tier: string; copyOf?: number; tokens: number }
interface JsonOutput {
  format: string;
  groups: { group: number; tier: string; members: JsonMember[] }[];
  tooShort: { source: string; tokens: number }[];
  skipped: { source: string; reason: string }[];
  summary: Record<string, number>;
}

async function dedupeJson(...args: string[]) {
  const result = await runInProcess(['dedupe', '--format', 'json', '-k', String(K), '--exclude', 'node_modules', ...args, tree.dir]);
  return { ...result, json: JSON.parse(result.stdout) as JsonOutput };
}

const rel = (source: string) => source.slice(tree.dir.length + 1);

describe('simhash dedupe on a fixture tree', () => {
  it('the fixture is what the test assumes: edits within k, unrelated documents far apart', () => {
    expect(hamming(fp(ARTICLE), fp(edit(ARTICLE, [40])))).toBeGreaterThan(0);
    expect(hamming(fp(ARTICLE), fp(edit(ARTICLE, [40])))).toBeLessThanOrEqual(K);
    expect(hamming(fp(ARTICLE), fp(OTHER))).toBeGreaterThan(K);
  });

  for (const threads of ['1', '2']) {
    it(`finds the exact groups, tiers and distances (--threads ${threads})`, async () => {
      const { code, json, stderr } = await dedupeJson('--threads', threads);
      expect(code, stderr).toBe(1); // some inputs were skipped
      expect(json.format).toBe('simhash-dedupe/1');
      const groups = json.groups.map((g) => ({ tier: g.tier, members: g.members.map((m) => [rel(m.source) + (m.id ? `#${m.id}` : ''), m.tier, m.distance, m.copyOf]) }));
      const dEdited = hamming(fp(ARTICLE), fp(edit(ARTICLE, [40])));
      const dRecord = hamming(fp(ARTICLE), fp(edit(ARTICLE, [10, 90])));
      expect(groups).toEqual([
        {
          tier: 'near',
          members: [
            ['01-article.txt', 'first', 0, undefined],
            ['02-exact-copy.txt', 'exact', 0, 0],
            ['03-reformatted.txt', 'exact', 0, 0],
            ['04-edited.txt', 'near', dEdited, undefined],
            ['05-wrapped.html', 'exact', 0, 0],
            ['12-records.jsonl:1#r1', 'near', dRecord, undefined],
            [join('sub', '13-copy.txt'), 'exact', 0, 0],
          ],
        },
        { tier: 'exact', members: [['06-unrelated.txt', 'first', 0, undefined], ['12-records.jsonl:3#r3', 'exact', 0, 0]] },
      ]);
      expect(json.tooShort.map((d) => [rel(d.source), d.tokens])).toEqual([['08-short.txt', 6]]);
      expect(json.summary).toMatchObject({ documents: 11, skipped: 4, tooShort: 1, groups: 2, exactGroups: 1, nearGroups: 1, duplicates: 7 });
    });
  }

  it('reports every bad input on stderr with its path or line, and skips it', async () => {
    const { stderr, json } = await dedupeJson('--threads', '1');
    const lines = stderr.trim().split('\n').map((l) => l.replace(tree.dir + '/', ''));
    expect(lines).toEqual([
      'simhash: 09-binary.bin: binary file (contains NUL bytes), skipped',
      'simhash: 10-empty.txt: empty file, skipped',
      'simhash: 11-latin1.txt: not valid UTF-8 (byte 0xe9 at offset 3; --invalid-utf8 replace reads it anyway), skipped',
      expect.stringMatching(/^simhash: 12-records\.jsonl:2: malformed JSONL line: not JSON \(.+\), skipped$/),
    ]);
    expect(json.skipped.map((s) => rel(s.source))).toEqual(['09-binary.bin', '10-empty.txt', '11-latin1.txt', '12-records.jsonl:2']);
  });

  it('--invalid-utf8 replace reads the Latin-1 file; --hidden and --include change what is walked', async () => {
    const replaced = await dedupeJson('--threads', '1', '--invalid-utf8', 'replace');
    expect(replaced.json.skipped.map((s) => rel(s.source))).not.toContain('11-latin1.txt');
    const hidden = await dedupeJson('--threads', '1', '--hidden');
    expect(hidden.json.groups[0].members.map((m) => rel(m.source))).toContain(join('.hidden', '14-copy.txt'));
    const only = await dedupeJson('--threads', '1', '--include', '0[1-4]-*.txt');
    expect(only.code).toBe(0);
    expect(only.json.groups.map((g) => g.members.map((m) => rel(m.source)))).toEqual([['01-article.txt', '02-exact-copy.txt', '03-reformatted.txt', '04-edited.txt']]);
  });

  it('--html off keeps the markup: the wrapped copy is then no exact copy', async () => {
    const { json } = await dedupeJson('--threads', '1', '--html', 'off');
    const wrapped = json.groups.flatMap((g) => g.members).find((m) => m.source.endsWith('05-wrapped.html'));
    expect(wrapped?.tier).not.toBe('exact');
  });

  it('--min-tokens keeps short documents out of the near tier but groups their exact copies', async () => {
    const { json } = await dedupeJson('--threads', '1', '--min-tokens', '500');
    expect(json.tooShort).toHaveLength(11);
    expect(json.groups.map((g) => g.tier)).toEqual(['exact', 'exact']);
    expect(json.groups[0].members.map((m) => rel(m.source))).toEqual(['01-article.txt', '02-exact-copy.txt', '03-reformatted.txt', '05-wrapped.html', join('sub', '13-copy.txt')]);
  });

  it('--grouping connected joins chains; k = 0 leaves only exact groups', async () => {
    const exactOnly = await dedupeJson('--threads', '1', '-k', '0');
    expect(exactOnly.json.groups.every((g) => g.tier === 'exact')).toBe(true);
    const connected = await dedupeJson('--threads', '1', '--grouping', 'connected');
    expect(connected.json.groups.map((g) => g.members.length)).toEqual([7, 2]);
  });

  it('text output: groups, the too-short list and a summary line; jsonl: one record per line', async () => {
    const text = await runInProcess(['dedupe', '-k', String(K), '--threads', '1', '--exclude', 'node_modules', tree.dir]);
    expect(text.stdout).toMatch(/^group 1: near, 7 documents\n {3}0 {2}\S+01-article\.txt\n {3}0 {2}\S+02-exact-copy\.txt {2}exact copy\n/);
    expect(text.stdout).toMatch(/too short to compare .*: 1 document\n {2}\S+08-short\.txt \(6 tokens\)/);
    expect(text.stdout).toMatch(/\n11 documents, 4 inputs skipped, 1 too short: 2 groups \(1 exact, 1 near\), 7 duplicates at distance <= 12, shingle 3; [\d.]+ s, [\d,]+ documents\/s, [\d.]+ MB\/s \(wasm, 1 thread\)\nverified: 3 of 3 candidate pairs had jaccard >= 0\.5 \(or containment >= 0\.8 with jaccard >= 0\.45\) on word shingles \(shingles in 8 or more of the 6 distinct texts left out as boilerplate\); [\d.]+ s\n$/);
    // --verify off: the summary line is last, with no verification line.
    const off = await runInProcess(['dedupe', '-k', String(K), '--verify', 'off', '--threads', '1', '--exclude', 'node_modules', tree.dir]);
    expect(off.stdout).toMatch(/\n11 documents, 4 inputs skipped, 1 too short: 2 groups \(1 exact, 1 near\), 7 duplicates at distance <= 12, shingle 3; [\d.]+ s.*\)\n$/);
    const jsonl = await runInProcess(['dedupe', '--format', 'jsonl', '-k', String(K), '--threads', '1', '--exclude', 'node_modules', tree.dir]);
    const records = jsonl.stdout.trim().split('\n').map((l) => JSON.parse(l) as { type: string });
    expect(records.map((r) => r.type)).toEqual(['group', 'group', 'tooShort', 'skipped', 'skipped', 'skipped', 'skipped', 'summary']);
  });

  it('reads JSONL from stdin, and the pure engine gives the same groups', async () => {
    const stdin = [ARTICLE, edit(ARTICLE, [5]), OTHER, ARTICLE].map((text, i) => JSON.stringify({ id: i, text })).join('\n');
    const outputs = [];
    for (const engine of ['wasm', 'pure']) {
      const { code, stdout } = await runInProcess(['dedupe', '--jsonl', '--format', 'json', '-k', String(K), '--threads', '1', '--engine', engine, '-'], stdin);
      expect(code).toBe(0);
      outputs.push((JSON.parse(stdout) as JsonOutput).groups);
    }
    expect(outputs[0]).toEqual(outputs[1]);
    expect(outputs[0].map((g) => g.members.map((m) => [m.source, m.id, m.tier]))).toEqual([[['(stdin):1', 0, 'first'], ['(stdin):2', 1, 'near'], ['(stdin):4', 3, 'exact']]]);
  });

  it('bad option values are usage errors (exit 2); a missing input is a skipped input (exit 1, or 5 when nothing is left)', async () => {
    expect((await runInProcess(['dedupe', '-k', '33', tree.dir])).code).toBe(2);
    expect((await runInProcess(['dedupe', '--threads', '0', tree.dir])).code).toBe(2);
    expect((await runInProcess(['dedupe', '--html', 'maybe', tree.dir])).code).toBe(2);
    const missing = await runInProcess(['dedupe', '--threads', '1', join(tree.dir, 'nope.txt'), join(tree.dir, '01-article.txt')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('nope.txt: no such file or directory (ENOENT), skipped');
    const nothing = await runInProcess(['dedupe', '--threads', '1', join(tree.dir, 'nope.txt')]);
    expect(nothing.code).toBe(5);
    expect(nothing.stderr).toMatch(/nope\.txt: no such file or directory \(ENOENT\), skipped\nsimhash: no input documents\n$/);
    expect(nothing.stdout).toBe('');
  });
});
