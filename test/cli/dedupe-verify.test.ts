// `simhash dedupe --verify`: bad values stop the run before any input is read (exit 2, one stderr line naming the
// option); the mailing-list fixture through the command (stdin too, which verification reads twice); the similarity
// column and JSON field; --verify off gives the groups SimHash alone gives.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli.js';
import { mailingList } from '../dedupe/verify-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'simhash-verify-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const list = mailingList();
const input = join(dir, 'list.jsonl');
writeFileSync(input, list.map((m) => JSON.stringify(m)).join('\n') + '\n');

interface Json { settings: { verify: string; verifyThreshold?: number }; groups: { members: { id: string; similarity?: number; tier: string }[] }[]; summary: { verification?: { candidatePairs: number; verifiedPairs: number; boilerplateThreshold: number; textsCounted: number; documentsCompared: number } } }

describe('simhash dedupe --verify', () => {
  it('bad values exit 2 before any input is read, with one line naming the option', async () => {
    const missing = join(dir, 'no-such-input.jsonl');
    for (const [args, named] of [
      [['--verify-threshold', '0'], '--verify-threshold'], [['--verify-threshold', '1.5'], '--verify-threshold'],
      [['--verify-threshold', 'half'], '--verify-threshold'], [['--verify-threshold', '-0.5'], '--verify-threshold'],
      [['--verify', 'cosine'], '--verify'], [['-k', '65'], 'distance'],
    ] as const) {
      const run = await runInProcess(['dedupe', ...args, missing]);
      expect(run.code, args.join(' ')).toBe(2);
      // One line says what is wrong; the next is the hint every usage error ends with.
      const lines = run.stderr.trim().split('\n').filter((line) => !line.startsWith('(run "simhash help"'));
      expect(lines, args.join(' ')).toHaveLength(1);
      expect(run.stderr).toContain(named);
      expect(run.stderr).not.toContain('no-such-input');
    }
    expect((await runInProcess(['dedupe', '--verify-threshold', '1', '-q', input])).code).toBe(0); // 1 is allowed
  });

  it('a temporary directory the sketches cannot be written to: exit 4, one line saying so', async () => {
    const notADirectory = join(dir, 'tmp-is-a-file');
    writeFileSync(notADirectory, '');
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = notADirectory;
    try {
      const run = await runInProcess(['dedupe', '-q', input]);
      expect(run.code).toBe(4);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^simhash: cannot keep the verification's sketches in a temporary file in .*tmp-is-a-file: /);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });

  it('the footer fixture: only the edited message groups, with its similarity in the JSON, the CSV and the text', async () => {
    const clusters = join(dir, 'clusters.csv');
    const run = await runInProcess(['dedupe', '-k', '32', '--format', 'json', '--threads', '1', '-q', '--clusters', clusters, input]);
    expect(run.code, run.stderr).toBe(0);
    const json = JSON.parse(run.stdout) as Json;
    expect(json.settings).toMatchObject({ verify: 'jaccard-or-contained', verifyThreshold: 0.5 });
    expect(json.groups.map((g) => g.members.map((m) => [m.id, m.similarity]))).toEqual([[['msg0', 1], ['msg0-edited', 0.6667]]]);
    const v = json.summary.verification!;
    expect(v.candidatePairs).toBeGreaterThan(100); // at k = 32 nearly every pair of the 41 is a candidate
    expect(v.verifiedPairs).toBe(1);
    expect([v.textsCounted, v.boilerplateThreshold, v.documentsCompared]).toEqual([41, 8, 41]);
    const rows = parse(readFileSync(clusters), { columns: true }) as Record<string, string>[];
    expect(rows.filter((r) => r.similarity !== '').map((r) => [r.id, r.similarity])).toEqual([['msg0', '1'], ['msg0-edited', '0.6667']]);
    const off = JSON.parse((await runInProcess(['dedupe', '-k', '32', '--verify', 'off', '--format', 'json', '-q', input])).stdout) as Json;
    expect(off.settings.verify).toBe('off');
    expect(off.summary.verification).toBeUndefined();
    expect(off.groups[0].members.length).toBeGreaterThan(30); // the footer joins them all
    expect(off.groups[0].members.every((m) => m.similarity === undefined)).toBe(true);
  });

  it('reads stdin twice (spooled) and gives the same groups as from the file', async () => {
    const fromStdin = await runInProcess(['dedupe', '-k', '32', '--format', 'json', '-q', '-'], readFileSync(input));
    expect(fromStdin.code, fromStdin.stderr).toBe(0);
    expect((JSON.parse(fromStdin.stdout) as Json).groups.map((g) => g.members.map((m) => m.id))).toEqual([['msg0', 'msg0-edited']]);
  });

  it('--verify with --collect or --shard is refused; their runs group by distance alone', async () => {
    const run = await runInProcess(['dedupe', '--verify', 'jaccard', '--collect', input]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--verify needs every input on this machine/);
  });
});
