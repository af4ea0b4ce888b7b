// dedupe --report from the command line: from standard input too (read twice: the texts of the sampled groups come
// from the spooled copy), with --report-evaluation, and the errors of its options (exit code 2 when the command
// line is parsed, before any input is read).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/cli.js';
import { article, edit } from '../support/dedupe-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'simhash-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const A = article(21);
const JSONL = [
  { id: 'first', text: A }, { id: 'copy', text: A }, { id: 'edited', text: edit(A, [30]) }, { id: 'other', text: article(22) },
].map((r) => JSON.stringify(r)).join('\n');

function embedded(html: string): { groups: [string, [string, number, string, number][]][]; diffs: [number, string][][]; recommended: number | null; precisionAtK: number | null } {
  return JSON.parse(/<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(html)![1]) as never;
}

describe('simhash dedupe --report', () => {
  it('from standard input: the group, and the edited member\'s diff from the spooled copy', async () => {
    const report = join(dir, 'stdin.html');
    const run = await runInProcess(['dedupe', '-k', '12', '-q', '--report', report, '-'], JSONL);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`report in ${report}`);
    const data = embedded(readFileSync(report, 'utf8'));
    expect(data.groups.length).toBe(1);
    expect(data.groups[0][1].map((m) => m[0])).toEqual(['first', 'copy', 'edited']);
    const edited = data.groups[0][1][2];
    expect(data.diffs[edited[3]].filter((op) => op[0] === 1).map((op) => op[1])).toEqual(['zebra']);
  });

  it('--report-evaluation marks the recommended k and the expected precision at -k', async () => {
    const evaluation = join(dir, 'eval.json');
    writeFileSync(evaluation, JSON.stringify({ recommended: { distance: 9, expectedPrecision: 0.97 }, corpus: { rows: [{ k: 12, expectedPrecision: 0.81, verifiedPrecision: 0.9 }] } }));
    const report = join(dir, 'eval.html');
    const run = await runInProcess(['dedupe', '-k', '12', '-q', '--report', report, '--report-evaluation', evaluation, '-'], JSONL);
    expect(run.code, run.stderr).toBe(0);
    const data = embedded(readFileSync(report, 'utf8'));
    expect([data.recommended, data.precisionAtK]).toEqual([9, 0.9]);
  });

  it('bad values: exit code 2 and one line, nothing written', async () => {
    const notHtml = await runInProcess(['dedupe', '--report', join(dir, 'report.txt'), '-'], JSONL);
    expect(notHtml.code).toBe(2);
    expect(notHtml.stderr).toMatch(/--report must name a \.html file/);
    const notJson = join(dir, 'not.json');
    writeFileSync(notJson, 'k = 3');
    const badEval = await runInProcess(['dedupe', '-q', '--report', join(dir, 'bad.html'), '--report-evaluation', notJson, '-'], JSONL);
    expect(badEval.code).toBe(2);
    expect(badEval.stderr.trim().split('\n')[0]).toBe(`error: option '--report-evaluation <eval.json>' argument '${notJson}' is invalid. ${notJson}: not JSON.`);
    expect(() => readFileSync(join(dir, 'bad.html'))).toThrow();
  });
});
