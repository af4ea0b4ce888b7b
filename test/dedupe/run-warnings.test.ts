// dedupe's warnings that k looks too large: each on a fixture that triggers it alone, none on a sound run, and the
// CLI's stderr lines and JSON field on real files.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Group, Grouping } from '../../packages/corpus/src/grouping/group.js';
import { GIANT_GROUP_MIN, NEAR_SHARE_WARNING, runWarnings } from '../../packages/corpus/src/grouping/warnings.js';
import { runInProcess } from '../support/cli.js';
import { article } from '../support/dedupe-fixture.js';

/** Groups of the given sizes over consecutive documents, near or exact, each member after the first of that tier. */
function grouping(sizes: readonly number[], tier: 'near' | 'exact', tooShort: number[] = []): Grouping {
  let doc = 0;
  const groups: Group[] = sizes.map((size) => ({
    tier,
    members: Array.from({ length: size }, (_, i) => ({ doc: doc++, distance: i === 0 ? 0 : 2, tier: i === 0 ? 'first' as const : tier })),
    representative: 0,
  }));
  return { groups, tooShort };
}

describe('runWarnings', () => {
  it('none for a sound run: few near-duplicates in small groups', () => {
    expect(runWarnings(grouping([2, 3, 2, 4], 'near'), 1000, 3)).toEqual([]);
  });

  it('a large share of the corpus in near groups, alone', () => {
    // 100 groups of 3: 200 near members of 800 compared (25%), no group large.
    const warnings = runWarnings(grouping(new Array(100).fill(3), 'near'), 800, 12);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^25\.0% of the documents compared are near-duplicates at k = 12/);
    // Just under the line: no warning.
    const under = Math.floor(800 * NEAR_SHARE_WARNING / 2) - 1;
    expect(runWarnings(grouping(new Array(under).fill(3), 'near'), 800, 12)).toEqual([]);
  });

  it('one group far bigger than the rest, alone; exact groups and too-short documents do not count', () => {
    const warnings = runWarnings(grouping([40, 2, 2], 'near'), 3000, 9);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^one group holds 40 documents \(1\.3% of those compared\) at k = 9/);
    expect(runWarnings(grouping([40, 2, 2], 'exact'), 3000, 9)).toEqual([]);
    expect(runWarnings(grouping([GIANT_GROUP_MIN], 'near'), 1000, 9)).toHaveLength(1);
    expect(runWarnings(grouping([GIANT_GROUP_MIN - 1], 'near'), 1000, 9)).toEqual([]); // too few to call giant
    expect(runWarnings(grouping([GIANT_GROUP_MIN], 'near'), 10_000, 9)).toEqual([]); // too small a share
  });
});

describe('a group far larger than the rest', () => {
  it('is flagged at 10 times the next largest even when its share is small, and names the group', () => {
    // 25 of 100,000 is 0.025%: under the share, but 12 times the next group.
    const warnings = runWarnings(grouping([2, 25, 2], 'near'), 100_000, 20);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^one group holds 25 documents \(0\.0% of those compared\) at k = 20, 12 times the next largest \(2\); it is group 2:/);
    expect(runWarnings(grouping([25, 3], 'near'), 100_000, 20)).toEqual([]); // 8 times: not far enough
    expect(runWarnings(grouping([GIANT_GROUP_MIN - 1, 1], 'near'), 100_000, 20)).toEqual([]); // too few
    expect(runWarnings(grouping([25], 'near'), 100_000, 20)).toEqual([]); // no rest to compare with
  });
});

describe('simhash dedupe warns on stderr and in JSON', () => {
  const dir = mkdtempSync(join(tmpdir(), 'simhash-warnings-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  for (let i = 0; i < 120; i++) writeFileSync(join(dir, `doc${i}.txt`), article(500 + i, 150));

  it('at k = 32 without verification unrelated articles join up: both warnings; at k = 3, or verified at k = 32: none', async () => {
    const wide = await runInProcess(['dedupe', '-k', '32', '--verify', 'off', '--format', 'json', '--threads', '1', '-q', dir]);
    expect(wide.code, wide.stderr).toBe(0);
    expect(wide.stderr).toMatch(/simhash: warning: \d+\.\d% of the documents compared are near-duplicates at k = 32/);
    expect(wide.stderr).toMatch(/simhash: warning: one group holds \d+ documents/);
    expect((JSON.parse(wide.stdout) as { warnings: string[] }).warnings).toHaveLength(2);
    const narrow = await runInProcess(['dedupe', '-k', '3', '--format', 'json', '--threads', '1', '-q', dir]);
    expect(narrow.stderr).not.toMatch(/warning/);
    expect((JSON.parse(narrow.stdout) as { warnings: string[] }).warnings).toEqual([]);
    // The same k = 32 with verification (the default): every candidate pair of unrelated articles fails the shingle
    // check, so none joins and nothing is warned of.
    const verified = await runInProcess(['dedupe', '-k', '32', '--format', 'json', '--threads', '1', '-q', dir]);
    expect(verified.stderr).not.toMatch(/warning/);
    const json = JSON.parse(verified.stdout) as { warnings: string[]; groups: unknown[]; summary: { verification: { candidatePairs: number; verifiedPairs: number } } };
    expect(json.groups).toEqual([]);
    expect(json.summary.verification.candidatePairs).toBeGreaterThan(100);
    expect(json.summary.verification.verifiedPairs).toBe(0);
  });
});
