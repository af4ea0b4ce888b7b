// The dedupe summary counts in words that agree with the number ("1 document"), and stdin of unknown size starts in
// this thread and moves to the worker pool once it grows (without --threads), with the same groups.
import { afterAll, describe, expect, it } from 'vitest';
import { defaultThreads } from '../../src/pool/fingerprint-pool.js';
import { runInProcess } from '../support/cli.js';
import { scratchDir } from '../support/scratch-dir.js';
import { article } from '../support/dedupe-fixture.js';

const files = scratchDir({ 'one.txt': article(5) });
afterAll(files.remove);

describe('dedupe summary', () => {
  it('says "1 document", not "1 documents"', async () => {
    const result = await runInProcess(['dedupe', files.path('one.txt')]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^1 document, 0 too short: 0 groups \(0 exact, 0 near\), 0 duplicates at distance <= 3/);
  });

  it('stdin: one thread while small, the pool once past 4 MB, the same groups as --threads 1', async () => {
    const texts = Array.from({ length: 6000 }, (_, i) => article(i % 4000, 130)); // about 5 MB, a third of them repeated
    const stdin = texts.map((text, i) => JSON.stringify({ id: i, text })).join('\n');
    const small = await runInProcess(['dedupe', '--format', 'json'], stdin.slice(0, 10_000).replace(/\n[^\n]*$/, ''));
    expect((JSON.parse(small.stdout) as { summary: { threads: number } }).summary.threads).toBe(1);
    const grown = JSON.parse((await runInProcess(['dedupe', '--format', 'json'], stdin)).stdout) as { summary: { threads: number; documents: number }; groups: unknown[] };
    const single = JSON.parse((await runInProcess(['dedupe', '--format', 'json', '--threads', '1'], stdin)).stdout) as { groups: unknown[] };
    expect(grown.summary.documents).toBe(6000);
    expect(grown.summary.threads).toBe(defaultThreads());
    expect(grown.groups).toEqual(single.groups);
  });
});
