// `simhash dedupe --keep`, `--keep-max`, `--keep-min`: which member of each group stays. On a corpus of families
// whose members differ in length and score (test/support/keep-corpus.ts): each rule keeps the member it names, in
// the kept corpus, the clusters file, the JSON report and the text; the same at 1, 2 and 3 threads and whatever
// the order of the records within the files; records without a number are reported (capped), rank last, exit 1;
// bad values exit 2 before any input is read. (Shard splits: test/redis/cli-redis.test.ts.)
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lines, runInProcess } from '../support/cli.js';
import { FAMILIES, FLAGGED, keptIn, UNIQUE, writeKeepCorpus } from '../support/keep-corpus.js';
import { scratchDir, type ScratchDir } from '../support/scratch-dir.js';

interface Row { id: string; cluster: number | null; representative: string; distance: number; tier: string; kept: boolean; similarity: number | null }
interface Report {
  settings: { keep: unknown };
  groups: { representative: number; members: { id: string; distance: number; tier: string; similarity?: number }[] }[];
}

const RULES = [
  { args: ['--keep', 'longest'], rule: 'longest' },
  { args: ['--keep', 'shortest'], rule: 'shortest' },
  { args: ['--keep-max', 'meta.score'], rule: 'max' },
  { args: ['--keep-min', 'meta.score'], rule: 'min' },
] as const;

describe('simhash dedupe --keep', () => {
  let scratch: ScratchDir;
  let files: string[];
  let shuffled: string[];
  beforeAll(() => {
    scratch = scratchDir({});
    mkdirSync(scratch.path('a'));
    mkdirSync(scratch.path('b'));
    files = writeKeepCorpus(scratch.path('a'), 1);
    shuffled = writeKeepCorpus(scratch.path('b'), 2); // the same records, in another order within each file
  });
  afterAll(() => scratch?.remove());

  const run = async (args: string[], inputs: string[], threads: number) => {
    const out = scratch.fresh();
    const result = await runInProcess(['dedupe', ...args, '--threads', String(threads), '-q', '--format', 'json', '--clusters', join(out, 'rows.jsonl'), '--output', join(out, 'kept.jsonl'), ...inputs]);
    const rows = readFileSync(join(out, 'rows.jsonl'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Row);
    const kept = readFileSync(join(out, 'kept.jsonl'), 'utf8').trimEnd().split('\n').map((line) => (JSON.parse(line) as { id: string }).id);
    return { ...result, report: JSON.parse(result.stdout) as Report, rows, kept };
  };

  for (const { args, rule } of RULES) {
    it(`${args.join(' ')}: the member it names stays in every family, at 1, 2 and 3 threads and in any order within the files`, async () => {
      const one = await run([...args], files, 1);
      const byField = rule === 'max' || rule === 'min';
      expect(one.code, one.stderr).toBe(byField ? 1 : 0);
      const want = [...Array.from({ length: FAMILIES }, (_, f) => keptIn(f, rule)), ...Array.from({ length: UNIQUE }, (_, u) => `u${u}`)].sort();
      expect([...one.kept].sort()).toEqual(want);
      // The clusters file: every row names its group's representative, the kept one.
      const keptIds = new Set(one.kept);
      for (const row of one.rows) {
        expect(row.kept).toBe(keptIds.has(row.id));
        expect(keptIds.has(row.representative), row.id).toBe(true);
        if (row.kept) expect(row.distance).toBe(0);
      }
      // The kept corpus is in input order: the rows' order, kept ones only.
      expect(one.kept).toEqual(one.rows.filter((r) => r.kept).map((r) => r.id));
      // The JSON report: each group's representative is the member kept, at distance 0 and similarity 1.
      expect(one.report.settings.keep).toEqual(byField ? { [rule]: 'meta.score' } : rule);
      expect(one.report.groups).toHaveLength(FAMILIES);
      for (const group of one.report.groups) {
        const kept = group.members[group.representative];
        expect(keptIds.has(kept.id)).toBe(true);
        expect([kept.distance, kept.similarity]).toEqual([0, 1]);
      }
      for (const threads of [2, 3]) {
        const again = await run([...args], files, threads);
        expect(again.rows, `--threads ${threads}`).toEqual(one.rows);
        expect(again.kept).toEqual(one.kept);
      }
      const reordered = await run([...args], shuffled, 2);
      expect([...reordered.kept].sort()).toEqual(want);
    });
  }

  it('the default keeps each group\'s first, as before; the text output marks a representative that is not the first', async () => {
    const first = await run([], files, 1);
    const explicit = await run(['--keep', 'first'], files, 1);
    expect(explicit.rows).toEqual(first.rows);
    for (const group of first.report.groups) expect(group.representative).toBe(0);
    expect(first.report.settings.keep).toBe('first');
    const text = await runInProcess(['dedupe', '--keep', 'longest', '--threads', '1', '-q', ...files]);
    expect(text.code, text.stderr).toBe(0);
    const group = text.stdout.split('\n\n')[0].split('\n');
    expect(group.filter((line) => line.endsWith(', kept'))).toHaveLength(1);
    expect(group.find((line) => line.endsWith(', kept'))).toMatch(/^ {3}0 {2}\S+part-\d\.jsonl:\d+ \(id "f\d+-long"\) {2}near, kept$/);
    const plain = await runInProcess(['dedupe', '--threads', '1', '-q', ...files]);
    expect(plain.stdout).not.toContain('kept');
  });

  it('--keep-max: a record without a number in the field is reported, 20 lines then a count, and ranks last; exit 1', async () => {
    const result = await runInProcess(['dedupe', '--keep-max', 'meta.score', '--threads', '1', '-q', '--format', 'summary', ...files]);
    expect(result.code).toBe(1);
    // (Half the documents are near-duplicates here, which the run warns about: not what this test is about.)
    const errors = lines(result.stderr).filter((line) => !line.startsWith('simhash: warning: '));
    expect(errors.slice(0, 20).every((line) => /^simhash: .*part-\d\.jsonl:\d+: no number in "meta\.score" to keep by \(got (none|string)\): it ranks last in its group$/.test(line)), errors.join('\n')).toBe(true);
    expect(errors[20]).toBe(`simhash: ${FLAGGED - 20} more records without a number to keep by, not shown (${FLAGGED} in all)`);
    expect(errors).toHaveLength(21);
    // The JSON output lists every one of them, those stderr left out too, and JSONL a line each.
    const json = await runInProcess(['dedupe', '--keep-max', 'meta.score', '--threads', '1', '-q', '--format', 'json', ...files]);
    const flagged = (JSON.parse(json.stdout) as { flagged: { source: string; reason: string }[] }).flagged;
    expect(flagged).toHaveLength(FLAGGED);
    expect(flagged.slice(0, 20).map((f) => `simhash: ${f.source}: ${f.reason}`)).toEqual(errors.slice(0, 20));
    const jsonl = await runInProcess(['dedupe', '--keep-max', 'meta.score', '--threads', '1', '-q', '--format', 'jsonl', ...files]);
    expect(lines(jsonl.stdout).map((line) => JSON.parse(line) as { type: string }).filter((r) => r.type === 'flagged')).toEqual(flagged.map((f) => ({ type: 'flagged', ...f })));
  });

  it('bad values exit 2 before any input is read, with one line naming the option', async () => {
    const missing = scratch.path('no-such-input.jsonl');
    for (const [args, named] of [
      [['--keep', 'biggest'], '--keep'],
      [['--keep-max', 'a..b'], '--keep-max'],
      [['--keep-min', ''], '--keep-min'],
      [['--keep', 'longest', '--keep-max', 'score'], '--keep-max'],
      [['--keep-max', 'score', '--keep-min', 'score'], '--keep-min'],
      [['--collect', '--keep', 'longest'], '--collect'],
    ] as const) {
      const result = await runInProcess(['dedupe', ...args, missing]);
      expect(result.code, args.join(' ')).toBe(2);
      const said = lines(result.stderr).filter((line) => !line.startsWith('(run "simhash help"'));
      expect(said, args.join(' ')).toHaveLength(1);
      expect(said[0]).toContain(named);
      expect(result.stderr).not.toContain('no-such-input');
    }
  });
});
